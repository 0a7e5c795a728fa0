import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  alphanumericString,
  digitString,
  notRepeated,
  validCnpj,
  validCpf,
} from "../../tests/support/br-arbitraries";
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  DOCUMENT_MESSAGES,
  formatCnpj,
  formatCpf,
  formatCpfCnpj,
  isValidCnpj,
  isValidCpf,
  onlyDocumentChars,
  parseCpfCnpj,
} from "./br-documents";

describe("CPF", () => {
  it("accepts well-known valid CPFs, with or without the mask", () => {
    for (const cpf of ["529.982.247-25", "52998224725", "111.444.777-35", " 111 444 777 35 "]) {
      expect(isValidCpf(cpf), cpf).toBe(true);
    }
  });

  it("refuses a wrong check digit, repeated digits, other lengths and stray characters", () => {
    for (const cpf of [
      "529.982.247-24", // second check digit wrong
      "529.982.247-15", // first check digit wrong
      "111.111.111-11", // passes the arithmetic, never issued
      "000.000.000-00",
      "529.982.247-2", // 10 digits
      "529.982.247-250", // 12 digits
      "529.982.247-2a",
      "529_982_247_25", // only . - / and spaces are separators
      "",
    ]) {
      expect(isValidCpf(cpf), cpf).toBe(false);
    }
  });

  it("computes the check digits the way Receita Federal does", () => {
    expect(cpfCheckDigits("529982247")).toBe("25");
    expect(cpfCheckDigits("111444777")).toBe("35");
    expect(() => cpfCheckDigits("12345678")).toThrow();
  });

  it("any 9-digit base with its computed check digits is valid, with any other pair invalid (property)", () => {
    fc.assert(
      fc.property(digitString(9).filter(notRepeated), digitString(2), (base, pair) => {
        const right = cpfCheckDigits(base);
        expect(isValidCpf(base + right)).toBe(true);
        expect(isValidCpf(base + pair)).toBe(pair === right);
      }),
    );
  });

  it("formats 11 digits and leaves anything else as typed", () => {
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
    expect(formatCpf("529.982.247-25")).toBe("529.982.247-25");
    expect(formatCpf("5299822")).toBe("5299822");
  });
});

describe("CNPJ", () => {
  it("accepts numeric CNPJs (fixtures of the validation-br library)", () => {
    // github.com/klawdyo/validation-br, src/cnpj.test.ts
    for (const cnpj of ["11.222.333/0001-81", "73.797.980/0001-79", "06.946.762/0001-61", "32432147000147"]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
    }
    for (const cnpj of ["53.797.980/0001-79", "36.946.762/0001-61", "11111111111111", "00000000000000"]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(false);
    }
  });

  it("accepts Receita Federal's official alphanumeric example 12.ABC.345/01DE-35, in any case", () => {
    // SERPRO, "Cálculo dos dígitos verificadores do CNPJ alfanumérico" (Receita Federal, IN RFB
    // 2.229/2024): values are ASCII − 48 (A = 17 … E = 21), weights 5,4,3,2,9,8,7,6,5,4,3,2:
    //   1·5 + 2·4 + 17·3 + 18·2 + 19·9 + 3·8 + 4·7 + 5·6 + 0·5 + 1·4 + 20·3 + 21·2 = 459,
    //   459 mod 11 = 8 → first digit 11 − 8 = 3; with it and weights 6..2,9..2 the sum is 424,
    //   424 mod 11 = 6 → second digit 5.
    expect(cnpjCheckDigits("12ABC34501DE")).toBe("35");
    for (const cnpj of ["12.ABC.345/01DE-35", "12ABC34501DE35", "12.abc.345/01de-35", "12abc34501de35"]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
    }
  });

  it("refuses alphanumeric CNPJs with a wrong or non-numeric check digit, or a foreign character", () => {
    for (const cnpj of [
      "12.ABC.345/01DE-36", // second digit wrong
      "12.ABC.345/01DE-45", // first digit wrong
      "12.ABC.345/01DE-3A", // check digits are always numeric
      "12.ABÇ.345/01DE-35",
      "12.AB#.345/01DE-35",
      "12.ABC.345/01DE", // no check digits
      "AAAAAAAAAAAAAA",
    ]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(false);
    }
  });

  it("keeps the numeric CNPJ's arithmetic: a digit is worth itself (ASCII − 48)", () => {
    expect(cnpjCheckDigits("112223330001")).toBe("81");
    expect(cnpjCheckDigits("993609380001")).toBe("80");
  });

  it("any 12-character base with its check digits is valid, with any other pair invalid (property)", () => {
    fc.assert(
      fc.property(alphanumericString(12).filter(notRepeated), digitString(2), (base, pair) => {
        const right = cnpjCheckDigits(base);
        expect(isValidCnpj(base + right)).toBe(true);
        expect(isValidCnpj(formatCnpj(base.toLowerCase() + right))).toBe(true);
        expect(isValidCnpj(base + pair)).toBe(pair === right);
      }),
    );
  });

  it("formats 14 characters, uppercasing letters, and leaves anything else as typed", () => {
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("112223330001")).toBe("112223330001");
  });
});

describe("parseCpfCnpj", () => {
  it("tells CPF from CNPJ by length and returns the stored form", () => {
    expect(parseCpfCnpj("529.982.247-25")).toEqual({ ok: true, kind: "cpf", value: "52998224725" });
    expect(parseCpfCnpj(" 11.222.333/0001-81 ")).toEqual({ ok: true, kind: "cnpj", value: "11222333000181" });
    expect(parseCpfCnpj("12.abc.345/01de-35")).toEqual({ ok: true, kind: "cnpj", value: "12ABC34501DE35" });
  });

  it("says what is wrong, in pt-BR", () => {
    expect(parseCpfCnpj("")).toEqual({ ok: false, message: "Informe o CPF ou CNPJ." });
    expect(parseCpfCnpj("  ")).toEqual({ ok: false, message: DOCUMENT_MESSAGES.required });
    expect(parseCpfCnpj("529.982.247-24")).toEqual({ ok: false, message: "CPF inválido." });
    expect(parseCpfCnpj("12.ABC.345/01DE-36")).toEqual({ ok: false, message: "CNPJ inválido." });
    expect(parseCpfCnpj("1234")).toEqual({
      ok: false,
      message: "CPF ou CNPJ inválido: use 11 dígitos (CPF) ou 14 caracteres (CNPJ).",
    });
    expect(parseCpfCnpj("5299822472a")).toEqual({ ok: false, message: "CPF inválido." });
  });

  it("reads back what it stored and what formatCpfCnpj shows (property)", () => {
    fc.assert(
      fc.property(fc.oneof(validCpf, validCnpj), (value) => {
        const parsed = parseCpfCnpj(formatCpfCnpj(value));
        expect(parsed).toEqual({ ok: true, kind: value.length === 11 ? "cpf" : "cnpj", value });
        expect(parseCpfCnpj(value)).toEqual(parsed);
      }),
    );
  });

  it("removes only the separators people type", () => {
    expect(onlyDocumentChars(" 12.abc.345/01de-35 ")).toBe("12ABC34501DE35");
    expect(onlyDocumentChars("529_982")).toBe("529_982");
  });
});
