import { createCookie } from "react-router";
import { baseUrl } from "./env.server";
import type { Toast, ToastKind } from "./form-reply";
import { appSecret } from "./secret.server";

/** A toast carried by the flash cookie; the id lets the root show it once. */
export interface FlashToast extends Toast {
  id: string;
  /** The page shows this message itself (the contact form's confirmation): no toast over it. */
  inPage?: boolean;
}

let cookie: ReturnType<typeof createCookie> | undefined;
function flashCookie() {
  cookie ??= createCookie("__flash", {
    httpOnly: true,
    sameSite: "lax",
    // Same rule as the session cookie: Secure whenever the public URL is https.
    secure: baseUrl().startsWith("https://"),
    path: "/",
    maxAge: 60,
    secrets: [appSecret()],
  });
  return cookie;
}

/**
 * A Set-Cookie value that carries one toast to the next page load (read once by the root
 * loader). Redirects use redirectWithToast (form-reply.server.ts).
 */
export async function flashHeader(
  type: ToastKind,
  message: string,
  { inPage = false }: { inPage?: boolean } = {},
): Promise<string> {
  const toast: FlashToast = { id: crypto.randomUUID(), type, message, ...(inPage ? { inPage } : {}) };
  return flashCookie().serialize(toast);
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function readFlash(
  request: Request,
): Promise<{ toast: FlashToast | null; clear: string | null }> {
  const raw = request.headers.get("Cookie");
  if (!raw?.includes("__flash=")) return { toast: null, clear: null };
  const value = (await flashCookie().parse(raw)) as FlashToast | null;
  const clear = await flashCookie().serialize("", { maxAge: 0 });
  if (!value || typeof value.message !== "string") return { toast: null, clear };
  return { toast: value, clear };
}
