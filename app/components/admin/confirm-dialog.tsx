import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/dialog";

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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
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
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={() => fetcher.submit(fields, { method: "post", action, preventScrollReset })}
    />
  );
}
