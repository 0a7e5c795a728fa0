import { useCallback, useRef, useState } from "react";
import { toast } from "~/lib/form-reply";
import { CONTACT_ENDPOINT, CONTACT_TOASTS } from "~/modules/leads/contact.options";
import type { ContactActionData } from "./contact-form";

/**
 * The contact form's submission with JavaScript: the fields, url-encoded, to the JSON endpoint
 * (CONTACT_ENDPOINT, answered before the router: issue 19 item 4), no reload. `data` is the
 * same reply the route's action gives; an answer that is not one (a network failure, a proxy's
 * error page) reads as the form's failure message, and the fields keep what was typed.
 */
export function useContactPost() {
  const [state, setState] = useState<{ busy: boolean; data?: ContactActionData }>({ busy: false });
  const sending = useRef(false);
  const onSubmit = useCallback(async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setState((s) => ({ ...s, busy: true }));
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string") body.append(name, value);
    }
    let data: ContactActionData;
    try {
      const res = await fetch(CONTACT_ENDPOINT, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      data = (await res.json()) as ContactActionData;
      if (typeof data?.ok !== "boolean") throw new TypeError("not a reply");
    } catch {
      data = { ok: false, fieldErrors: {}, formError: null, toast: toast.error(CONTACT_TOASTS.failure) };
    }
    sending.current = false;
    setState({ busy: false, data });
  }, []);
  return { ...state, onSubmit };
}
