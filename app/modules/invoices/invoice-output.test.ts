// Where a charge's tax invoice shows and goes (decision 045): on the charge's rows and in the
// client area, in "Pagamento recebido" or a follow-up "Sua nota fiscal" (once per note), and in
// the accountant's CSV and ZIP of the month. Notes are written as the provider leaves them (the
// issuing itself is invoices.test.ts). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { ChargeInvoiceNote } from "~/components/admin/invoices/charge-invoice";
import { ClientChargeInvoice } from "~/components/client-area/charge-invoice";
import { invoices, mailMessages, plans } from "~/db/schema";
import { recordPayment } from "~/modules/billing/payments.server";
import { listClientCharges } from "~/modules/billing/charge-reads.server";
import { saveCompanyData } from "~/modules/billing/company.server";
import { createClient } from "~/modules/clients/clients.server";
import { emit } from "~/modules/events/events.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { strFromU8, unzipSync } from "fflate";
import { zipStream } from "~/server/http/zip.server";
import { csvResponse } from "~/server/http/csv.server";
import { TEST_COMPANY } from "../../../tests/support/company";
import { useTestDatabase } from "../../../tests/support/db";
import { exportInvoicesCsv, invoiceXmlEntries } from "./export.server";
import { INVOICE_MAIL_KIND } from "./mails.server";
import { INVOICE_REASONS } from "./request.server";
import { invoicesByCharge } from "./views.server";

const t = useTestDatabase();
let premium: string;
let seq = 0;

beforeAll(async () => {
  const [plan] = await t.db.insert(plans).values({ name: "Premium", priceCents: 8990 }).returning();
  premium = plan.id;
  await saveCompanyData({ input: TEST_COMPANY });
});

/** A client whose first charge is paid by hand (no provider: no note is issued by itself). */
async function paidCharge({ drain = true } = {}) {
  seq += 1;
  const client = await createClient({
    input: {
      name: `Dona ${seq}`,
      email: `nf-out${seq}@cliente.dev`,
      phone: "(11) 98765-4321",
      businessName: `Cantina ${seq}`,
      planId: premium,
      status: "ativo",
    },
    today: "2026-03-10",
  });
  const [charge] = await listClientCharges({ clientId: client.id });
  const input = { paidOn: "2026-03-11", method: "pix" as const, amountCents: charge.amountCents };
  expect((await recordPayment({ chargeId: charge.id, input, today: "2026-03-11" })).ok).toBe(true);
  if (drain) await drainJobs();
  return { client, charge };
}

async function note(chargeId: string, set: Partial<typeof invoices.$inferInsert>) {
  const [row] = await t.db
    .insert(invoices)
    .values({
      chargeId,
      valueCents: 8990,
      serviceDescription: "Licença de uso",
      serviceCode: "0105",
      effectiveDate: "2026-03-11",
      ...set,
    })
    .returning();
  return row;
}
const issued = (n: string) => ({
  status: "emitida" as const,
  number: n,
  validationCode: `V${n}`,
  pdfUrl: `https://nf.test/${n}.pdf?a=1&b=2`,
  xmlUrl: `https://nf.test/${n}.xml`,
  issuedAt: new Date("2026-03-11T15:00:00Z"),
});
const mailsOf = (kind: string, entityId: string) =>
  t.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.kind, kind), eq(mailMessages.entityId, entityId)));

describe("e-mails", () => {
  it("a note authorised after the receipt is sent as “Sua nota fiscal”, once however often its event comes", async () => {
    const { charge } = await paidCharge();
    const [receipt] = await mailsOf("cobranca.recibo", charge.id);
    expect(receipt.html).not.toContain("nota fiscal");
    const row = await note(charge.id, issued("501"));
    for (let i = 0; i < 2; i++)
      await t.db.transaction((tx) => emit(tx, "invoice.issued", { invoiceId: row.id, chargeId: charge.id }));
    await drainJobs();
    const sent = await mailsOf(INVOICE_MAIL_KIND, row.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe(`Sua nota fiscal da cobrança ${charge.number}`);
    expect(sent[0].text).toContain("nº 501");
    expect(sent[0].html).toContain("https://nf.test/501.pdf?a=1&amp;b=2");
  });

  it("a note authorised before the receipt goes in “Pagamento recebido”, and no follow-up is sent", async () => {
    const { charge } = await paidCharge({ drain: false });
    const row = await note(charge.id, issued("502"));
    await drainJobs();
    const [receipt] = await mailsOf("cobranca.recibo", charge.id);
    expect(receipt.text).toContain("A nota fiscal de serviço nº 502 desta cobrança já foi emitida");
    expect(receipt.html).toContain("https://nf.test/502.pdf?a=1&amp;b=2");
    await t.db.transaction((tx) => emit(tx, "invoice.issued", { invoiceId: row.id, chargeId: charge.id }));
    await drainJobs();
    expect(await mailsOf(INVOICE_MAIL_KIND, row.id)).toHaveLength(0);
  });
});

describe("on the charge's rows", () => {
  function html(element: React.ReactElement) {
    const handler = createStaticHandler([{ path: "/", element }]);
    return handler.query(new Request("http://x/")).then((ctx) => {
      if (ctx instanceof Response) throw ctx;
      const router = createStaticRouter(handler.dataRoutes, ctx);
      return renderToStaticMarkup(createElement(StaticRouterProvider, { router, context: ctx }));
    });
  }

  it("shows the number with PDF and XML, or why it was not issued; the client area asks for its data", async () => {
    const a = await paidCharge();
    const b = await paidCharge();
    await note(a.charge.id, issued("601"));
    await note(b.charge.id, { status: "erro", errorReason: INVOICE_REASONS.noAddress });
    const views = await invoicesByCharge([a.charge.id, b.charge.id]);
    expect(views[b.charge.id]).toMatchObject({ status: "erro", needsClientData: true });
    const admin = await html(createElement(ChargeInvoiceNote, { invoice: views[a.charge.id] }));
    expect(admin).toContain("Nota fiscal nº 601");
    expect(admin).toContain('href="https://nf.test/601.xml"');
    const refused = await html(createElement(ChargeInvoiceNote, { invoice: views[b.charge.id] }));
    expect(refused).toContain(`Nota fiscal não emitida: ${INVOICE_REASONS.noAddress}`);
    const client = await html(
      createElement(ClientChargeInvoice, { invoice: views[a.charge.id], number: "C1" }),
    );
    expect(client).toMatch(/PDF<span[^>]*> da nota fiscal da cobrança C1/);
    const pending = await html(
      createElement(ClientChargeInvoice, { invoice: views[b.charge.id], number: "C2" }),
    );
    expect(pending).toContain("Nota fiscal pendente: cadastre seu CPF/CNPJ e endereço");
    expect(pending).toContain('href="/cliente/dados"');
  });
});

/** The entries of a ZIP, in archive order, read back (and CRC-checked) by fflate's reader. */
function readZip(buf: Buffer) {
  return Object.entries(unzipSync(new Uint8Array(buf))).map(([name, data]) => ({
    name,
    text: strFromU8(data),
  }));
}

describe("the accountant's month", () => {
  it("CSV: every note of the month with its number, value and status; other months left out", async () => {
    const a = await paidCharge();
    const b = await paidCharge();
    const c = await paidCharge();
    await note(a.charge.id, { ...issued("701"), effectiveDate: "2026-04-02", valueCents: 12345 });
    await note(b.charge.id, { status: "erro", errorReason: "=HYPERLINK(x)", effectiveDate: "2026-04-30" });
    await note(c.charge.id, { ...issued("799"), effectiveDate: "2026-05-01" });
    const res = csvResponse({ filename: "x.csv", ...exportInvoicesCsv({ month: "2026-04", batchSize: 1 }) });
    const rows: Record<string, string>[] = parse((await res.text()).replace(/^\uFEFF/, ""), {
      columns: true,
      delimiter: ";",
    });
    expect(rows.map((r) => [r["Número da nota"], r["Valor (R$)"], r["Situação"]])).toEqual([
      ["701", "123,45", "Emitida"],
      ["", "89,90", "Erro"],
    ]);
    expect(rows[1]["Motivo (erro)"]).toBe("'=HYPERLINK(x)");
    expect(rows[0]["Cobrança"]).toBe(a.charge.number);
  });

  it("ZIP: the XML of each valid note of the month, byte for byte; a missing file is named in a .txt", async () => {
    const fetched: string[] = [];
    const fetcher = async (url: string) => {
      fetched.push(url);
      if (url.includes("701")) throw new Error("HTTP 404");
      return (async function* () {
        yield Buffer.from(`<NFSe url="${url}">`);
        yield Buffer.from("ção</NFSe>");
      })();
    };
    const d = await paidCharge();
    await note(d.charge.id, { ...issued("702"), effectiveDate: "2026-04-15" });
    const chunks: Buffer[] = [];
    for await (const chunk of zipStream(invoiceXmlEntries({ month: "2026-04", fetcher, batchSize: 1 })))
      chunks.push(chunk);
    const entries = readZip(Buffer.concat(chunks));
    expect(entries.map((e) => e.name)).toEqual([
      expect.stringMatching(/^NFS-e-701-cobranca-.+-XML-INDISPONIVEL\.txt$/),
      expect.stringMatching(/^NFS-e-702-cobranca-.+\.xml$/),
    ]);
    expect(entries[1].text).toBe('<NFSe url="https://nf.test/702.xml">ção</NFSe>');
    expect(entries[0].text).toContain("não pôde ser baixado");
    // The note in error and the next month's are not fetched at all.
    expect(fetched).toEqual(["https://nf.test/701.xml", "https://nf.test/702.xml"]);
  });
});
