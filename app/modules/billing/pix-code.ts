/**
 * The static PIX BR Code ("copia e cola"), built and read back.
 *
 * The format is EMV® QRCPS-MPM as the Central Bank profiles it (Manual de Padrões para Iniciação
 * do Pix, static QR section; Manual do BR Code): a flat list of fields written as
 * ID (2 digits) + length (2 digits) + value, some of them templates holding fields of their own,
 * ending with a CRC16-CCITT-FALSE over everything before it (including the "6304" of the CRC field).
 * Lengths count characters; every text here is normalised to printable ASCII first, so characters
 * and bytes are the same thing. See docs/decisions/022-pix-static-br-code.md.
 *
 * Pure and client-safe.
 */

export const PIX_GUI = "br.gov.bcb.pix";
/** BR Code limits for the beneficiary (merchant) name and city. */
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;
/** A static code's txid: up to 25 letters and digits; "***" when there is none. */
export const PIX_TXID_MAX = 25;
export const PIX_NO_TXID = "***";
/** Field 54 holds up to 13 characters ("9999999999.99"). */
export const PIX_MAX_AMOUNT_CENTS = 999_999_999_999;

export type PixCodeInput = {
  /** The key as parsePixKey returns it (CPF/CNPJ without punctuation, +55 phone, lowercase e-mail/EVP). */
  key: string;
  /** Beneficiary name; accents removed and cut at 25 characters. */
  name: string;
  /** Beneficiary city; accents removed and cut at 15 characters. */
  city: string;
  /** Integer cents; 0 leaves the amount for the payer to type (field 54 omitted). */
  amountCents: number;
  /** Letters and digits kept, cut at 25; nothing left gives "***". */
  txid: string;
  /** Shown by some banks to the payer; cut to what fits in the 99 characters of field 26. */
  description?: string;
};

/** Characters that Unicode does not decompose into a letter plus accents. */
const LATIN_EXTRAS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
  ł: "l",
  Ł: "L",
  "–": "-",
  "—": "-",
  "‘": "'",
  "’": "'",
  "“": '"',
  "”": '"',
  º: "o",
  ª: "a",
};

/**
 * A text as the BR Code can carry it: accents removed ("São João" → "Sao Joao"), other
 * non-ASCII characters dropped, runs of spaces made one, trimmed, then cut at `max` characters
 * (and trimmed again, so a cut never leaves a trailing space). Case is kept.
 */
export function pixText(raw: string, max: number): string {
  const ascii = raw
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, (c) => LATIN_EXTRAS[c] ?? (/\s/.test(c) ? " " : ""))
    .replace(/\s+/g, " ")
    .trim();
  return ascii.slice(0, max).trimEnd();
}

/** Letters and digits only, at most 25; "***" (the manual's "no txid") when nothing is left. */
export function pixTxid(raw: string): string {
  const clean = pixText(raw, 1000)
    .replace(/[^0-9A-Za-z]/g, "")
    .slice(0, PIX_TXID_MAX);
  return clean === "" ? PIX_NO_TXID : clean;
}

/**
 * The txid of a charge's code: its number without the hyphen ("2026-000123" → "2026000123").
 * A bank statement or the payer's receipt then shows the same digits the admin searches for in
 * Financeiro.
 */
export function pixTxidFor(chargeNumber: string): string {
  return pixTxid(chargeNumber);
}

/** "1990" cents → "19.90"; integer arithmetic, never a float. */
function formatAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`Campo ${id} do BR Code com mais de 99 caracteres.`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR), 4 uppercase hex. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * The static BR Code of a payment to `key`: what goes in the "copia e cola" box and in the QR.
 * Throws on input a form should have refused (empty key, name or city; negative or fractional
 * cents; a key too long for field 26): a wrong code would send money nowhere.
 */
export function pixCopiaECola(input: PixCodeInput): string {
  const key = input.key.trim();
  const name = pixText(input.name, PIX_NAME_MAX);
  const city = pixText(input.city, PIX_CITY_MAX);
  if (key === "" || !/^[\x21-\x7e]+$/.test(key))
    throw new Error("Chave PIX vazia ou com caracteres inválidos.");
  if (name === "") throw new Error("Informe o nome do beneficiário do PIX.");
  if (city === "") throw new Error("Informe a cidade do beneficiário do PIX.");
  if (
    !Number.isSafeInteger(input.amountCents) ||
    input.amountCents < 0 ||
    input.amountCents > PIX_MAX_AMOUNT_CENTS
  )
    throw new Error("Valor do PIX deve ser um número inteiro de centavos, de 0 a 999999999999.");

  const account = field("00", PIX_GUI) + field("01", key);
  // Field 26 holds at most 99 characters: the description gets what the GUI and the key leave.
  const room = 99 - account.length - 4;
  const description = input.description === undefined ? "" : pixText(input.description, Math.max(0, room));
  const merchantAccount = account + (description ? field("02", description) : "");

  const payload =
    field("00", "01") +
    field("26", merchantAccount) +
    field("52", "0000") +
    field("53", "986") +
    (input.amountCents > 0 ? field("54", formatAmount(input.amountCents)) : "") +
    field("58", "BR") +
    field("59", name) +
    field("60", city) +
    field("62", field("05", pixTxid(input.txid))) +
    "6304";
  return payload + crc16(payload);
}

// ─── Reading a code back ──────────────────────────────────────────────────────────────────────

export type BrCodeField = { id: string; value: string; fields?: BrCodeField[] };

/** The PIX data of a decoded code. */
export type PixCodeData = {
  gui: string;
  key: string | null;
  /** Dynamic codes carry a URL (field 25) instead of a key. */
  url: string | null;
  description: string | null;
  merchantCategoryCode: string;
  currency: string;
  /** null when field 54 is absent (the payer types the amount). */
  amountCents: number | null;
  country: string;
  name: string;
  city: string;
  postalCode: string | null;
  txid: string | null;
  crc: string;
};

export type DecodedBrCode =
  { ok: true; fields: BrCodeField[]; pix: PixCodeData } | { ok: false; message: string };

/** Merchant account templates (26–51), additional data (62) and unreserved templates (80–99). */
const isTemplate = (id: number) => (id >= 26 && id <= 51) || id === 62 || (id >= 80 && id <= 99);

function readFields(text: string, nested: boolean): BrCodeField[] {
  const out: BrCodeField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new Error(`campo malformado na posição ${at + 1}`);
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length)
      throw new Error(`o campo ${id} declara ${length} caracteres e tem ${value.length}`);
    out.push(
      !nested && isTemplate(Number(id)) ? { id, value, fields: readFields(value, true) } : { id, value },
    );
    at += 4 + length;
  }
  return out;
}

const find = (fields: BrCodeField[] | undefined, id: string) => fields?.find((f) => f.id === id);

/** "19.9" or "19.90" → 1990; null when the text is not an amount. */
function parseAmount(text: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

/**
 * Parses a BR Code into its field tree and its PIX data, checking the CRC and the fields every
 * PIX code must have. Refusals say why, in pt-BR. Used by the tests (and to read a pasted code).
 */
export function decodeBrCode(code: string): DecodedBrCode {
  const fail = (why: string): DecodedBrCode => ({ ok: false, message: `BR Code inválido: ${why}.` });
  const text = code.trim();
  if (!/^[\x20-\x7e]+$/.test(text)) return fail("há caracteres fora do ASCII imprimível");
  if (!text.startsWith("000201")) return fail('não começa pelo campo 00 com "01"');
  if (!/6304[0-9A-F]{4}$/i.test(text)) return fail("falta o CRC (campo 63) no fim");
  const crc = text.slice(-4).toUpperCase();
  if (crc16(text.slice(0, -4)) !== crc) return fail("o CRC não confere");

  let fields: BrCodeField[];
  try {
    fields = readFields(text, false);
  } catch (error) {
    return fail((error as Error).message);
  }
  const ids = fields.map((f) => f.id);
  if (new Set(ids).size !== ids.length) return fail("campo repetido");
  if (ids[ids.length - 1] !== "63") return fail("o CRC não é o último campo");

  const account = fields.find((f) => f.fields && find(f.fields, "00")?.value.toLowerCase() === PIX_GUI);
  if (!account) return fail(`nenhum campo com o identificador ${PIX_GUI}`);
  const key = find(account.fields, "01")?.value ?? null;
  const url = find(account.fields, "25")?.value ?? null;
  if (key === null && url === null) return fail("sem chave PIX nem URL");

  const amountText = find(fields, "54")?.value;
  const amountCents = amountText === undefined ? null : parseAmount(amountText);
  if (amountText !== undefined && amountCents === null) return fail(`valor "${amountText}" ilegível`);

  const required: Record<string, string> = {
    "52": "categoria",
    "53": "moeda",
    "58": "país",
    "59": "nome",
    "60": "cidade",
  };
  for (const [id, label] of Object.entries(required))
    if (!find(fields, id)) return fail(`falta o campo ${id} (${label})`);

  return {
    ok: true,
    fields,
    pix: {
      gui: find(account.fields, "00")!.value,
      key,
      url,
      description: find(account.fields, "02")?.value ?? null,
      merchantCategoryCode: find(fields, "52")!.value,
      currency: find(fields, "53")!.value,
      amountCents,
      country: find(fields, "58")!.value,
      name: find(fields, "59")!.value,
      city: find(fields, "60")!.value,
      postalCode: find(fields, "61")?.value ?? null,
      txid: find(find(fields, "62")?.fields, "05")?.value ?? null,
      crc,
    },
  };
}
