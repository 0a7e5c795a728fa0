import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { FieldErrors } from "~/lib/validation";

function focusField(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = Object.keys(errors)[0]?.split(".")[0];
  if (!form || !first) return;
  const el = form.elements.namedItem(first);
  if (el instanceof HTMLElement) el.focus();
}

const fieldOf = (key: string) => key.split(".")[0]!;

/**
 * Feedback from the same zod schema the action uses, at the moments a person expects it: when a
 * field they typed in is left (blur) and on submit, never on the first keystroke (typing in a
 * field with a message clears it). On submit,
 * `check` returns the field errors (or null): with errors the submit is stopped and the first
 * invalid field gets the focus. A new server answer replaces the client's errors (and also moves
 * the focus). Forms wire `onSubmit`, `onChange` and `onBlur` on the <form>.
 */
export function useClientValidation(
  check: (form: HTMLFormElement) => FieldErrors | null,
  serverErrors: FieldErrors | undefined,
) {
  const formRef = useRef<HTMLFormElement>(null);
  // Client errors are tied to the server answer they were computed after.
  const [client, setClient] = useState<{ base: FieldErrors | undefined; errors: FieldErrors } | null>(null);
  // Fields typed in since they were last checked: only these are checked when left.
  const edited = useRef(new Set<string>());
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length) focusField(formRef.current, serverErrors);
  }, [serverErrors]);
  const errors = client && client.base === serverErrors ? client.errors : (serverErrors ?? {});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    edited.current.clear();
    const found = check(event.currentTarget);
    if (found && Object.keys(found).length) {
      event.preventDefault();
      setClient({ base: serverErrors, errors: found });
      focusField(event.currentTarget, found);
    } else {
      setClient(null);
    }
  }
  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as unknown as { name?: string }).name;
    if (!name) return;
    edited.current.add(name);
    // Typing in a field with a message clears it (no new message until the field is left).
    if (Object.keys(errors).some((k) => fieldOf(k) === name))
      setClient({
        base: serverErrors,
        errors: Object.fromEntries(Object.entries(errors).filter(([k]) => fieldOf(k) !== name)),
      });
  }
  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const name = (event.target as unknown as { name?: string }).name;
    if (!name || !edited.current.has(name)) return;
    // Leaving for the submit button: the submit checks everything (and a message appearing
    // between the button's mousedown and click would move it from under the pointer).
    const next = event.relatedTarget;
    if (next instanceof HTMLButtonElement && next.type === "submit" && next.form === event.currentTarget)
      return;
    edited.current.delete(name);
    const found = check(event.currentTarget) ?? {};
    const own = Object.entries(found).filter(([k]) => fieldOf(k) === name);
    if (own.length) setClient({ base: serverErrors, errors: { ...errors, ...Object.fromEntries(own) } });
  }
  return { formRef, errors, onSubmit, onChange, onBlur };
}
