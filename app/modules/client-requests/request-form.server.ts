/** What creating or deciding a client request answers (the forms are checked by requests.schema). */
export type RequestResult =
  { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string> };
