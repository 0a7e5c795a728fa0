import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, billingSettings, heldReceiptMails, mailMessages, plans } from "~/db/schema";
import { formatMoney } from "~/lib/format";
import { createClient } from "~/modules/clients/clients.server";
import * as companyPage from "~/routes/admin/settings/company";
import * as clientReceipt from "~/routes/cliente/recibo";
import { resetClock, setClock } from "~/server/clock.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { clientCookie } from "../../../tests/support/client-area";
import { TEST_COMPANY } from "../../../tests/support/company";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";
import { startSmtpServer } from "../../../tests/support/smtp";
import { listClientCharges } from "./charge-reads.server";
import { COMPANY_MESSAGES } from "./company.schema";
import { companyDataWarning } from "./company.server";
import { recordPayment } from "./payments.server";
import { useSmtp } from "../../../tests/support/mail-env";

// "Dados da empresa" (validated), receipts naming issuer and client, and
// receipt e-mails held, not lost, until the company data is set.

const t = useTestDatabase();
const admin = { id: "admin-1", name: "Ana Admin" };
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let cookie: string;
let premium: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  cookie = await adminCookie();
  [{ id: premium }] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 14900 })
    .returning();
});
afterAll(async () => {
  useSmtp(undefined);
  await smtp.close();
});
beforeEach(() => {
  useSmtp(smtp.url);
  smtp.received.length = 0;
});
afterEach(() => resetClock());

const form = (fields: Partial<Record<keyof typeof TEST_COMPANY, string>>) => ({
  ...TEST_COMPANY,
  companyCnpj: "11.222.333/0001-81",
  companyCep: "01310-100",
  ...fields,
});
const save = (fields: Record<string, string>) =>
  outcome(() =>
    companyPage.action({
      request: post("/admin/settings/billing/company", fields, cookie),
      params: {},
      context: context(),
    } as never),
  );
const stored = async () => (await t.db.select().from(billingSettings))[0] ?? null;

describe("Dados da empresa", () => {
  it("refuses a CNPJ with wrong check digits, a bad CEP, an unknown UF and missing fields in pt-BR, storing nothing", async () => {
    for (const [fields, field, message] of [
      [{ companyCnpj: "11.222.333/0001-82" }, "companyCnpj", COMPANY_MESSAGES.cnpjInvalid],
      [{ companyCnpj: "11.111.111/1111-11" }, "companyCnpj", COMPANY_MESSAGES.cnpjInvalid],
      [{ companyCnpj: "" }, "companyCnpj", COMPANY_MESSAGES.cnpjRequired],
      [{ companyCep: "1310-100" }, "companyCep", COMPANY_MESSAGES.cepInvalid],
      [{ companyCep: "01310-10a" }, "companyCep", COMPANY_MESSAGES.cepInvalid],
      [{ companyUf: "XX" }, "companyUf", COMPANY_MESSAGES.ufInvalid],
      [{ companyLegalName: "   " }, "companyLegalName", COMPANY_MESSAGES.legalNameRequired],
      [{ companyLegalName: "a".repeat(151) }, "companyLegalName", COMPANY_MESSAGES.legalNameTooLong],
      [{ companyDistrict: "" }, "companyDistrict", COMPANY_MESSAGES.districtRequired],
    ] as const) {
      const r = await save(form(fields));
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect((r.data as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(message);
    }
    expect((await stored())?.companyCnpj ?? null).toBeNull();
    expect(await companyDataWarning()).toEqual({ heldReceipts: 0 });
  });

  it("holds the receipt e-mail until the company data is saved, then sends it once with issuer, client, lines and payment; /cliente/recibo shows the same", async () => {
    setClock("2026-12-10T15:00:00Z");
    const email = "dona.recibo@cantina.dev";
    const client = await createClient({
      input: {
        name: "Dona Recibo",
        email,
        phone: "(11) 98765-4321",
        businessName: "Cantina do Recibo",
        planId: premium,
        status: "ativo",
        document: "52998224725",
      },
      today: "2026-12-10",
      actor: admin,
    });
    const [charge] = await listClientCharges({ clientId: client.id });
    const paid = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-12-10", method: "pix", amountCents: charge.amountCents },
      actor: admin,
    });
    expect(paid.ok).toBe(true);
    await drainJobs();
    await drainJobs();
    const receipts = () =>
      smtp.received.filter((m) => m.subject === `Pagamento recebido: cobrança ${charge.number}`);
    expect(receipts()).toHaveLength(0);
    expect(await t.db.select().from(heldReceiptMails)).toEqual([
      expect.objectContaining({ chargeId: charge.id }),
    ]);
    expect(await companyDataWarning()).toEqual({ heldReceipts: 1 });

    const r = await save(form({}));
    expect(r.status).toBe(302);
    expect(r.location).toBe("/admin/settings/billing/company");
    expect(await stored()).toMatchObject({
      companyCnpj: "11222333000181",
      companyCep: "01310100",
      companyUf: "SP",
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, "settings.company_updated"));
    expect(audit.changes).toMatchObject({ companyCnpj: [null, "11222333000181"] });
    await drainJobs();

    const [mail] = receipts();
    expect(mail.text).toContain("Emitente: Cardápio Digital Ltda");
    expect(mail.text).toContain("CNPJ do emitente: 11.222.333/0001-81");
    expect(mail.text).toContain(
      "Endereço do emitente: Av. Paulista, 1000, sala 101 — Bela Vista — São Paulo/SP — CEP 01310-100",
    );
    expect(mail.text).toContain("Cliente: Cantina do Recibo (Dona Recibo)");
    expect(mail.text).toContain("CPF/CNPJ do cliente: 529.982.247-25");
    expect(mail.text).toContain(`Valor pago: ${formatMoney(charge.amountCents)}`);
    expect(mail.text).toContain("Forma de pagamento: PIX");
    expect(mail.text).toContain(`Taxa de ativação: ${formatMoney(14900)}`);
    expect(await t.db.select().from(heldReceiptMails)).toEqual([]);
    expect(await companyDataWarning()).toBeNull();
    // Saved again: nothing is sent twice.
    await save(form({ companyCity: "São Paulo" }));
    await drainJobs();
    expect(receipts()).toHaveLength(1);
    expect(
      await t.db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(eq(mailMessages.kind, "cobranca.recibo")),
    ).toHaveLength(1);

    // The printable receipt in the client's own area.
    useSmtp(undefined);
    const signedIn = await clientCookie(email);
    const page = await outcome(() =>
      clientReceipt.loader({
        request: get(`/cliente/recibo/${charge.id}`, signedIn),
        params: { id: charge.id },
        context: context(),
      } as never),
    );
    expect(page.status).toBe(200);
    expect((page.data as { receipt: unknown }).receipt).toMatchObject({
      issuer: "Cardápio Digital Ltda",
      issuerCnpj: "11.222.333/0001-81",
      issuerAddress: "Av. Paulista, 1000, sala 101 — Bela Vista — São Paulo/SP — CEP 01310-100",
      clientName: "Dona Recibo",
      businessName: "Cantina do Recibo",
      document: "529.982.247-25",
      paidAmountCents: charge.amountCents,
      paidOn: "2026-12-10",
      method: "PIX",
      lines: expect.arrayContaining([{ description: "Taxa de ativação", amountCents: 14900 }]),
    });
  });
});
