import fc from "fast-check";

/** Strings an attacker or a broken client sends: injection, markup, control bytes, sizes, numbers. */
export const HOSTILE_CONSTANTS = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "%00",
  "' OR '1'='1",
  "1; DROP TABLE clients; --",
  "'); select pg_sleep(5); --",
  '"><img src=x onerror=alert(1)>',
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "__proto__",
  "constructor",
  "[]",
  "{}",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "0x10",
  "99999999999999999999999",
  "-0.0000001",
  "\u202eevil",
  "\ud800",
  "😀".repeat(2000),
  "a".repeat(100_000),
  "ç".repeat(5000),
  "x@y",
  "a@b.c",
  "admin@example.com",
] as const;

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_CONSTANTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** A form as pairs, so a field can be repeated (an "array") or missing, plus unknown fields. */
export function hostileForm(fields: readonly string[]): fc.Arbitrary<[string, string][]> {
  const known = fc.constantFrom(...fields);
  const anyKey = fc.oneof(
    known,
    known,
    fc.constantFrom("intent", "id", "__proto__", "role", "admin"),
    fc.string({ maxLength: 20 }),
  );
  return fc.array(fc.tuple(anyKey, hostileString), { maxLength: fields.length + 4 });
}

export type BodyKind = "urlencoded" | "multipart" | "json" | "text";
export const bodyKind: fc.Arbitrary<BodyKind> = fc.oneof(
  { weight: 6, arbitrary: fc.constant("urlencoded" as const) },
  { weight: 2, arbitrary: fc.constant("multipart" as const) },
  { weight: 1, arbitrary: fc.constant("json" as const) },
  { weight: 1, arbitrary: fc.constant("text" as const) },
);

/** Builds the POST as a browser, a script or a broken client would send it. */
export function hostileRequest(
  url: string,
  pairs: [string, string][],
  kind: BodyKind,
  cookie?: string,
): Request {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  let body: BodyInit;
  if (kind === "urlencoded") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(pairs);
  } else if (kind === "multipart") {
    const fd = new FormData();
    for (const [k, v] of pairs) fd.append(k, v);
    body = fd;
  } else if (kind === "json") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(Object.fromEntries(pairs));
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = pairs.map(([k, v]) => `${k}=${v}`).join("&") + "&%E0%A4%A=%ZZ";
  }
  return new Request(url, { method: "POST", headers, body });
}

/** zod's own English defaults: a user must never see one of these. */
export const ENGLISH_DEFAULT =
  /^(Invalid|Too (big|small)|Unrecognized|Expected|Required|String must|Number must)/i;
