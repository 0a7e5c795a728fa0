import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cpfCheckDigits } from "~/lib/br-documents";
import { fieldErrors } from "~/lib/validation";
import { pixKey } from "../../../tests/support/br-arbitraries";
import { formatPixKey, parsePixKey, PIX_KEY_MESSAGES, pixLabels } from "./pix-key";
import { pixSettingsSchema } from "./pix.schema";

describe("parsePixKey: valid keys of each type, as the BR Code carries them", () => {
  it.each([
    // CPF: digits only
    ["529.982.247-25", "cpf", "52998224725"],
    ["52998224725", "cpf", "52998224725"],
    // CNPJ: numeric and the alphanumeric one Receita Federal issues from July 2026
    ["11.222.333/0001-81", "cnpj", "11222333000181"],
    ["11 222 333 0001 81", "cnpj", "11222333000181"],
    ["12.ABC.345/01DE-35", "cnpj", "12ABC34501DE35"],
    ["12abc34501de35", "cnpj", "12ABC34501DE35"],
    // e-mail: lowercase
    ["  Financeiro@Empresa.COM.br ", "email", "financeiro@empresa.com.br"],
    ["joao.silva+pix@exemplo.com", "email", "joao.silva+pix@exemplo.com"],
    // phone: +55DDDNUMBER, a mobile number
    ["+55 (11) 98765-4321", "telefone", "+5511987654321"],
    ["+5521987654321", "telefone", "+5521987654321"],
    ["(11) 98765-4321", "telefone", "+5511987654321"],
    ["55 11 98765-4321", "telefone", "+5511987654321"],
    ["5511987654321", "telefone", "+5511987654321"],
    // random key (EVP): lowercase UUID
    ["123e4567-e12b-12d1-a456-426655440000", "aleatoria", "123e4567-e12b-12d1-a456-426655440000"],
    ["2AE3DB4C-9F04-44DE-9A39-ADCC98A334C2", "aleatoria", "2ae3db4c-9f04-44de-9a39-adcc98a334c2"],
    ["2ae3db4c9f0444de9a39adcc98a334c2", "aleatoria", "2ae3db4c-9f04-44de-9a39-adcc98a334c2"],
  ])("%s → %s %s", (raw, type, key) => {
    expect(parsePixKey(raw)).toEqual({ ok: true, type, key });
  });
});

describe("parsePixKey: invalid keys get a message that says what to fix", () => {
  it.each([
    ["", "Informe a chave PIX."],
    ["   ", "Informe a chave PIX."],
    ["529.982.247-24", "CPF inválido."],
    ["111.111.111-11", "CPF inválido."],
    ["11.222.333/0001-82", "CNPJ inválido."],
    ["12.ABC.345/01DE-36", "CNPJ inválido."],
    ["joao@", "E-mail inválido."],
    ["joao@exemplo", "E-mail inválido."],
    ["joão@exemplo.com", "E-mail inválido."],
    ["jo ao@exemplo.com", "E-mail inválido."],
    [`${"a".repeat(66)}@exemplo.com`, "E-mail inválido."], // 78 characters, the DICT allows 77
    // An 11-digit mobile number that is not a CPF: the DICT only knows phones with +55.
    ["11987654321", "Telefone deve estar no formato +55 com DDD."],
    ["+1 415 555 0100", "Telefone deve estar no formato +55 com DDD."],
    ["+55 (20) 98765-4321", "Telefone deve estar no formato +55 com DDD."], // no DDD 20
    ["+55 11 9876-543", "Telefone deve estar no formato +55 com DDD."],
    ["+55 11 98765-4321 ramal 2", "Telefone deve estar no formato +55 com DDD."],
    ["+55 (11) 3456-7890", PIX_KEY_MESSAGES.mobile], // a landline cannot be a PIX key
    ["123e4567-e12b-12d1-a456-42665544000", PIX_KEY_MESSAGES.random], // one character short
    ["123e4567-e12b-12d1-a456-42665544000g", PIX_KEY_MESSAGES.unknown],
    ["11 222 333 0001 82", PIX_KEY_MESSAGES.cnpj], // a CNPJ typed in groups is not a phone
    ["abc", "Chave PIX inválida: use CPF, CNPJ, e-mail, telefone (+55) ou chave aleatória."],
    ["1234", PIX_KEY_MESSAGES.unknown],
  ])("%j → %s", (raw, message) => {
    expect(parsePixKey(raw)).toEqual({ ok: false, message });
  });

  it("reads a valid CPF as a CPF even when the digits could also dial a phone", () => {
    // 11 bare digits are a CPF first (DICT tells phones apart by their +55).
    const cpf = `119876543${cpfCheckDigits("119876543")}`;
    expect(parsePixKey(cpf)).toEqual({ ok: true, type: "cpf", key: cpf });
    expect(parsePixKey(`+55${cpf}`)).toEqual({ ok: true, type: "telefone", key: `+55${cpf}` });
  });
});

describe("parsePixKey: properties", () => {
  it("parsing a parsed key gives the same key and type (what is stored is read back alike)", () => {
    fc.assert(
      fc.property(pixKey, (raw) => {
        const first = parsePixKey(raw);
        expect(first.ok, raw).toBe(true);
        if (!first.ok) return;
        expect(parsePixKey(first.key)).toEqual(first);
        expect(parsePixKey(formatPixKey(first.type, first.key))).toEqual(first);
        expect(parsePixKey(` ${raw.toUpperCase()} `)).toEqual(first);
      }),
    );
  });

  it("never throws and always answers ok or a known message, whatever is typed", () => {
    const known = new Set<string>(Object.values(PIX_KEY_MESSAGES));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "grapheme" }),
          pixKey.map((k) => k.slice(1)),
        ),
        (raw) => {
          const result = parsePixKey(raw);
          if (!result.ok) expect(known.has(result.message), result.message).toBe(true);
        },
      ),
    );
  });
});

describe("formatPixKey and labels", () => {
  it("shows stored keys the way people read them", () => {
    expect(formatPixKey("cpf", "52998224725")).toBe("529.982.247-25");
    expect(formatPixKey("cnpj", "12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(formatPixKey("telefone", "+5511987654321")).toBe("+55 (11) 98765-4321");
    expect(formatPixKey("email", "a@b.com")).toBe("a@b.com");
    expect(pixLabels).toEqual({
      cpf: "CPF",
      cnpj: "CNPJ",
      email: "E-mail",
      telefone: "Telefone",
      aleatoria: "Chave aleatória",
    });
  });
});

describe("pixSettingsSchema (Settings → Financeiro)", () => {
  const valid = { pixKey: "12.ABC.345/01DE-35", pixName: "Cardápio Fácil Ltda", pixCity: "São Paulo" };

  it("keeps the key as the BR Code carries it, and the name and city as typed (trimmed)", () => {
    expect(
      pixSettingsSchema.parse({ ...valid, pixName: "  Cardápio Fácil Ltda ", pixCity: " São Paulo " }),
    ).toEqual({
      pixKey: "12ABC34501DE35",
      pixName: "Cardápio Fácil Ltda",
      pixCity: "São Paulo",
    });
    expect(pixSettingsSchema.parse({ ...valid, pixKey: "+55 (11) 98765-4321" }).pixKey).toBe(
      "+5511987654321",
    );
  });

  it("accepts exactly 25 and 15 characters, accented letters counting one each", () => {
    const name = "Ação Ção Ção Ção Ção Ção!"; // 25 characters
    const city = "São João do Piá"; // 15 characters
    expect([...name].length).toBe(25);
    expect([...city].length).toBe(15);
    expect(pixSettingsSchema.safeParse({ ...valid, pixName: name, pixCity: city }).success).toBe(true);
    // Pasted decomposed (NFD: "a" + combining tilde), the same city is still 15 characters.
    expect(pixSettingsSchema.safeParse({ ...valid, pixCity: city.normalize("NFD") }).success).toBe(true);
  });

  it("refuses each field with its pt-BR message", () => {
    const errors = (input: Record<string, unknown>) => {
      const result = pixSettingsSchema.safeParse(input);
      expect(result.success).toBe(false);
      return result.success ? {} : fieldErrors(result.error);
    };
    expect(errors({ pixKey: "", pixName: "", pixCity: "" })).toEqual({
      pixKey: "Informe a chave PIX.",
      pixName: "Informe o nome do beneficiário.",
      pixCity: "Informe a cidade.",
    });
    expect(errors({ ...valid, pixKey: "529.982.247-24" })).toEqual({ pixKey: "CPF inválido." });
    expect(errors({ ...valid, pixKey: "11987654321" })).toEqual({
      pixKey: "Telefone deve estar no formato +55 com DDD.",
    });
    expect(errors({ ...valid, pixName: "Cardápio Fácil Sistemas Ltda" })).toEqual({
      pixName: "O nome do beneficiário deve ter no máximo 25 caracteres.",
    });
    expect(errors({ ...valid, pixCity: "São José dos Campos" })).toEqual({
      pixCity: "A cidade deve ter no máximo 15 caracteres.",
    });
    expect(errors({ ...valid, pixName: "😀😀" })).toEqual({
      pixName: "O nome do beneficiário precisa ter letras ou números.",
    });
    expect(errors({ ...valid, pixKey: "x".repeat(5000) })).toEqual({ pixKey: PIX_KEY_MESSAGES.unknown });
    expect(errors({ ...valid, pixCity: "Rio\u0000" })).toEqual({
      pixCity: "O texto contém caracteres inválidos.",
    });
    // A form posted without the fields (formToObject leaves them undefined) reads as empty ones.
    expect(errors({})).toEqual({
      pixKey: "Informe a chave PIX.",
      pixName: "Informe o nome do beneficiário.",
      pixCity: "Informe a cidade.",
    });
  });
});
