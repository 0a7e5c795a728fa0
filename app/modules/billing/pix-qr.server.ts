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

/** A data: URL of the PNG, for an <img> where inline SVG does not fit (e.g. a printable page). */
export async function pixQrDataUrl(code: string, width = PIX_QR_WIDTH): Promise<string> {
  return QRCode.toDataURL(code, { ...BASE, type: "image/png", width });
}
