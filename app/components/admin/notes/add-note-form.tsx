import { useState } from "react";
import { useFetcher } from "react-router";
import { Button, TextAreaField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";

/**
 * The "Nova anotação" form of a client (SPEC §2) and of a lead: posts `intent=add-note` to
 * `action`; the text is cleared once the note was added and kept on an error.
 */
export function AddNoteForm({ action }: { action: string }) {
  const fetcher = useFetcher<FormReply>();
  const busy = fetcher.state !== "idle";
  const [note, setNote] = useState("");
  // Adjusting state on a new answer (not an effect), so the cleared text renders at once.
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok) setNote("");
  }
  useReplyToast(fetcher.data);
  return (
    <fetcher.Form method="post" action={action} noValidate className="space-y-3">
      <input type="hidden" name="intent" value="add-note" />
      <TextAreaField
        label="Nova anotação"
        name="note"
        rows={3}
        maxLength={5000}
        required
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={fetcher.data?.fieldErrors.note}
      />
      <Button type="submit" busy={busy} busyLabel="Adicionando...">
        Adicionar Anotação
      </Button>
    </fetcher.Form>
  );
}
