import { DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/format";
import { auditActionLabel, auditChanges, auditEntityLabel } from "~/components/admin/audit/audit-labels";

export interface AuditTableRow {
  id: string;
  at: Date | string;
  actorName: string | null;
  action: string;
  entityType: string;
  entityLabel: string | null;
  changes: Record<string, [unknown, unknown]> | null;
}

/** The audit log: when, who, what, on which record, and the changed fields before → after. */
export function AuditTable({ rows, emptyText }: { rows: AuditTableRow[]; emptyText: string }) {
  return (
    <DataTable
      caption="Registro de auditoria"
      head={
        <>
          <Th>Quando</Th>
          <Th>Quem</Th>
          <Th>Ação</Th>
          <Th>Registro</Th>
          <Th>Alterações (antes → depois)</Th>
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyRow colSpan={5}>{emptyText}</EmptyRow>
      ) : (
        rows.map((r) => {
          const changes = auditChanges(r.changes);
          return (
            <tr key={r.id} className="align-top hover:bg-slate-50">
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(r.at)}</td>
              <td className="px-4 py-3">{r.actorName ?? "Sistema"}</td>
              <td className="px-4 py-3 font-medium text-slate-900">{auditActionLabel(r.action)}</td>
              <td className="px-4 py-3">
                <span className="block text-xs text-slate-600">{auditEntityLabel(r.entityType)}</span>
                <span className="break-all">{r.entityLabel ?? "—"}</span>
              </td>
              <td className="px-4 py-3">
                {changes.length === 0 ? (
                  <span className="text-slate-600">—</span>
                ) : (
                  <ul className="space-y-1">
                    {changes.map((c) => (
                      <li key={c.field} className="break-words">
                        <span className="font-medium">{c.label}:</span> {c.before}{" "}
                        <span aria-hidden="true">→</span>
                        <span className="sr-only">para</span> {c.after}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          );
        })
      )}
    </DataTable>
  );
}
