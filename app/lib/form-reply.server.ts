import { redirect, replace as replaceRedirect } from "react-router";
import { flashHeader } from "./flash.server";
import type { ToastKind } from "./form-reply";

/**
 * Redirect with a toast that survives it (one-time flash cookie, read by the root loader).
 * `replace`: the redirect replaces the history entry (a delete from a list that comes back to
 * the same list), with React Router's `replace()` instead of a hand-set header.
 */
export async function redirectWithToast(
  url: string,
  kind: ToastKind,
  message: string,
  {
    replace = false,
    headers = {},
    inPage = false,
  }: {
    replace?: boolean;
    headers?: HeadersInit;
    /** The next page shows the message itself, beside what it confirms: no toast over it. */
    inPage?: boolean;
  } = {},
): Promise<Response> {
  const h = new Headers(headers);
  h.append("Set-Cookie", await flashHeader(kind, message, { inPage }));
  return (replace ? replaceRedirect : redirect)(url, { headers: h });
}
