// One money parser for every way a Brazilian admin types reais.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, parseMoneyToCents } from "./format";

const cents = fc.integer({ min: 0, max: 100_000_000_00 });
const reais = (c: number) => Math.floor(c / 100);
const frac = (c: number) => String(c % 100).padStart(2, "0");
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

describe("parseMoneyToCents", () => {
  it("reads the issue's examples", () => {
    expect(parseMoneyToCents("59,90")).toBe(5990);
    expect(parseMoneyToCents("1.234,56")).toBe(123456);
    expect(parseMoneyToCents("79.90")).toBe(7990);
    expect(parseMoneyToCents("1.234")).toBe(123400);
    expect(parseMoneyToCents("1.234.567")).toBe(123456700);
  });

  it("pt-BR with or without thousands dots, and its own display text, give back the same cents", () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(parseMoneyToCents(`${reais(c)},${frac(c)}`)).toBe(c);
        expect(parseMoneyToCents(`${thousands(reais(c))},${frac(c)}`)).toBe(c);
        expect(parseMoneyToCents(formatMoney(c))).toBe(c);
      }),
    );
  });

  it("a dot followed by exactly two final digits is a decimal point; by three, a thousands separator", () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(parseMoneyToCents(`${reais(c)}.${frac(c)}`)).toBe(c);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 99_999_999 }), (n) => {
        expect(parseMoneyToCents(thousands(n))).toBe(n * 100);
      }),
    );
  });

  it("refuses what is not an amount", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string().filter((s) => /[^\d\s.,R$]/.test(s.replace(/^\s*R\$/, ""))),
          fc.integer({ min: 1, max: 10 ** 6 }).map((n) => `-${n}`),
          fc.integer({ min: 0, max: 999 }).map((n) => `${n},${"1".repeat(3)}`),
        ),
        (text) => {
          expect(parseMoneyToCents(text)).toBeNull();
        },
      ),
    );
  });
});
