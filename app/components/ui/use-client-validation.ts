import { useEffect, useRef, useState, type FormEvent } from "react";
import type { FieldErrors } from "~/lib/validation";

function focusField(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = Object.keys(errors)[0]?.split(".")[0];
  if (!form || !first) return;
  const el = form.elements.namedItem(first);
  if (el instanceof HTMLElement) el.focus();
}

/**
 * Instant feedback from the same zod schema the action uses. On submit, `check` returns the
 * field errors (or null): with errors the submit is stopped and the first invalid field gets the
 * focus. A new server answer replaces the client's errors (and also moves the focus).
 */
export function useClientValidation(
  check: (form: HTMLFormElement) => FieldErrors | null,
  serverErrors: FieldErrors | undefined,
) {
  const formRef = useRef<HTMLFormElement>(null);
  // Client errors are tied to the server answer they were computed after.
  const [client, setClient] = useState<{ base: FieldErrors | undefined; errors: FieldErrors } | null>(null);
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length) focusField(formRef.current, serverErrors);
  }, [serverErrors]);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const errors = check(event.currentTarget);
    if (errors && Object.keys(errors).length) {
      event.preventDefault();
      setClient({ base: serverErrors, errors });
      focusField(event.currentTarget, errors);
    } else {
      setClient(null);
    }
  }
  const errors = client && client.base === serverErrors ? client.errors : (serverErrors ?? {});
  return { formRef, errors, onSubmit };
}
