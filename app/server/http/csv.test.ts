import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvDate, csvDateTime, csvMoney, csvResponse, neutraliseFormula } from "./csv.server";

const BOM = "\uFEFF";

describe("neutraliseFormula", () => {
  it("puts an apostrophe before a cell that a spreadsheet would run", () => {
    for (const evil of [
      "=1+2",
      "+55 11",
      "-2+3",
      "-1,5+cmd",
      "-1.234,56|x",
      "@SUM(A1)",
      "\t=1",
      "\r=1",
      '=HYPERLINK("http://x")',
    ]) {
      expect(neutraliseFormula(evil)).toBe(`'${evil}`);
    }
  });
  it("leaves every other text as it is", () => {
    for (const fine of ["Maria", "(11) 99999-0000", "a=b", " =1", "", "'já", "-50,00", "-1.234,56", "-7"]) {
      expect(neutraliseFormula(fine)).toBe(fine);
    }
  });
  it("never leaves a text starting with = + - @ tab or CR (any text)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = neutraliseFormula(s);
        // Only a plain negative amount may start with "-": a number, which no spreadsheet runs.
        expect(/^[=+\-@\t\r]/.test(out) && !/^-\d{1,3}(\.\d{3})*(,\d+)?$/.test(out)).toBe(false);
        expect(out.endsWith(s)).toBe(true);
      }),
    );
  });
});

describe("pt-BR cells", () => {
  it("money as 1.234,56 without the currency", () => {
    expect(csvMoney(123456)).toBe("1.234,56");
    expect(csvMoney(1990)).toBe("19,90");
    expect(csvMoney(0)).toBe("0,00");
    expect(csvMoney(100_000_000)).toBe("1.000.000,00");
    expect(csvMoney(null)).toBe("");
  });
  it("dates as dd/mm/aaaa, instants in São Paulo time", () => {
    expect(csvDate("2026-01-31")).toBe("31/01/2026");
    // 02:00 UTC on the 1st is still the 31st in São Paulo (-03:00).
    expect(csvDate(new Date("2026-02-01T02:00:00Z"))).toBe("31/01/2026");
    expect(csvDate("2026-02-01T02:00:00.000Z")).toBe("31/01/2026");
    expect(csvDateTime(new Date("2026-02-01T02:05:00Z"))).toBe("31/01/2026 23:05");
    expect(csvDate(null)).toBe("");
  });
});

describe("csvResponse", () => {
  type Row = { name: string; cents: number | null; at: Date; ok: boolean };
  const columns = [
    { header: "Nome", value: (r: Row) => r.name },
    { header: "Valor (R$)", value: (r: Row) => csvMoney(r.cents) },
    { header: "Data", value: (r: Row) => csvDate(r.at) },
    { header: "Ativo", value: (r: Row) => r.ok },
  ];

  it("streams a BOM, a header and `;`-separated rows that csv-parse reads back", async () => {
    async function* rows(): AsyncGenerator<Row> {
      yield { name: "Ana; Bar", cents: 123456, at: new Date("2026-03-10T15:00:00Z"), ok: true };
      yield { name: 'Zé "Açaí"\nLinha 2', cents: null, at: new Date("2026-03-11T15:00:00Z"), ok: false };
      yield { name: "=cmd|' /C calc'!A0", cents: 5, at: new Date("2026-03-12T15:00:00Z"), ok: true };
    }
    const res = csvResponse({ filename: "teste.csv", columns, rows: rows() });
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="teste.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(`${BOM}Nome;Valor (R$);Data;Ativo\r\n`)).toBe(true);
    const parsed: string[][] = parse(text, { bom: true, delimiter: ";" });
    expect(parsed).toEqual([
      ["Nome", "Valor (R$)", "Data", "Ativo"],
      ["Ana; Bar", "1.234,56", "10/03/2026", "Sim"],
      ['Zé "Açaí"\nLinha 2', "", "11/03/2026", "Não"],
      ["'=cmd|' /C calc'!A0", "0,05", "12/03/2026", "Sim"],
    ]);
  });

  it("writes the header alone for no rows", async () => {
    const res = csvResponse({ filename: "vazio.csv", columns, rows: [] });
    expect(await res.text()).toBe("Nome;Valor (R$);Data;Ativo\r\n");
  });

  it("pulls rows only as the reader reads, and stops the source when the download is cancelled", async () => {
    let produced = 0;
    let closed = false;
    async function* rows(): AsyncGenerator<Row> {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          produced++;
          yield { name: `Nome ${i} ${"x".repeat(200)}`, cents: i, at: new Date(), ok: true };
        }
      } finally {
        closed = true;
      }
    }
    const res = csvResponse({ filename: "grande.csv", columns, rows: rows() });
    const reader = res.body!.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 50));
    // Only what the stream buffers (its high-water marks) was read, not the million rows.
    expect(produced).toBeLessThan(5_000);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(true);
  });
});
