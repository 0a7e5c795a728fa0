import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useBlocker, useNavigation, type BlockerFunction } from "react-router";
import { ConfirmDialog } from "./dialog";

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
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title={UNSAVED_MESSAGES.title}
      description={UNSAVED_MESSAGES.description}
      cancelLabel={UNSAVED_MESSAGES.stay}
      confirmLabel={UNSAVED_MESSAGES.leave}
      onConfirm={() => {
        if (blocker.state === "blocked") blocker.proceed();
      }}
    />
  );
  return { dirty, markDirty, onSubmit, dialog };
}
