import { env } from "~/lib/env.server";
import { UPLOAD_BODY_OVERHEAD, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "~/lib/uploads";

/**
 * How much a form may send (docs/security.md, decision 010): every form 64 KB and 100 fields;
 * the blog editor (a post of up to 1 000 000 characters) and the settings (long tracking
 * snippets) MAX_BODY_BYTES (5 MiB) and 300 fields. The same limits are applied twice: from
 * Content-Length before anything is read (the Express request guard), and on the bytes as they
 * stream in (readFormData), which stops reading at the first byte or field over the limit,
 * before any parsing.
 */
export interface BodyLimit {
  maxBytes: number;
  maxFields: number;
  /** The 413's pt-BR message, when the route says better than BODY_TOO_LARGE_MESSAGE what is too big. */
  message?: string;
}

export const FORM_MAX_BYTES = 64 * 1024;
export const FORM_MAX_FIELDS = 100;
export const LARGE_FORM_MAX_FIELDS = 300;

/** The forms that keep the larger limit (their `.data` twins included). */
const LARGE_FORMS = [/^\/admin\/blog\/new$/, /^\/admin\/blog\/edit\/[^/]+$/, /^\/admin\/settings$/];

/**
 * The restaurant's uploads at /cliente/implantacao (decision 041): one file of up to 10 MB per
 * post, with room for the multipart framing and the form's few other fields.
 */
const UPLOAD_FORM = /^\/cliente\/implantacao$/;
export const UPLOAD_LIMIT: BodyLimit = {
  maxBytes: UPLOAD_MAX_BYTES + UPLOAD_BODY_OVERHEAD,
  maxFields: 10,
  message: UPLOAD_TOO_LARGE_MESSAGE,
};

export function bodyLimitFor(pathname: string): BodyLimit {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  if (UPLOAD_FORM.test(path)) return UPLOAD_LIMIT;
  if (LARGE_FORMS.some((re) => re.test(path))) {
    return { maxBytes: env().MAX_BODY_BYTES, maxFields: LARGE_FORM_MAX_FIELDS };
  }
  return { maxBytes: FORM_MAX_BYTES, maxFields: FORM_MAX_FIELDS };
}

export const BODY_TOO_LARGE_TITLE = "Dados grandes demais";
export const BODY_TOO_LARGE_MESSAGE =
  "Os dados enviados passam do limite aceito. Reduza o texto ou a quantidade de campos e tente novamente.";

/**
 * Counts the fields of a form body chunk by chunk, without parsing it: `&` separators of a
 * url-encoded body, `--boundary` delimiters of a multipart one (a delimiter may straddle two
 * chunks, so the tail of the previous chunk is kept). Other types count as one field; the form
 * parser refuses them anyway.
 */
export function fieldCounter(contentType: string | null): (chunk: Uint8Array) => number {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    let started = false;
    return (chunk) => {
      let n = 0;
      if (!started && chunk.length > 0) {
        started = true;
        n = 1;
      }
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 0x26) n++;
      return n;
    };
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? "")?.[1];
  if (type === "multipart/form-data" && boundary) {
    const needle = Buffer.from(`--${boundary}`);
    let tail = Buffer.alloc(0);
    let seen = 0;
    return (chunk) => {
      const buf = Buffer.concat([tail, Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)]);
      let n = 0;
      for (let at = buf.indexOf(needle); at !== -1; at = buf.indexOf(needle, at + needle.length)) n++;
      // What could be the start of a delimiter cut by the chunk's end (too short to hold a whole one).
      tail = Buffer.from(buf.subarray(Math.max(0, buf.length - (needle.length - 1))));
      // The first delimiter opens the first field; every later one opens a field or closes the form.
      const fields = seen === 0 && n > 0 ? n - 1 : n;
      seen += n;
      return fields;
    };
  }
  let once = false;
  return () => (once ? 0 : ((once = true), 1));
}
