import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { decodeBrCode, pixCopiaECola } from "./pix-code";
import { PIX_QR_WIDTH, pixQrDataUrl, pixQrPng, pixQrSvg } from "./pix-qr.server";

// The manual's static example, and a charge as the billing module prints it (longer: the QR grows).
const MANUAL_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR" +
  "5913Fulano de Tal6008BRASILIA62070503***63041D3D";
const CHARGE = pixCopiaECola({
  key: "financeiro.assinaturas@cardapiofacil.com.br",
  name: "Cardápio Fácil Sistemas Ltda",
  city: "São José dos Campos",
  amountCents: 49_700,
  txid: "2026-000123",
  description: "Mensalidade Premium + Taxa de ativação",
});

/** What a phone camera does: find the code in the pixels and read its text. */
function scan(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number) {
  const found = jsQR(new Uint8ClampedArray(rgba), width, height, { inversionAttempts: "dontInvert" });
  if (!found) throw new Error("no QR code found in the image");
  return found;
}

/** The SVG's dark modules (qrcode draws each run of dark modules in a row as an "h" stroke). */
function svgModules(svg: string) {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const d = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? "";
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([Mmh])([^Mmh]+)/g)) {
    const [a, b] = args.split(" ").map(Number);
    if (cmd === "M") [x, y] = [a, b];
    else if (cmd === "m") [x, y] = [x + a, y + b];
    else {
      for (let k = 0; k < a; k++) dark[Math.floor(y)][x + k] = true;
      x += a;
    }
  }
  return { size, dark };
}

/** Paints a module matrix as RGBA pixels, `scale` pixels per module. */
function paint(dark: boolean[][], scale: number) {
  const side = dark.length * scale;
  const rgba = new Uint8ClampedArray(side * side * 4);
  for (let py = 0; py < side; py++)
    for (let px = 0; px < side; px++) {
      const v = dark[Math.floor(py / scale)][Math.floor(px / scale)] ? 0 : 255;
      rgba.set([v, v, v, 255], (py * side + px) * 4);
    }
  return { rgba, side };
}

/**
 * The error correction level written in the symbol's format information (ISO/IEC 18004 §7.9):
 * 15 bits around the top-left finder, XOR-masked with 101010000010010; the first two are the level.
 */
function errorCorrectionLevel(dark: boolean[][], margin: number) {
  const at = (row: number, col: number) => (dark[row + margin][col + margin] ? 1 : 0);
  const cells: [number, number][] = [
    [8, 0], [8, 1], [8, 2], [8, 3], [8, 4], [8, 5], [8, 7], [8, 8],
    [7, 8], [5, 8], [4, 8], [3, 8], [2, 8], [1, 8], [0, 8],
  ]; // prettier-ignore
  const bits =
    cells.map(([r, c]) => at(r, c)).reduce<number>((n, bit) => (n << 1) | bit, 0) ^ 0b101010000010010;
  return (["M", "L", "H", "Q"] as const)[bits >> 13];
}

/** A white border of `modules` modules around the symbol (the quiet zone). */
function quietZone(dark: boolean[][]) {
  let n = 0;
  const clear = (k: number) => dark[k].every((v) => !v) && dark.every((row) => !row[k]);
  while (n < dark.length / 2 && clear(n)) n++;
  return n;
}

describe("pixQrPng", () => {
  it.each([
    ["the manual's example", MANUAL_EXAMPLE, { amountCents: null, txid: "***" }],
    ["a charge with amount, txid and description", CHARGE, { amountCents: 49_700, txid: "2026000123" }],
  ])("decodes back to exactly the code: %s", async (_, code, pays) => {
    const png = PNG.sync.read(await pixQrPng(code));
    expect(png.width).toBe(PIX_QR_WIDTH);
    expect(png.height).toBe(PIX_QR_WIDTH);
    const found = scan(png.data, png.width, png.height);
    expect(found.data).toBe(code);
    // The payer's bank reads the amount and the txid the charge asked for.
    const decoded = decodeBrCode(found.data);
    expect(decoded.ok && decoded.pix).toMatchObject(pays);
  });

  it("leaves white around the symbol, at least 4 modules wide", async () => {
    const png = PNG.sync.read(await pixQrPng(CHARGE));
    const modules = 17 + 4 * scan(png.data, png.width, png.height).version;
    const border = Math.floor((4 * png.width) / (modules + 8)) - 1;
    for (let i = 0; i < png.width; i++)
      for (let j = 0; j < border; j++)
        for (const [x, y] of [
          [i, j],
          [j, i],
          [i, png.height - 1 - j],
          [png.width - 1 - j, i],
        ])
          expect(png.data[(y * png.width + x) * 4], `pixel ${x},${y}`).toBe(255);
  });

  it("takes another width for a bigger print", async () => {
    const png = PNG.sync.read(await pixQrPng(MANUAL_EXAMPLE, 600));
    expect(png.width).toBe(600);
    expect(scan(png.data, png.width, png.height).data).toBe(MANUAL_EXAMPLE);
  });
});

describe("pixQrDataUrl", () => {
  it("is a PNG data URL that decodes back to the code", async () => {
    const url = await pixQrDataUrl(CHARGE);
    expect(url.startsWith("data:image/png;base64,")).toBe(true);
    const png = PNG.sync.read(Buffer.from(url.slice("data:image/png;base64,".length), "base64"));
    expect(scan(png.data, png.width, png.height).data).toBe(CHARGE);
  });
});

describe("pixQrSvg", () => {
  it("draws the same code, scalable and announced as one image", async () => {
    const svg = await pixQrSvg(CHARGE);
    expect(svg).toMatch(
      /^<svg role="img" aria-label="QR Code do PIX" xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox=/,
    );
    expect(svg).not.toMatch(/<svg[^>]* width=/);
    const { dark } = svgModules(svg);
    const { rgba, side } = paint(dark, 6);
    expect(scan(rgba, side, side).data).toBe(CHARGE);
  });

  it("uses error correction level M and a 4-module quiet zone", async () => {
    const { dark } = svgModules(await pixQrSvg(MANUAL_EXAMPLE));
    expect(quietZone(dark)).toBe(4);
    expect(errorCorrectionLevel(dark, 4)).toBe("M");
    // The reader above is right: it tells the other levels apart on the same text.
    for (const level of ["L", "Q", "H"] as const) {
      const other = svgModules(
        await QRCode.toString(MANUAL_EXAMPLE, { type: "svg", errorCorrectionLevel: level }),
      );
      expect(errorCorrectionLevel(other.dark, 4)).toBe(level);
    }
  });
});
