import { AlertDialog } from "radix-ui";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useBlocker, useNavigation, type BlockerFunction } from "react-router";

export const UNSAVED_MESSAGES = {
  title: "Sair sem salvar?",
  description: "Você tem alterações que ainda não foram salvas. Se sair agora, elas serão perdidas.",
  stay: "Continuar editando",
  leave: "Sair sem salvar",
} as const;

/**
 * Unsaved changes are not lost silently: once the form was edited, leaving it inside the app
 * (a link, Back) asks first in a pt-BR dialog (React Router's blocker), and closing or reloading
 * the tab gets the browser's own question (`beforeunload`). The form's own submission is let
 * through. Usage: `onChange={markDirty}` (and `markDirty()` for edits that fire no change event),
 * `onSubmit` after the form's own checks, and render `dialog`.
 */
export function useUnsavedChanges() {
  const [dirty, setDirty] = useState(false);
  const submitting = useRef(false);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (submitting.current) return;
      event.preventDefault();
      // Older browsers need a return value to show their question.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  const markDirty = useCallback(() => setDirty(true), []);
  const onSubmit = useCallback((event: FormEvent<HTMLFormElement>) => {
    if (!event.defaultPrevented) submitting.current = true;
  }, []);

  const dialog = (
    <AlertDialog.Root
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{UNSAVED_MESSAGES.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {UNSAVED_MESSAGES.description}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50">
              {UNSAVED_MESSAGES.stay}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
              onClick={() => {
                if (blocker.state === "blocked") blocker.proceed();
              }}
            >
              {UNSAVED_MESSAGES.leave}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
  return { dirty, markDirty, onSubmit, dialog };
}
