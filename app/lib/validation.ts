import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** First message per field, keyed by the field's path ("name", "items.0"). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    out[key] ??= issue.message;
  }
  return out;
}

/** FormData → plain object of strings (the last value wins; files are ignored). */
export function formToObject(form: {
  entries(): Iterable<[string, FormDataEntryValue]>;
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") out[k] = v;
  return out;
}
