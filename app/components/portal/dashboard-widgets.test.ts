import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cancelledCaption, StatCards } from "./dashboard-widgets";

// "Total de Indicações" leaves the cancelled referrals out, and says so.
describe("the representative's totals", () => {
  const stats = {
    total: 5,
    active: 3,
    completed: 2,
    totalCommissionCents: 20000,
    cancelled: 2,
    byStatus: [],
  };

  it("say on the total's card that cancelled referrals are not counted", () => {
    const html = renderToStaticMarkup(createElement(StatCards, { stats }));
    expect(html).toContain("Total de Indicações");
    expect(html).toContain("Sem contar 2 canceladas");
  });

  it("word the caption by how many were cancelled", () => {
    expect(cancelledCaption(0)).toBe("Sem contar as canceladas");
    expect(cancelledCaption(1)).toBe("Sem contar 1 cancelada");
    expect(cancelledCaption(3)).toBe("Sem contar 3 canceladas");
  });
});
