import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  atRiskFrom,
  businessDaysBetween,
  isBusinessDay,
  isNationalHoliday,
} from "./business-days";
import { addDays } from "./dates";

describe("business days in São Paulo", () => {
  it("a payment on Wednesday 2026-12-23 is due after Christmas and the weekend", () => {
    // Thu 24 (1), Fri 25 Natal, Sat, Sun, Mon 28 (2), Tue 29 (3), Wed 30 (4), Thu 31 (5).
    expect(addBusinessDays("2026-12-23", 5)).toBe("2026-12-31");
    expect(addBusinessDays("2026-12-23", 3)).toBe("2026-12-29");
    expect(businessDaysBetween("2026-12-23", "2026-12-31")).toBe(5);
  });

  it("counts the national public holidays out, and not Carnaval nor Corpus Christi", () => {
    expect(isNationalHoliday("2026-11-20")).toBe(true); // Consciência Negra
    expect(isBusinessDay("2026-11-20")).toBe(false);
    expect(isBusinessDay("2026-12-25")).toBe(false);
    expect(isBusinessDay("2026-04-03")).toBe(false); // Sexta-Feira Santa
    expect(isBusinessDay("2026-02-17")).toBe(true); // Carnaval: ponto facultativo
    expect(isBusinessDay("2026-06-04")).toBe(true); // Corpus Christi
    expect(isBusinessDay("2026-11-21")).toBe(false); // Saturday
    // Thu 19 + 1 skips Fri 20 (holiday) and the weekend.
    expect(addBusinessDays("2026-11-19", 1)).toBe("2026-11-23");
  });

  it("the same day is 0, the order of the dates gives the sign", () => {
    expect(addBusinessDays("2026-11-21", 0)).toBe("2026-11-21");
    expect(businessDaysBetween("2026-11-23", "2026-11-23")).toBe(0);
    expect(businessDaysBetween("2026-11-27", "2026-11-23")).toBe(-4);
    expect(() => addBusinessDays("2026-11-23", -1)).toThrow(RangeError);
  });

  const day = fc.integer({ min: 0, max: 3 * 366 }).map((n) => addDays("2025-01-01", n));

  it("adding n business days lands on a business day n business days later (property)", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 30 }), (d, n) => {
        const due = addBusinessDays(d, n);
        expect(isBusinessDay(due)).toBe(true);
        expect(businessDaysBetween(d, due)).toBe(n);
        expect(businessDaysBetween(d, addDays(due, -1))).toBe(n - 1);
      }),
    );
  });

  it("counting is additive and antisymmetric (property)", () => {
    fc.assert(
      fc.property(day, day, day, (a, b, c) => {
        expect(businessDaysBetween(a, b) + businessDaysBetween(b, c)).toBe(businessDaysBetween(a, c));
        expect(businessDaysBetween(a, b)).toBe(0 - businessDaysBetween(b, a));
      }),
    );
  });
});

describe("em risco: at most 1 business day left", () => {
  it("starts on the business day before the due date, a weekend in between included", () => {
    // Due Monday 30/11: Friday, Saturday and Sunday have only Monday left.
    expect(atRiskFrom("2026-11-30")).toBe("2026-11-27");
    // Due Tuesday 24/11: from Monday 23 (Friday 20 is Consciência Negra).
    expect(atRiskFrom("2026-11-24")).toBe("2026-11-23");
    // Due Monday 23/11, after the Friday holiday: from Thursday 19.
    expect(atRiskFrom("2026-11-23")).toBe("2026-11-19");
  });
  it("never leaves more than 1 business day from its start, nor 1 or less the day before (any date)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (n) => {
        const due = addBusinessDays(addDays("2026-01-01", n), 1);
        const from = atRiskFrom(due);
        expect(businessDaysBetween(from, due)).toBeLessThanOrEqual(1);
        expect(businessDaysBetween(addDays(from, -1), due)).toBeGreaterThan(1);
      }),
    );
  });
});
