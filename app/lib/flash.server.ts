import { createCookie, redirect } from "react-router";
import { baseUrl } from "./env.server";
import { appSecret } from "./secret.server";

export type ToastType = "success" | "error" | "info";
export interface Toast {
  id: string;
  type: ToastType;
  message: string;
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

/** A Set-Cookie value that carries one toast to the next page load (read once by the root loader). */
export async function flashHeader(type: ToastType, message: string): Promise<string> {
  const toast: Toast = { id: crypto.randomUUID(), type, message };
  return flashCookie().serialize(toast);
}

export async function redirectWithToast(
  url: string,
  type: ToastType,
  message: string,
  headers: HeadersInit = {},
): Promise<Response> {
  const h = new Headers(headers);
  h.append("Set-Cookie", await flashHeader(type, message));
  return redirect(url, { headers: h });
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function readFlash(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw = request.headers.get("Cookie");
  if (!raw?.includes("__flash=")) return { toast: null, clear: null };
  const value = (await flashCookie().parse(raw)) as Toast | null;
  const clear = await flashCookie().serialize("", { maxAge: 0 });
  if (!value || typeof value.message !== "string") return { toast: null, clear };
  return { toast: value, clear };
}
