import { describe, expect, it } from "vitest";
import { commissionForPlan, totalCommission } from "./commission";

describe("commission rule (SPEC §9)", () => {
  it("pays R$ 50,00 when the plan name contains básico, in any case, with or without the accent", () => {
    for (const name of ["Básico", "básico", "BÁSICO", "Plano Básico Plus", "Basico", "BASICO"])
      expect(commissionForPlan(name), name).toBe(5000);
  });
  it("pays R$ 100,00 for other plans and for an unknown plan", () => {
    for (const name of ["Premium", "Black", "Básic", "", null, undefined])
      expect(commissionForPlan(name), String(name)).toBe(10000);
  });
  it("sums completed referrals only, preferring the amount fixed at completion", () => {
    expect(
      totalCommission([
        { status: "concluido", planName: "Básico" },
        { status: "concluido", planName: "Black" },
        { status: "concluido", planName: null, commissionCents: 5000 },
        { status: "producao", planName: "Black" },
        { status: "analise", planName: "Básico" },
      ]),
    ).toBe(20000);
  });
});
