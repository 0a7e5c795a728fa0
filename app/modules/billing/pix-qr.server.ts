import QRCode, { type QRCodeRenderersOptions } from "qrcode";

/**
 * The QR image of a BR Code. Error correction M (15 %), the level the Central Bank's manual
 * recommends for PIX: a phone still reads a slightly blurred or creased print, and the code stays
 * small. A 4-module quiet zone, the ISO 18004 minimum, so readers find the code on any background.
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
