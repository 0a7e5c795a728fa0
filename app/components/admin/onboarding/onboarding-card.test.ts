// The onboarding card's deadline, under the label "Prazo": words that agree with the badge.
import { describe, expect, it } from "vitest";
import { daysLeftText } from "./onboarding-card";

describe("onboarding deadline text", () => {
  it("says what is left, that it ends today, or how late it is", () => {
    expect(daysLeftText(5, false)).toBe("5 dias úteis restantes");
    expect(daysLeftText(1, false)).toBe("1 dia útil restante");
    expect(daysLeftText(0, false)).toBe("Termina hoje");
    expect(daysLeftText(-1, true)).toBe("1 dia útil de atraso");
    expect(daysLeftText(-3, true)).toBe("3 dias úteis de atraso");
    expect(daysLeftText(null, false)).toBeNull();
  });

  it("a deadline passed over a weekend is late, never '0 dias'", () => {
    expect(daysLeftText(0, true)).toBe("Prazo vencido");
  });
});
