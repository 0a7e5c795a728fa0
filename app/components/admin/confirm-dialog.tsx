import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { useFetcher } from "react-router";

/**
 * A delete (or other destructive) button that asks for confirmation in an accessible dialog, then
 * submits `fields` with POST through a fetcher to `action`.
 */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel = "Excluir",
  fields,
  action,
  triggerClassName,
  triggerContent,
  preventScrollReset,
}: {
  label: string;
  title: string;
  description: string;
  confirmLabel?: string;
  fields: Record<string, string>;
  action?: string;
  triggerClassName?: string;
  triggerContent?: React.ReactNode;
  /** Keep the scroll position when the action answers with a redirect to the same page. */
  preventScrollReset?: boolean;
}) {
  const fetcher = useFetcher();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          disabled={busy}
          className={
            triggerClassName ?? "rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
          }
        >
          {triggerContent ?? "Excluir"}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50">
              Cancelar
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
              onClick={() => fetcher.submit(fields, { method: "post", action, preventScrollReset })}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
