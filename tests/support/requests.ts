import type { AppLoadContext } from "react-router";
import { registerRepresentative, upsertAdmin } from "../../app/modules/auth/users.server";
import { signIn } from "../../app/modules/auth/session.server";
import { readFlash } from "../../app/lib/flash.server";

export const BASE = "http://localhost:3000";

export function context(overrides: Partial<AppLoadContext> = {}): AppLoadContext {
  return {
    nonce: "test-nonce",
    clientIp: `10.0.0.${Math.floor(Math.random() * 250)}`,
    requestId: "t",
    ...overrides,
  };
}

/** A GET Request for a loader, optionally with a session cookie. */
export function get(path: string, cookie?: string): Request {
  return new Request(BASE + path, { headers: cookie ? { cookie } : {} });
}

/** A POST Request with a url-encoded form body, optionally with a session cookie. */
export function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  return new Request(BASE + path, { method: "POST", headers, body: new URLSearchParams(fields) });
}

/** Set-Cookie headers → a Cookie request header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

export async function adminCookie(email = "admin@test.dev", password = "senha-admin-123"): Promise<string> {
  await upsertAdmin({ email, password });
  const { headers } = await signIn(get("/admin/login"), { email, password, role: "admin" });
  return cookieFrom(headers);
}

export async function representativeCookie(
  email: string,
  password = "senha-rep-123",
  name = "Representante Teste",
): Promise<{ cookie: string; representativeId: string; userId: string }> {
  const ids = await registerRepresentative({ name, email, password });
  const { headers } = await signIn(get("/representante/login"), { email, password, role: "representative" });
  return { cookie: cookieFrom(headers), ...ids };
}

/** Reads a thrown or returned Response/data from a loader/action call. */
export async function settle<T>(fn: () => Promise<T>): Promise<{ value?: T; response?: Response }> {
  try {
    const value = await fn();
    if (value instanceof Response) return { response: value };
    return { value };
  } catch (err) {
    if (err instanceof Response) return { response: err };
    throw err;
  }
}

export interface Outcome {
  status: number;
  location: string | null;
  headers: Headers;
  data: unknown;
}

/**
 * Calls a loader/action and normalises what came back, thrown or returned: a Response
 * (redirects), a `data()` result with its status, or plain data (200).
 */
export async function outcome(fn: () => unknown): Promise<Outcome> {
  let value: unknown;
  try {
    value = await fn();
  } catch (err) {
    value = err;
    if (!(err instanceof Response) && !isDataWithInit(err)) throw err;
  }
  if (value instanceof Response) {
    const ct = value.headers.get("content-type") ?? "";
    const body = ct.includes("json")
      ? await value.json()
      : ct.includes("text") || ct.includes("xml")
        ? await value.text()
        : null;
    return {
      status: value.status,
      location: value.headers.get("location"),
      headers: value.headers,
      data: body,
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      location: headers.get("location"),
      headers,
      data: value.data,
    };
  }
  return { status: 200, location: null, headers: new Headers(), data: value };
}

function isDataWithInit(
  v: unknown,
): v is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof v === "object" && v !== null && (v as { type?: string }).type === "DataWithResponseInit";
}

/** The toast a redirect carries in its flash cookie (what the next page shows), or null. */
export async function flashMessage(res: { headers: Headers }): Promise<string | null> {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  const flash = await readFlash(new Request(`${BASE}/`, { headers: { cookie: cookie.split(";")[0] } }));
  return flash.toast?.message ?? null;
}
