import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { AddNoteForm } from "~/components/admin/notes/add-note-form";
import { Card } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/format";
import type { ClientNote } from "~/modules/clients/notes.server";

/** Names each delete button apart (two notes can share the same minute). */
function excerpt(note: string) {
  const flat = note.replace(/\s+/g, " ");
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat;
}

/** SPEC §2 notes of a client (edit mode): add (non-empty after trim), newest first, delete. */
export function NotesSection({ clientId, notes }: { clientId: string; notes: ClientNote[] }) {
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Anotações</h2>
      <AddNoteForm action={`/admin/clients/edit/${clientId}`} />
      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">Nenhuma anotação registrada.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Anotações do cliente">
          {notes.map((n) => (
            <li key={n.id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{n.note}</p>
                <p className="mt-1 text-xs text-slate-500">{formatDateTime(n.createdAt)}</p>
              </div>
              <ConfirmButton
                label={`Excluir anotação de ${formatDateTime(n.createdAt)}: ${excerpt(n.note)}`}
                title="Excluir anotação"
                description="Tem certeza que deseja excluir esta anotação?"
                fields={{ intent: "delete-note", noteId: n.id }}
                action={`/admin/clients/edit/${clientId}`}
                preventScrollReset
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
