/**
 * A stored file as a download (decision 041): always an attachment, never rendered by the
 * browser in our origin; the type is the one detected when it was stored, and `nosniff` keeps
 * the browser from guessing another; `sandbox` disables scripts should a browser open it anyway.
 */
export function fileDownload(file: { name: string; mime: string; content: Uint8Array }): Response {
  // An ASCII fallback for old clients, the exact name in RFC 5987/6266 `filename*`.
  const ascii =
    file.name
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\;%]/g, "_") || "arquivo";
  const body = new Uint8Array(file.content.byteLength);
  body.set(file.content);
  return new Response(body, {
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(file.content.byteLength),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cache-Control": "private, no-store",
    },
  });
}

/** A 404 a download route answers for a file that is not there or not the caller's. */
export const fileNotFound = () =>
  new Response("Arquivo não encontrado.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
