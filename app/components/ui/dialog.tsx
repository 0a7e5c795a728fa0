import { X } from "lucide-react";
import { AlertDialog, Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";

/**
 * The one dialog shell of the product. Radix gives the focus handling: focus
 * moves into the dialog and stays there, Escape closes it, and focus returns to the control that
 * opened it. Every modal passes its title and description, so a screen reader announces both.
 * `Dialog` is for forms and details (a click outside closes it); `ConfirmDialog` is for a question
 * with a yes and a no (an alert dialog: only its buttons close it, focus starts on "Cancelar").
 */

const OVERLAY = "fixed inset-0 z-50 bg-slate-900/50";
const CONTENT =
  "fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[92vw] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none";
const WIDTHS = { md: "max-w-md", lg: "max-w-lg" } as const;
const TITLE = "text-lg font-semibold text-slate-900";
const DESCRIPTION = "mt-1 text-sm text-slate-600";
const CANCEL =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const TONES = {
  danger: "bg-red-600 text-white hover:bg-red-700",
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  success: "bg-green-700 text-white hover:bg-green-800",
} as const;
export type DialogTone = keyof typeof TONES;

/** The classes of a dialog's main button, for a submit button inside a form. */
export function actionClass(tone: DialogTone) {
  return `inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${TONES[tone]}`;
}

interface ShellProps {
  /** Controlled when given (e.g. opened by a drop on the board); otherwise the trigger opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (rendered as is, Radix adds the wiring). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Extra classes for the description (e.g. `whitespace-pre-line`). */
  descriptionClassName?: string;
  width?: keyof typeof WIDTHS;
  children?: ReactNode;
}

/** A modal with a title, a description, a "Fechar" button in its corner, and its body. */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  descriptionClassName = "",
  width = "md",
  children,
  closeButton = true,
}: ShellProps & { closeButton?: boolean }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger !== undefined && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={OVERLAY} />
        <RadixDialog.Content className={`${CONTENT} ${WIDTHS[width]}`}>
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className={TITLE}>{title}</RadixDialog.Title>
            {closeButton && (
              <RadixDialog.Close
                aria-label="Fechar"
                className="rounded-lg p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X aria-hidden className="h-5 w-5" />
              </RadixDialog.Close>
            )}
          </div>
          <RadixDialog.Description className={`${DESCRIPTION} ${descriptionClassName}`}>
            {description}
          </RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The row of buttons at the bottom of a dialog. */
export function DialogActions({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`flex flex-wrap justify-end gap-2 ${className}`}>{children}</div>;
}

/** Closes the surrounding `Dialog` without doing anything. */
export function DialogCancel({ children = "Cancelar" }: { children?: ReactNode }) {
  return (
    <RadixDialog.Close type="button" className={CANCEL}>
      {children}
    </RadixDialog.Close>
  );
}

/**
 * A question before something that cannot be taken back: title, description (say the amount and
 * the person when money moves), "Cancelar" and the confirming button.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  descriptionClassName = "",
  width = "md",
  children,
  cancelLabel = "Cancelar",
  confirmLabel,
  tone = "danger",
  onConfirm,
}: ShellProps & {
  cancelLabel?: string;
  confirmLabel: string;
  tone?: DialogTone;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger !== undefined && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY} />
        <AlertDialog.Content className={`${CONTENT} ${WIDTHS[width]}`}>
          <AlertDialog.Title className={TITLE}>{title}</AlertDialog.Title>
          <AlertDialog.Description className={`mt-2 text-sm text-slate-600 ${descriptionClassName}`}>
            {description}
          </AlertDialog.Description>
          {children}
          <DialogActions className="mt-6">
            <AlertDialog.Cancel className={CANCEL}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={actionClass(tone)} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </DialogActions>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
