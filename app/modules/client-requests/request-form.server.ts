export type RequestResult =
  { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string> };

/** A text field of the form, "" when absent (the form is checked by hand, field by field). */
export const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};
