// The commission statement's CSV follows the rules of every export (server/http/csv.server.ts):
// money as 1.234,56, a clawback's negative amount still a number, a formula neutralised.
import { describe, expect, it } from "vitest";
import { statementCsv, type StatementLine } from "./statement.server";

const line = (over: Partial<StatementLine>): StatementLine => ({
  key: "k",
  sortKey: "2026-01-01",
  date: "01/01/2026",
  kind: "Comissão",
  description: "Indicação Bar do Zé",
  amountCents: 123456,
  situation: "Paga em 02/01/2026",
  ...over,
});

describe("commission statement CSV", () => {
  it("writes money as pt-BR numbers, negative ones included, and neutralises formulas", () => {
    const csv = statementCsv([
      line({}),
      line({ key: "a", kind: "Estorno", description: '=HYPERLINK("x")', amountCents: -5000 }),
    ]);
    const rows = csv.replace("\uFEFF", "").trimEnd().split("\r\n");
    expect(rows[0]).toBe("Data;Tipo;Descrição;Valor (R$);Situação");
    expect(rows[1]).toBe("01/01/2026;Comissão;Indicação Bar do Zé;1.234,56;Paga em 02/01/2026");
    expect(rows[2]).toBe(`01/01/2026;Estorno;"'=HYPERLINK(""x"")";-50,00;Paga em 02/01/2026`);
  });
});
