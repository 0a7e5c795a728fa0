import QRCode from "qrcode";

/**
 * The QR Code of a public address (the restaurant's menu), to print for the tables. Error
 * correction Q (about 25 % of the symbol can be lost): a printed code lives on a table, gets
 * stained and creased, and an address is short enough that the larger symbol stays small.
 * A 4-module quiet zone (ISO/IEC 18004).
 */
const OPTIONS = {
  errorCorrectionLevel: "Q" as const,
  margin: 4,
  color: { dark: "#000000ff", light: "#ffffffff" },
};

/** Pixel width of the PNG: about 10 px per module, sharp when printed at 5 cm. */
export const URL_QR_WIDTH = 480;

/** SVG markup to inline in a page, announced as one image with `label`. */
export async function urlQrSvg(url: string, label: string): Promise<string> {
  const svg = await QRCode.toString(url, { ...OPTIONS, type: "svg" });
  const safe = label.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return svg.replace("<svg ", `<svg role="img" aria-label="${safe}" `);
}

/** PNG bytes (the e-mail's inline image, and the file to download and print). */
export function urlQrPng(url: string, width = URL_QR_WIDTH): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...OPTIONS, type: "png", width });
}

/** A data: URL of the PNG (the "Baixar QR Code" link, which needs no script). */
export function urlQrDataUrl(url: string, width = URL_QR_WIDTH): Promise<string> {
  return QRCode.toDataURL(url, { ...OPTIONS, type: "image/png", width });
}
