import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhone, maskPhoneInput, normalizePhone } from "./phone";
import { whatsappLink } from "./whatsapp";

const ddd = fc.constantFrom("11", "21", "31", "41", "48", "51", "55", "61", "71", "85", "91", "99");
const mobile = fc
  .tuple(ddd, fc.stringMatching(/^9[0-9]{8}$/))
  .filter(([, line]) => !/^(\d)\1+$/.test(line))
  .map(([a, l]) => a + l);
const landline = fc
  .tuple(ddd, fc.stringMatching(/^[2-5][0-9]{7}$/))
  .filter(([, line]) => !/^(\d)\1+$/.test(line))
  .map(([a, l]) => a + l);
const national = fc.oneof(mobile, landline);

/** The ways people type the same number: masks, spaces, +55, 55, a trunk 0. */
function written(d: string, style: number): string {
  const area = d.slice(0, 2);
  const line = d.slice(2);
  const split = line.length - 4;
  switch (style) {
    case 0:
      return d;
    case 1:
      return `(${area}) ${line.slice(0, split)}-${line.slice(split)}`;
    case 2:
      return `+55 ${area} ${line.slice(0, split)}-${line.slice(split)}`;
    case 3:
      return `55${d}`;
    case 4:
      return `0${area} ${line}`;
    default:
      return ` ${area}.${line.slice(0, split)}.${line.slice(split)} `;
  }
}

describe("normalizePhone", () => {
  it("gives the same 10–11 digits however a valid number is written", () => {
    fc.assert(
      fc.property(national, fc.integer({ min: 0, max: 5 }), (d, style) => {
        expect(normalizePhone(written(d, style))).toBe(d);
      }),
    );
  });

  it("is idempotent and its result formats back to the spec's mask", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        const n = normalizePhone(s);
        if (n === null) return;
        expect(normalizePhone(n)).toBe(n);
        expect(formatPhone(n)).toMatch(/^\(\d{2}\) \d{4,5}-\d{4}$/);
      }),
    );
  });

  it("never keeps the country code as if it were the area code (the WhatsApp bug)", () => {
    expect(normalizePhone("+55 11 97654-3210")).toBe("11976543210");
    expect(normalizePhone("55 11 97654-3210")).toBe("11976543210");
    expect(normalizePhone("5511976543210")).toBe("11976543210");
    // DDD 55 (Rio Grande do Sul) is a national number, not a country code.
    expect(normalizePhone("(55) 99123-4567")).toBe("55991234567");
  });

  it("refuses what nobody could answer", () => {
    for (const bad of [
      "(00) 00000-0000",
      "00000000000",
      "(11) 99999-9999",
      "(11) 1111-1111",
      "(10) 98765-4321", // no DDD 10
      "(20) 98765-4321", // no DDD 20
      "(11) 88765-4321", // 11 digits must be a mobile (9…)
      "(11) 0876-4321",
      "119876543",
      "+1 415 555 0100",
      "",
      "abc",
    ]) {
      expect(normalizePhone(bad), bad).toBeNull();
    }
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,9}$|^[0-9]{14,20}$/), (s) => {
        expect(normalizePhone(s)).toBeNull();
      }),
    );
  });
});

describe("formatPhone", () => {
  it("shows stored digits with the mask and leaves anything else as it was", () => {
    expect(formatPhone("11976543210")).toBe("(11) 97654-3210");
    expect(formatPhone("1133334444")).toBe("(11) 3333-4444");
    expect(formatPhone("+55 11 97654-3210")).toBe("(11) 97654-3210");
    expect(formatPhone("")).toBe("");
    expect(formatPhone("123")).toBe("123");
  });
});

describe("maskPhoneInput", () => {
  it("masks national numbers while typing and keeps an international form whole", () => {
    expect(maskPhoneInput("1197654")).toBe("(11) 9765-4");
    expect(maskPhoneInput("11976543210")).toBe("(11) 97654-3210");
    // Before: maskPhone cut "+55 11 97654-3210" to "(55) 11976-5432", another person.
    expect(maskPhoneInput("+55 11 97654-3210")).toBe("+55 (11) 97654-3210");
    expect(maskPhoneInput("5511976543210")).toBe("+55 (11) 97654-3210");
    expect(maskPhoneInput("+5")).toBe("+5");
    expect(normalizePhone(maskPhoneInput("+55 11 97654-3210"))).toBe("11976543210");
  });

  it("never loses a digit of a number normalizePhone accepts", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9 ()-]{0,20}$/), (typed) => {
        const masked = maskPhoneInput(typed);
        const n = normalizePhone(typed);
        if (n && typed.replace(/\D/g, "").length <= 13) expect(normalizePhone(masked)).toBe(n);
      }),
    );
  });
});

describe("whatsapp links from stored digits", () => {
  it("goes to the number that was typed", () => {
    expect(whatsappLink("11976543210")).toBe("https://wa.me/5511976543210");
    expect(whatsappLink(normalizePhone("+55 11 97654-3210") ?? "")).toBe("https://wa.me/5511976543210");
  });
});
