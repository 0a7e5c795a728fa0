import { get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";
import { and, gte, lt, sql, type SQL } from "drizzle-orm";
import { charges, clients, invoices } from "~/db/schema";
import { addMonths } from "~/lib/dates";
import { streamRows } from "~/server/db-tools/stream-rows.server";
import { csvDate, csvDateTime, csvMoney, type CsvColumn } from "~/server/http/csv.server";
import { ZIP_MAX_ENTRIES, type ZipEntry } from "~/server/http/zip.server";
import { log } from "~/server/logging/logger.server";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "./invoices.constants";

// The accountant's export of a month's notes (Financeiro → Notas fiscais): a CSV of every note
// and a ZIP of the issued notes' XML files, both streamed from the database in batches, so a
// month of ten thousand notes costs no more memory than a month of ten (bench/invoices-zip.ts).

export interface InvoiceExportRow extends Record<string, unknown> {
  id: string;
  number: string | null;
  validationCode: string | null;
  status: InvoiceStatus;
  effectiveDate: string;
  valueCents: number;
  serviceCode: string;
  chargeNumber: string;
  clientName: string;
  document: string | null;
  xmlUrl: string | null;
  pdfUrl: string | null;
  errorReason: string | null;
  issuedAt: string | null;
}

const COLUMNS: CsvColumn<InvoiceExportRow>[] = [
  { header: "Número da nota", value: (r) => r.number },
  { header: "Código de verificação", value: (r) => r.validationCode },
  { header: "Situação", value: (r) => INVOICE_STATUS_LABELS[r.status] ?? r.status },
  { header: "Data de competência", value: (r) => csvDate(r.effectiveDate) },
  { header: "Emitida em", value: (r) => csvDateTime(r.issuedAt) },
  { header: "Valor (R$)", value: (r) => csvMoney(r.valueCents) },
  { header: "Código do serviço", value: (r) => r.serviceCode },
  { header: "Cobrança", value: (r) => r.chargeNumber },
  { header: "Tomador", value: (r) => r.clientName },
  { header: "CPF/CNPJ do tomador", value: (r) => r.document },
  { header: "PDF", value: (r) => r.pdfUrl },
  { header: "XML", value: (r) => r.xmlUrl },
  { header: "Motivo (erro)", value: (r) => r.errorReason },
];

function monthWhere(month: string, extra?: SQL): SQL {
  const from = `${month}-01`;
  return and(gte(invoices.effectiveDate, from), lt(invoices.effectiveDate, addMonths(from, 1)), extra)!;
}

function monthRows(month: string, where?: SQL, batchSize?: number) {
  return streamRows<InvoiceExportRow>({
    columns: sql`${invoices.id} as "id", ${invoices.number} as "number",
      ${invoices.validationCode} as "validationCode", ${invoices.status} as "status",
      ${invoices.effectiveDate}::text as "effectiveDate", ${invoices.valueCents} as "valueCents",
      ${invoices.serviceCode} as "serviceCode", ${charges.number} as "chargeNumber",
      ${clients.businessName} as "clientName", ${clients.document} as "document",
      ${invoices.xmlUrl} as "xmlUrl", ${invoices.pdfUrl} as "pdfUrl",
      ${invoices.errorReason} as "errorReason",
      to_char(${invoices.issuedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "issuedAt"`,
    from: sql`${invoices} join ${charges} on ${charges.id} = ${invoices.chargeId}
      join ${clients} on ${clients.id} = ${charges.clientId}`,
    where: monthWhere(month, where),
    keys: [
      { expr: invoices.effectiveDate, type: "date" },
      { expr: invoices.id, type: "uuid" },
    ],
    dir: "asc",
    batchSize,
  });
}

/** The month's notes (every status) as CSV rows, by date of competence. */
export function exportInvoicesCsv({ month, batchSize }: { month: string; batchSize?: number }) {
  return { columns: COLUMNS, rows: monthRows(month, undefined, batchSize) };
}

/** Reads one note's XML from the provider, as a stream of bytes. */
export type XmlFetcher = (url: string) => Promise<AsyncIterable<Uint8Array>>;

/**
 * node:http(s) rather than fetch: fetch with AbortSignal.timeout keeps each request's signal (and
 * what it reaches) alive until its timer fires, 20 s later, so ten thousand quick downloads held
 * memory in proportion to their number (bench/invoices-zip.ts). Here the timeout is the socket's
 * idle time, gone with the response.
 */
const fetchXml: XmlFetcher = (url) =>
  new Promise((resolve, reject) => {
    const get = url.startsWith("https:") ? httpsGet : httpGet;
    const req = get(url, { timeout: 20_000 }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`HTTP ${res.statusCode}`));
      }
      resolve(res);
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
  });

const fileName = (r: InvoiceExportRow) =>
  `NFS-e-${(r.number ?? r.id).replace(/[^0-9A-Za-z-]/g, "")}-cobranca-${r.chargeNumber.replace(/[^0-9A-Za-z-]/g, "")}`;

/**
 * The month's issued notes (and those whose cancellation was denied: still valid) as ZIP entries,
 * one XML each, read from the provider one at a time as the archive is written. A file the
 * provider does not give is replaced by a short .txt saying so, so the accountant sees the gap.
 */
export async function* invoiceXmlEntries({
  month,
  fetcher = fetchXml,
  batchSize,
}: {
  month: string;
  fetcher?: XmlFetcher;
  batchSize?: number;
}): AsyncGenerator<ZipEntry> {
  let n = 0;
  const valid = sql`${invoices.status} in ('emitida', 'cancelamento_negado') and ${invoices.xmlUrl} is not null`;
  for await (const row of monthRows(month, valid, batchSize)) {
    if (++n > ZIP_MAX_ENTRIES) throw new Error("too many notes for one archive");
    const date = row.issuedAt ? new Date(row.issuedAt) : new Date(`${row.effectiveDate}T12:00:00Z`);
    try {
      yield { name: `${fileName(row)}.xml`, data: await fetcher(row.xmlUrl!), date };
    } catch (err) {
      log.warn({ err, invoiceId: row.id }, "invoice xml unavailable");
      const text = `O XML da nota fiscal ${row.number ?? ""} (cobrança ${row.chargeNumber}) não pôde ser baixado do provedor: ${row.xmlUrl}\r\n`;
      yield { name: `${fileName(row)}-XML-INDISPONIVEL.txt`, data: Buffer.from(text, "utf8"), date };
    }
  }
}
