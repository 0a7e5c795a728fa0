import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pixKey } from "../../../tests/support/br-arbitraries";
import {
  crc16,
  decodeBrCode,
  PIX_MAX_AMOUNT_CENTS,
  pixCopiaECola,
  pixText,
  pixTxid,
  pixTxidFor,
  type PixCodeInput,
} from "./pix-code";

/** The payer's side: what a bank app reads from the code (the test fails loudly when it cannot). */
function read(code: string) {
  const decoded = decodeBrCode(code);
  if (!decoded.ok) throw new Error(decoded.message);
  return decoded;
}

describe("pixCopiaECola reproduces published BR Codes byte for byte", () => {
  it("the Central Bank's static example (Manual de Padrões para Iniciação do Pix)", () => {
    // Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix", static QR code example:
    // random key 123e4567-e12b-12d1-a456-426655440000, "Fulano de Tal", BRASILIA, no amount, no txid.
    // The same string is the fixture of ACBr's PIX test suite (ACBrPIXCD, TTestQRCodeEstatico).
    const published =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR" +
      "5913Fulano de Tal6008BRASILIA62070503***63041D3D";
    const code = pixCopiaECola({
      key: "123e4567-e12b-12d1-a456-426655440000",
      name: "Fulano de Tal",
      city: "BRASILIA",
      amountCents: 0,
      txid: "",
    });
    expect(code).toBe(published);
  });

  it("pix-utils' fixture: e-mail key, description, R$ 10,00 and a city with accents", () => {
    // github.com/thalesog/pix-utils (npm "pix-utils"), tests/emvCodes.ts STATIC_TEST_EMV, built in
    // tests/creator.test.ts from merchantCity "SÃO MIGUÉL DO O" and infoAdicional "Pedido 123".
    const published =
      "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR" +
      "5914Thales Ogliari6015SAO MIGUEL DO O62070503***63044367";
    const code = pixCopiaECola({
      key: "thalesog@me.com",
      name: "Thales Ogliari",
      city: "SÃO MIGUÉL DO O",
      amountCents: 1000,
      txid: "",
      description: "Pedido 123",
    });
    expect(code).toBe(published);
  });

  it("pix-utils' fixture without an amount: field 54 is left out, the payer types the value", () => {
    // github.com/thalesog/pix-utils, tests/emvCodes.ts STATIC_TEST_NO_VALUE_ELEMENT_EMV.
    const published =
      "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 1235204000053039865802BR" +
      "5914Thales Ogliari6015SAO MIGUEL DO O62070503***63042C6B";
    const code = pixCopiaECola({
      key: "thalesog@me.com",
      name: "Thales Ogliari",
      city: "SÃO MIGUÉL DO O",
      amountCents: 0,
      txid: "***",
      description: "Pedido 123",
    });
    expect(code).toBe(published);
  });

  it("a payment provider's documented code: e-mail key, R$ 25,00 and a txid", () => {
    // Payzu developer docs, "Pagar um Pix copia e cola" (docs.payzu.com.br/docs/account-hub/pay-copy-and-paste).
    const published =
      "00020126400014br.gov.bcb.pix0118fulano@exemplo.com520400005303986540525.005802BR" +
      "5913FULANO DE TAL6009SAO PAULO62140510PEDIDO482163048572";
    const code = pixCopiaECola({
      key: "fulano@exemplo.com",
      name: "FULANO DE TAL",
      city: "SAO PAULO",
      amountCents: 2500,
      txid: "PEDIDO4821",
    });
    expect(code).toBe(published);
  });
});

describe("crc16", () => {
  it("is CRC-16/CCITT-FALSE: the catalogue's check value and the empty string", () => {
    // reveng CRC catalogue, CRC-16/IBM-3740 (alias CCITT-FALSE): check("123456789") = 0x29B1.
    expect(crc16("123456789")).toBe("29B1");
    expect(crc16("")).toBe("FFFF");
  });

  it("pads to four uppercase hex digits", () => {
    expect(crc16("PIX49")).toBe("0091"); // 0x91: two leading zeros to keep
    expect(crc16("Fulano")).toBe("D8E7"); // upper-case hex, as the manual prints it
  });
});

describe("decodeBrCode", () => {
  it("reads codes made by other generators and banks", () => {
    // PyPI PixPayloadGen's README: CPF key, upper-case GUI, txid VIPSURF.
    const cpf = read(
      "00020126330014BR.GOV.BCB.PIX011197212482404520400005303986540530.005802BR5918Victor Julio Rocha" +
        "6006RECIFE62110507VIPSURF630425A1",
    );
    expect(cpf.pix).toMatchObject({
      key: "97212482404",
      amountCents: 3000,
      txid: "VIPSURF",
      name: "Victor Julio Rocha",
    });

    // A dynamic code issued by Stone (fixture of github.com/klawdyo/validation-br, src/pix-copy-paste.spec.ts).
    const stone = read(
      "00020101021226820014br.gov.bcb.pix2560pix.stone.com.br/pix/v2/b411f5c8-e97f-4a18-af0e-fc66491748d7" +
        "520400005303986540510.005802BR5925DIOGO DA SILVA SANTOS LTD6014RIO DE JANEIRO" +
        "622905251e3afd7926983f8ffe086cdc16304FF60",
    );
    expect(stone.pix).toMatchObject({
      key: null,
      url: "pix.stone.com.br/pix/v2/b411f5c8-e97f-4a18-af0e-fc66491748d7",
      amountCents: 1000,
      city: "RIO DE JANEIRO",
      txid: "1e3afd7926983f8ffe086cdc1",
    });
    expect(stone.fields.map((f) => f.id)).toEqual([
      "00",
      "01",
      "26",
      "52",
      "53",
      "54",
      "58",
      "59",
      "60",
      "62",
      "63",
    ]);
  });

  it("returns the field tree with the templates' own fields", () => {
    const { fields } = read(
      pixCopiaECola({
        key: "fulano@exemplo.com",
        name: "Fulano",
        city: "Recife",
        amountCents: 1,
        txid: "A1",
      }),
    );
    expect(fields.find((f) => f.id === "26")?.fields).toEqual([
      { id: "00", value: "br.gov.bcb.pix" },
      { id: "01", value: "fulano@exemplo.com" },
    ]);
    expect(fields.find((f) => f.id === "54")).toEqual({ id: "54", value: "0.01" });
    expect(fields.find((f) => f.id === "62")?.fields).toEqual([{ id: "05", value: "A1" }]);
  });

  it("refuses a code whose CRC does not match, with the reason in pt-BR", () => {
    // Asaas' docs ("Testar pagamento de QRCodes Pix") print a code whose 25-character txid lost
    // three characters on the page: a bank app refuses it, and so do we.
    const cut =
      "00020126710014br.gov.bcb.pix01362ae3db4c-9f04-44de-9a39-adcc98a334c20209Churrasco520400005303986" +
      "540550.005802BR5913John Doe6009Joinville62290525JHOND00000000465493ASA6304DB5E";
    expect(decodeBrCode(cut)).toEqual({ ok: false, message: "BR Code inválido: o CRC não confere." });

    const good = pixCopiaECola({
      key: "fulano@exemplo.com",
      name: "Fulano",
      city: "Recife",
      amountCents: 990,
      txid: "",
    });
    expect(decodeBrCode(good.replace("9.90", "9.99"))).toEqual({
      ok: false,
      message: "BR Code inválido: o CRC não confere.",
    });
  });

  it("refuses what is not a PIX code even with a right CRC", () => {
    const withCrc = (body: string) => body + "6304" + crc16(body + "6304");
    expect(decodeBrCode("")).toMatchObject({ ok: false });
    expect(decodeBrCode("hello")).toEqual({
      ok: false,
      message: 'BR Code inválido: não começa pelo campo 00 com "01".',
    });
    expect(decodeBrCode(withCrc("000201"))).toEqual({
      ok: false,
      message: "BR Code inválido: nenhum campo com o identificador br.gov.bcb.pix.",
    });
    expect(decodeBrCode(withCrc("00020126190015com.example.pay"))).toEqual({
      ok: false,
      message: "BR Code inválido: nenhum campo com o identificador br.gov.bcb.pix.",
    });
    // A cut field swallows what follows it (here the CRC field) and still comes up short.
    expect(decodeBrCode(withCrc("0002012618001"))).toEqual({
      ok: false,
      message: "BR Code inválido: o campo 26 declara 18 caracteres e tem 11.",
    });
    expect(decodeBrCode(withCrc("00020126220014br.gov.bcb.pix0100"))).toEqual({
      ok: false,
      message: "BR Code inválido: falta o campo 52 (categoria).",
    });
    expect(
      decodeBrCode(withCrc("00020126220014br.gov.bcb.pix0100540412,05204000053039865802BR5901A6001B")),
    ).toEqual({ ok: false, message: 'BR Code inválido: valor "12,0" ilegível.' });
    expect(decodeBrCode(withCrc("0002010002015802BR"))).toEqual({
      ok: false,
      message: "BR Code inválido: campo repetido.",
    });
  });
});

describe("what goes into the code", () => {
  const base: PixCodeInput = {
    key: "fulano@exemplo.com",
    name: "Fulano",
    city: "Recife",
    amountCents: 0,
    txid: "",
  };

  it("strips accents to ASCII, counts lengths in characters and cuts name and city at 25 and 15", () => {
    const code = pixCopiaECola({
      ...base,
      name: "  Pão de Açúcar   Lanchonete e Restaurante  ",
      city: "São João de Meriti",
    });
    // The 25th character is a space: the cut is trimmed, so the field says 24.
    expect(code).toContain("5924Pao de Acucar Lanchonete6015Sao Joao de Mer62");
    expect(read(code).pix).toMatchObject({ name: "Pao de Acucar Lanchonete", city: "Sao Joao de Mer" });
  });

  it("normalises text: accents, ligatures, dashes, other scripts and spaces", () => {
    expect(pixText("Ção — Straße № 1 😀 Øster", 99)).toBe("Cao - Strasse 1 Oster");
    expect(pixText("\tÁgua\u00a0Boa\n", 15)).toBe("Agua Boa");
    expect(pixText("Lanchonete Sabor da Terra", 11)).toBe("Lanchonete");
    expect(pixText("Lanchonete Sabor", 11)).toBe("Lanchonete");
  });

  it("keeps letters and digits of the txid, at most 25, and writes *** when none is left", () => {
    expect(pixTxid("2026-000123")).toBe("2026000123");
    expect(pixTxid("Pedido nº 12/ç")).toBe("Pedidono12c");
    expect(pixTxid("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123")).toBe("ABCDEFGHIJKLMNOPQRSTUVWXY");
    expect(pixTxid("")).toBe("***");
    expect(pixTxid("—/—")).toBe("***");
    expect(read(pixCopiaECola({ ...base, txid: "2026-000123" })).pix.txid).toBe("2026000123");
  });

  it("gives a charge the txid of its number", () => {
    expect(pixTxidFor("2026-000123")).toBe("2026000123");
    expect(pixTxidFor("2027-999999")).toBe("2027999999");
  });

  it("writes the amount with two decimals from integer cents, and no field 54 for zero", () => {
    const amount = (amountCents: number) =>
      read(pixCopiaECola({ ...base, amountCents })).fields.find((f) => f.id === "54");
    expect(amount(1)?.value).toBe("0.01");
    expect(amount(10)?.value).toBe("0.10");
    expect(amount(100)?.value).toBe("1.00");
    expect(amount(19990)?.value).toBe("199.90");
    expect(amount(123456789)?.value).toBe("1234567.89");
    expect(amount(PIX_MAX_AMOUNT_CENTS)?.value).toBe("9999999999.99");
    expect(amount(0)).toBeUndefined();
  });

  it("fits the description in the 99 characters of field 26, dropping it when the key fills it", () => {
    const evp = "123e4567-e12b-12d1-a456-426655440000";
    const long = read(
      pixCopiaECola({ ...base, key: evp, description: "Mensalidade do plano Premium — dezembro de 2026" }),
    );
    const account = long.fields.find((f) => f.id === "26")!;
    expect(account.value.length).toBe(99);
    expect(long.pix.description).toBe("Mensalidade do plano Premium - dezemb");

    const email77 = `${"a".repeat(64)}@exemplos.com`;
    expect(email77.length).toBe(77);
    const full = read(pixCopiaECola({ ...base, key: email77, description: "Mensalidade" }));
    expect(full.fields.find((f) => f.id === "26")!.value.length).toBe(99);
    expect(full.pix.description).toBeNull();
    expect(full.pix.key).toBe(email77);
  });

  it("refuses input a form should have refused instead of printing a code that pays nobody", () => {
    expect(() => pixCopiaECola({ ...base, key: " " })).toThrow("Chave PIX");
    expect(() => pixCopiaECola({ ...base, key: "a b@c.com" })).toThrow("Chave PIX");
    expect(() => pixCopiaECola({ ...base, key: "x".repeat(80) })).toThrow("99 caracteres");
    expect(() => pixCopiaECola({ ...base, name: " 😀 " })).toThrow("nome");
    expect(() => pixCopiaECola({ ...base, city: "" })).toThrow("cidade");
    for (const amountCents of [-1, 0.5, Number.NaN, Infinity, PIX_MAX_AMOUNT_CENTS + 1]) {
      expect(() => pixCopiaECola({ ...base, amountCents }), String(amountCents)).toThrow("centavos");
    }
  });
});

describe("properties", () => {
  const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 });
  const input: fc.Arbitrary<PixCodeInput> = fc.record(
    {
      key: pixKey,
      name: text.filter((s) => pixText(s, 25) !== ""),
      city: text.filter((s) => pixText(s, 15) !== ""),
      amountCents: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 1, max: 100_000_00 }),
        fc.constant(PIX_MAX_AMOUNT_CENTS),
      ),
      txid: fc.string({ maxLength: 40 }),
      description: text,
    },
    { requiredKeys: ["key", "name", "city", "amountCents", "txid"] },
  );

  it("decode(encode(x)) gives back the normalised input", () => {
    fc.assert(
      fc.property(input, (x) => {
        const code = pixCopiaECola(x);
        expect(code).toMatch(/^[\x20-\x7e]+$/);
        const { pix } = read(code);
        expect(pix).toMatchObject({
          gui: "br.gov.bcb.pix",
          key: x.key,
          name: pixText(x.name, 25),
          city: pixText(x.city, 15),
          amountCents: x.amountCents === 0 ? null : x.amountCents,
          txid: pixTxid(x.txid),
          merchantCategoryCode: "0000",
          currency: "986",
          country: "BR",
        });
        if (pix.description !== null)
          expect(pixText(x.description ?? "", 99).startsWith(pix.description)).toBe(true);
      }),
    );
  });

  it("any change of one character before the CRC changes the CRC, so the code is refused", () => {
    fc.assert(
      fc.property(input, fc.nat(), fc.integer({ min: 0x20, max: 0x7e }), (x, where, char) => {
        const code = pixCopiaECola(x);
        const at = where % (code.length - 4);
        fc.pre(code.charCodeAt(at) !== char);
        const changed = code.slice(0, at) + String.fromCharCode(char) + code.slice(at + 1);
        expect(crc16(changed.slice(0, -4))).not.toBe(code.slice(-4));
        expect(decodeBrCode(changed).ok).toBe(false);
      }),
    );
  });
});
