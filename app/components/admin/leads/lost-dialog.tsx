import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { actionClass, Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { LOST_MESSAGES, MOVE_LABELS, type Stage } from "~/modules/leads/leads.schema";

export interface LostSettings {
  lostReasons: string[];
  lostReasonRequired: boolean;
}

/**
 * "Marcar como perdido" asks why. The reason is optional unless Settings → Funil
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
    <Dialog
      open={open}
      onOpenChange={(v) => {
        setOpen(v);
        setError(null);
        if (v) setReason("");
      }}
      trigger={
        triggerClassName !== undefined ? (
          <button type="button" disabled={busy} className={triggerClassName}>
            {MOVE_LABELS.perdido}
          </button>
        ) : undefined
      }
      title="Marcar como perdido"
      description={
        <>
          Por que {lead.name} foi perdido?{" "}
          {settings.lostReasonRequired ? "O motivo é obrigatório." : "O motivo é opcional."}
        </>
      }
    >
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
        <DialogActions>
          <DialogCancel />
          <button type="submit" disabled={busy} className={actionClass("danger")}>
            Confirmar perda
          </button>
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}
