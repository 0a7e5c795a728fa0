import type { IncomingMessage } from "node:http";
import type { z } from "zod";
import { replyError, replyInvalid } from "~/lib/form-reply";
import { fieldErrors, formToObject, type FieldErrors } from "~/lib/validation";
import { BODY_TOO_LARGE_MESSAGE, bodyLimitFor, fieldCounter, type BodyLimit } from "./body-limit.server";

export const BAD_FORM_MESSAGE =
  "Não foi possível ler os dados enviados. Recarregue a página e tente novamente.";
export const INVALID_CHARACTERS_MESSAGE = "Os dados enviados contêm caracteres inválidos.";

const refuse = (message: string) => replyError(message, { status: 400 });
const tooLarge = (message = BODY_TOO_LARGE_MESSAGE) => replyError(message, { status: 413 });

/**
 * After a refusal the rest of the body is thrown away as it arrives (never kept, never parsed),
 * up to `budget` bytes: cancelling the stream would destroy the connection before the 413 is
 * written. A body that keeps coming past the budget is cancelled.
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number) {
  void (async () => {
    let left = budget;
    for (;;) {
      const next = await reader.read();
      if (next.done) return;
      left -= next.value.byteLength;
      if (left < 0) return void (await reader.cancel());
    }
  })().catch(() => {});
}

/**
 * The body's bytes, read chunk by chunk: reading stops (and the rest is never read) at the first
 * byte over `limit.maxBytes` or the first field over `limit.maxFields`, so an oversize body costs
 * no parsing and no more memory than the limit. Throws the 413 (or a 400 for an unreadable body)
 * as a reply. Also read by the payment provider's webhook, whose JSON may arrive chunked.
 */
export async function readBounded(request: Request, limit: BodyLimit): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit.maxBytes) throw tooLarge(limit.message);
  if (!request.body) return Buffer.alloc(0);
  const count = fieldCounter(request.headers.get("content-type"));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let fields = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      throw refuse(BAD_FORM_MESSAGE);
    }
    if (next.done) break;
    bytes += next.value.byteLength;
    fields += count(next.value);
    if (bytes > limit.maxBytes || fields > limit.maxFields) {
      discardRest(reader, limit.maxBytes);
      throw tooLarge(limit.message);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * The action's form data, within the route's body limit (body-limit.server: 413 with a pt-BR
 * message above it), or a 400 with a pt-BR message when the body is not a form (a JSON or
 * garbled body from a script would otherwise throw inside the action and answer 500), or when a
 * field carries a NUL character: no form can type one, and PostgreSQL refuses it in text
 * columns, so it would otherwise surface as a 500 from whichever insert meets it first.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const body = await readBounded(request, bodyLimitFor(new URL(request.url).pathname));
  let form: FormData;
  try {
    const type = request.headers.get("content-type");
    form = await new Response(body, { headers: type ? { "content-type": type } : {} }).formData();
  } catch {
    throw refuse(BAD_FORM_MESSAGE);
  }
  refuseNul(form);
  return form;
}

/** A form's text fields by name (the last value wins; files are left out). */
export type FormFields = Record<string, string>;

type InvalidReply = ReturnType<typeof replyInvalid<never, object>>;

/** A checked form: its data, or the reply that refuses it (the action returns it as is). */
export type CheckedForm<T, R = InvalidReply, I = FormFields> =
  { ok: true; data: T; fields: I } | { ok: false; reply: R; fields: I };

/**
 * The one way an action reads its form: the bounded body (readFormData's 400/413 replies are
 * thrown), its text fields, checked by the schema. A refusal is `replyInvalid` with the first
 * pt-BR message of each field (400), or what `refuse` makes of those messages when the page
 * wants more in it (what was typed, a toast, the intent, another status):
 *
 *   const form = await parseForm(request, Schema);
 *   if (!form.ok) return form.reply;
 */
export async function parseForm<S extends z.ZodType, R = InvalidReply>(
  request: Request,
  schema: S,
  refuse?: (errors: FieldErrors, fields: FormFields) => R,
): Promise<CheckedForm<z.output<S>, R>> {
  return checkForm(await readForm(request), schema, refuse);
}

/**
 * parseForm in two steps, for an action whose schema depends on the form (an `intent` field
 * choosing between several) or that checks a trimmed copy of the fields: read once, then check.
 */
export async function readForm(request: Request): Promise<FormFields> {
  return formToObject(await readFormData(request));
}

/**
 * readForm for a form with groups of checkboxes (several values under one name): the text
 * fields, and every value of each field named in `lists`.
 */
export async function readFormLists<L extends string>(
  request: Request,
  lists: readonly L[],
): Promise<{ fields: FormFields; lists: Record<L, string[]> }> {
  const form = await readFormData(request);
  const all = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  return {
    fields: formToObject(form),
    lists: Object.fromEntries(lists.map((name) => [name, all(name)])) as Record<L, string[]>,
  };
}

/** The second step: the schema's data, or the refusal (see parseForm). */
export function checkForm<S extends z.ZodType, I extends object = FormFields, R = InvalidReply>(
  input: I,
  schema: S,
  refuse?: (errors: FieldErrors, input: I) => R,
): CheckedForm<z.output<S>, R, I> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data, fields: input };
  const errors = fieldErrors(parsed.error);
  const reply = refuse ? refuse(errors, input) : (replyInvalid(errors) as R);
  return { ok: false, reply, fields: input };
}

/** No form can type a NUL, and PostgreSQL refuses it in text columns (see readFormData). */
function refuseNul(form: Iterable<[string, FormDataEntryValue]>) {
  for (const [key, value] of form) {
    if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      throw refuse(INVALID_CHARACTERS_MESSAGE);
    }
  }
}

export const URLENCODED = "application/x-www-form-urlencoded";

/**
 * readFormData for a handler that answers before React Router (the contact endpoint): an
 * url-encoded body read from the Node request with the same limits, refusals and messages.
 * Past a limit the rest is ignored as it arrives (never kept); the caller closes the connection.
 */
export function readUrlEncodedBody(req: IncomingMessage, limit: BodyLimit): Promise<URLSearchParams> {
  const declared = Number(req.headers["content-length"] ?? "");
  if (Number.isFinite(declared) && declared > limit.maxBytes) return Promise.reject(tooLarge());
  const count = fieldCounter(URLENCODED);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let fields = 0;
    let settled = false;
    const fail = (reply: unknown) => {
      settled = true;
      chunks.length = 0;
      reject(reply);
    };
    req.on("data", (chunk: Buffer) => {
      if (settled) return;
      bytes += chunk.byteLength;
      fields += count(chunk);
      if (bytes > limit.maxBytes || fields > limit.maxFields) return fail(tooLarge());
      chunks.push(chunk);
    });
    req.on("error", () => settled || fail(refuse(BAD_FORM_MESSAGE)));
    req.on("aborted", () => settled || fail(refuse(BAD_FORM_MESSAGE)));
    req.on("end", () => {
      if (settled) return;
      settled = true;
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      try {
        refuseNul(form);
      } catch (reply) {
        return reject(reply);
      }
      resolve(form);
    });
  });
}

/**
 * A form that carries a file (multipart, posted without JavaScript too), read within the route's
 * body limit: past it, reading stops at once and nothing is parsed (readBounded), so a request
 * never holds more than the limit. The refusals come back as values with their pt-BR message
 * and status, for the page to show next to the form.
 */
export async function readFileForm(
  request: Request,
): Promise<
  | { ok: true; fields: FormFields; files: Record<string, File[]> }
  | { ok: false; status: number; message: string }
> {
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (thrown) {
    const refusal = thrown as { data?: { formError?: string | null }; init?: { status?: number } | null };
    if (refusal?.data && typeof refusal.data.formError === "string")
      return { ok: false, status: refusal.init?.status ?? 400, message: refusal.data.formError };
    throw thrown;
  }
  const files: Record<string, File[]> = {};
  for (const [name, value] of form) if (typeof value !== "string") (files[name] ??= []).push(value);
  return { ok: true, fields: formToObject(form), files };
}
