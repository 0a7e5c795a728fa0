import type { UploadMime } from "./client-steps.constants";

/**
 * The type of an uploaded file, read from its first bytes (decision 041), never from its name or
 * the browser's Content-Type: a `.pdf` that is an executable, or a PNG renamed `.pdf`, is what
 * its bytes say. Only the four types the menu needs are recognised; anything else is null.
 *
 * - PDF: `%PDF-` (ISO 32000-1 §7.5.2; readers accept it within the first 1024 bytes, we ask for
 *   it at the start, as every PDF writer puts it).
 * - PNG: the 8-byte signature 89 50 4E 47 0D 0A 1A 0A (RFC 2083 §3.1).
 * - JPEG: FF D8 FF (SOI followed by a marker).
 * - WebP: `RIFF`, a 4-byte size, `WEBP` (RIFF container, RFC 9649 §2).
 */
export function detectFileType(bytes: Uint8Array): UploadMime | null {
  const starts = (sig: readonly number[], at = 0) =>
    bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** The extension a download is named with, from the detected type. */
export const MIME_EXTENSIONS: Record<UploadMime, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/** The types a name's extension claims. */
const EXTENSION_MIMES: Record<string, UploadMime> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

/**
 * A name whose extension says another type than the bytes (a PNG renamed `.pdf`, an image saved
 * as `.exe`) is refused rather than stored under a misleading name: the extension, or null when
 * it agrees (or the name has none, as a phone's camera may send).
 */
export function mismatchedExtension(name: string, mime: UploadMime): string | null {
  const ext = /\.([^.\s]{1,10})$/.exec(name)?.[1]?.toLowerCase();
  if (!ext) return null;
  return EXTENSION_MIMES[ext] === mime ? null : ext;
}
