import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { TextAreaField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { LOST_MESSAGES, MOVE_LABELS, type Stage } from "~/modules/leads/leads.schema";

export interface LostSettings {
  lostReasons: string[];
  lostReasonRequired: boolean;
}

/**
 * "Marcar como perdido" asks why (issue #15). The reason is optional unless Settings → Funil
 * requires it, so just confirming keeps the spec's one-click move. The server checks again.
 */
export function LostDialog({
  lead,
  from,
  settings,
  triggerClassName,
  open: openProp,
  onOpenChange,
}: {
  lead: { id: string; name: string };
  from: Stage;
  settings: LostSettings;
  /** Without it (a drop on the board opens the dialog), no trigger button is rendered. */
  triggerClassName?: string;
  /** Controlled by the board after a drop. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const controlled = openProp !== undefined;
  const [innerOpen, setInnerOpen] = useState(false);
  const open = controlled ? openProp : innerOpen;
  const setOpen = (v: boolean) => {
    if (!controlled) setInnerOpen(v);
    onOpenChange?.(v);
  };
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data && !controlled) setInnerOpen(false);
  }
  // Controlled: the board closes (and unmounts) it once the server has answered.
  useEffect(() => {
    if (controlled && fetcher.data) onOpenChange?.(false);
  }, [controlled, fetcher.data, onOpenChange]);
  const groupId = useId();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(v) => {
        setOpen(v);
        setError(null);
        if (v) setReason("");
      }}
    >
      {triggerClassName !== undefined && (
        <Dialog.Trigger asChild>
          <button type="button" disabled={busy} className={triggerClassName}>
            {MOVE_LABELS.perdido}
          </button>
        </Dialog.Trigger>
      )}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between">
            <Dialog.Title className="text-lg font-semibold">Marcar como perdido</Dialog.Title>
            <Dialog.Close aria-label="Fechar" className="rounded p-1 text-slate-500 hover:bg-slate-100">
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Por que {lead.name} foi perdido?{" "}
            {settings.lostReasonRequired ? "O motivo é obrigatório." : "O motivo é opcional."}
          </Dialog.Description>
          <fetcher.Form
            method="post"
            action="/admin/leads"
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              if (settings.lostReasonRequired && !reason) {
                e.preventDefault();
                setError(LOST_MESSAGES.reasonRequired);
              }
            }}
          >
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={lead.id} />
            <input type="hidden" name="from" value={from} />
            <input type="hidden" name="to" value="perdido" />
            <fieldset aria-describedby={error ? `${groupId}-error` : undefined}>
              <legend className="text-sm font-medium text-slate-700">Motivo da perda</legend>
              <div className="mt-2 grid gap-1.5">
                {settings.lostReasons.map((r) => (
                  <label key={r} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="radio"
                      name="lostReason"
                      value={r}
                      checked={reason === r}
                      onChange={() => {
                        setReason(r);
                        setError(null);
                      }}
                    />
                    {r}
                  </label>
                ))}
              </div>
              {error && (
                <p id={`${groupId}-error`} className="mt-1 text-sm text-red-600">
                  {error}
                </p>
              )}
            </fieldset>
            <TextAreaField label="Detalhes (opcional)" name="lostNote" rows={2} maxLength={500} />
            <div className="flex justify-end gap-2">
              <Dialog.Close className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50">
                Cancelar
              </Dialog.Close>
              <button
                type="submit"
                disabled={busy}
                className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60"
              >
                Confirmar perda
              </button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
