import QRCode, { type QRCodeRenderersOptions } from "qrcode";

/**
 * The QR image of a BR Code. Error correction M (about 15 % of the symbol can be lost): a phone
 * still reads a slightly blurred, creased or badly lit code, while the symbol stays small enough for
 * an e-mail (H would make a typical charge's code two versions bigger for no gain on a screen).
 * A 4-module quiet zone, the ISO/IEC 18004 minimum, so readers find the code on any background.
 * The code is printable ASCII, so qrcode packs it in byte mode exactly as pasted.
 */
const BASE: QRCodeRenderersOptions & { errorCorrectionLevel: "M" } = {
  errorCorrectionLevel: "M",
  margin: 4,
  color: { dark: "#000000ff", light: "#ffffffff" },
};

/** Pixel width of the PNG and of the data URL (about 7 px per module for a typical code). */
export const PIX_QR_WIDTH = 320;

/**
 * SVG markup to inline in a page: scales with its box (viewBox, no fixed size) and is announced as
 * one image ("QR Code do PIX") instead of a path nobody can read.
 */
export async function pixQrSvg(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { ...BASE, type: "svg" });
  return svg.replace("<svg ", '<svg role="img" aria-label="QR Code do PIX" ');
}

/** PNG bytes, for the e-mail's inline image (CID): many mail clients block data URIs. */
export async function pixQrPng(code: string, width = PIX_QR_WIDTH): Promise<Buffer> {
  return QRCode.toBuffer(code, { ...BASE, type: "png", width });
}

/**
 * Data URLs already drawn, by width and code. Drawing one PNG costs about 10 ms of CPU, and
 * Financeiro and the client page show one per open charge on every view, while a charge's code
 * changes only with its amount or the PIX settings (a new code is a new key). The oldest entry
 * goes first past DRAWN_MAX (about 5 KB each).
 */
const drawn = new Map<string, Promise<string>>();
const DRAWN_MAX = 500;

/** A data: URL of the PNG, for an <img> where inline SVG does not fit (e.g. a printable page). */
export function pixQrDataUrl(code: string, width = PIX_QR_WIDTH): Promise<string> {
  const key = `${width}:${code}`;
  let url = drawn.get(key);
  if (url) {
    // Used again: moved to the end, the last to go.
    drawn.delete(key);
  } else {
    url = QRCode.toDataURL(code, { ...BASE, type: "image/png", width });
    url.catch(() => drawn.delete(key));
  }
  drawn.set(key, url);
  if (drawn.size > DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
  return url;
}
