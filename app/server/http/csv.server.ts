import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { formatDate, formatDateTime, formatIsoDate } from "~/lib/format";
import { getLogger } from "~/server/logging/logger.server";

/**
 * Streamed CSV downloads that Excel in pt-BR opens as they are: UTF-8 with a BOM, `;` between
 * cells, dates dd/mm/aaaa, money 1.234,56, and no cell that a spreadsheet would run as a formula.
 */

/** A cell value as the export gives it; strings are neutralised, the rest written as text. */
export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const PLAIN_NEGATIVE = /^-\d{1,3}(\.\d{3})*(,\d+)?$/;

/**
 * CSV/formula injection (OWASP): a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return can run as a formula in Excel/LibreOffice/Sheets. Such a text gets a leading apostrophe,
 * which spreadsheets show as plain text.
 */
export function neutraliseFormula(text: string): string {
  // A plain negative amount ("-1.234,56") is a number, not a formula: it stays a number.
  if (PLAIN_NEGATIVE.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const moneyFmt = new Intl.NumberFormat("pt-BR", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** Cents as 1.234,56 (no currency symbol: the column header says "(R$)"); null → empty. */
export function csvMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return moneyFmt.format(cents / 100);
}

/** A calendar date ("2026-01-31") or an instant (Date, ISO text) as dd/mm/aaaa (São Paulo). */
export function csvDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatIsoDate(value);
  return formatDate(value);
}

/** An instant as dd/mm/aaaa hh:mm (São Paulo); null → empty. */
export function csvDateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  return formatDateTime(value).replace(",", "");
}

/** "Sim" / "Não". */
export function csvYesNo(value: boolean | null | undefined): string {
  return value ? "Sim" : "Não";
}

/** "clientes-2026-11-23.csv": a safe file name for Content-Disposition. */
export function csvFileName(base: string, day: string): string {
  return `${base.replace(/[^a-z0-9-]/gi, "-")}-${day}.csv`;
}

/**
 * A Response that streams `rows` as CSV. The rows are pulled one at a time as the client reads
 * (backpressure): pair it with a batched database read (streamRows) and memory stays bounded
 * however many rows there are. A cancelled download stops the read. An error after the first
 * bytes cannot change the status any more: it is logged and the download ends short.
 */
export function csvResponse<Row>({
  filename,
  columns,
  rows,
}: {
  filename: string;
  columns: CsvColumn<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
}): Response {
  const stringifier = stringify({
    delimiter: ";",
    bom: true,
    header: true,
    record_delimiter: "windows",
    columns: columns.map((c, i) => ({ key: String(i), header: c.header })),
    cast: {
      string: (v) => neutraliseFormula(v),
      boolean: (v) => csvYesNo(v),
      number: (v) => String(v),
      date: (v) => csvDate(v),
    },
  });
  async function* records() {
    for await (const row of rows) {
      const record: Record<string, CsvValue> = {};
      columns.forEach((c, i) => {
        record[i] = c.value(row);
      });
      yield record;
    }
  }
  pipeline(Readable.from(records()), stringifier).catch((err: unknown) => {
    if ((err as { code?: string })?.code === "ERR_STREAM_PREMATURE_CLOSE") return; // cancelled
    getLogger().error({ err, filename }, "csv export failed");
  });
  return new Response(Readable.toWeb(stringifier) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
