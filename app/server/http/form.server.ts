import type { IncomingMessage } from "node:http";
import { replyError } from "~/lib/form-reply";
import { BODY_TOO_LARGE_MESSAGE, bodyLimitFor, fieldCounter, type BodyLimit } from "./body-limit.server";

export const BAD_FORM_MESSAGE =
  "Não foi possível ler os dados enviados. Recarregue a página e tente novamente.";
export const INVALID_CHARACTERS_MESSAGE = "Os dados enviados contêm caracteres inválidos.";

const refuse = (message: string) => replyError(message, { status: 400 });
const tooLarge = () => replyError(BODY_TOO_LARGE_MESSAGE, { status: 413 });

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
  if (Number.isFinite(declared) && declared > limit.maxBytes) throw tooLarge();
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
      throw tooLarge();
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
