import { and, eq } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, mailMessages, plans } from "~/db/schema";
import { formatMoney } from "~/lib/format";
import { createClient } from "~/modules/clients/clients.server";
import { emit } from "~/modules/events/events.server";
import { resetClock, setClock } from "~/server/clock.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { previewHtml } from "~/server/mail/mail.server";
import * as receiptRoute from "~/routes/admin/billing/receipt";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome } from "../../../tests/support/requests";
import { startSmtpServer } from "../../../tests/support/smtp";
import { runChargeAction } from "./actions.server";
import { BILLING_MESSAGES } from "./billing.messages";
import { changeChargeAmount } from "./charge-amount.server";
import { listClientCharges } from "./charge-reads.server";
import { recordPayment } from "./payments.server";
import { CHARGE_MAIL_KINDS } from "./mails.server";
import { decodeBrCode } from "./pix-code";
import { saveBillingSettings } from "./settings.server";
import { saveCompanyData } from "./company.server";
import { TEST_COMPANY } from "../../../tests/support/company";
import { useSmtp } from "../../../tests/support/mail-env";

const t = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let premium: string;
const admin = { id: "admin-1", name: "Ana Admin" };

beforeAll(async () => {
  smtp = await startSmtpServer();
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 14900 })
    .returning();
  premium = plan.id;
  await saveBillingSettings({
    input: {
      pixKey: "financeiro@empresa.dev",
      pixName: "Cardapio Digital",
      pixCity: "Sao Paulo",
      renewalDaysBefore: 10,
    },
  });
  // The receipt's issuer: without it "Pagamento recebido" is held (company.test.ts).
  await saveCompanyData({ input: TEST_COMPANY });
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

let seq = 0;
async function newClient() {
  seq += 1;
  const email = `restaurante${seq}@cliente.dev`;
  const client = await createClient({
    input: {
      name: `Dona ${seq}`,
      email,
      phone: "(11) 98765-4321",
      businessName: `Cantina <b>${seq}</b>`,
      planId: premium,
      status: "ativo",
    },
    today: "2026-03-10",
    actor: admin,
  });
  const [charge] = await listClientCharges({ clientId: client.id });
  return { client, charge, email };
}

const mailsOf = (chargeId: string, kind: string) =>
  t.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.entityId, chargeId), eq(mailMessages.kind, kind)));

function decodeQr(base64: string) {
  const png = PNG.sync.read(Buffer.from(base64, "base64"));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe("Nova cobrança", () => {
  it("is delivered once per charge with the PIX copia e cola and its QR as an inline CID image, even when the event is applied twice", async () => {
    setClock("2026-03-10T15:00:00Z");
    const { charge, email } = await newClient();
    await drainJobs();
    // The same event published again (a retried producer, a provider reporting twice).
    await t.db.transaction((tx) => emit(tx, "charge.created", { chargeId: charge.id }));
    await drainJobs();

    const rows = await mailsOf(charge.id, CHARGE_MAIL_KINDS.issued);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("enviado");
    const got = smtp.received.filter((m) => m.to.includes(email));
    expect(got).toHaveLength(1);
    const [mail] = got;
    // Issued on Tuesday 10/03: due 3 business days later ("Prazo da primeira cobrança"), Friday.
    expect(mail.subject).toBe(`Nova cobrança ${charge.number}: ${formatMoney(23890)}, vencimento 13/03/2026`);
    expect(mail.text).toContain("Período: 10/03/2026 a 09/04/2026");
    expect(mail.text).toContain("Vencimento: 13/03/2026");
    // Each line, then the total.
    expect(mail.text).toContain(`Plano Premium · Mensal · 10/03/2026 a 09/04/2026: ${formatMoney(8990)}`);
    expect(mail.text).toContain(`Taxa de ativação: ${formatMoney(14900)}`);
    expect(mail.text).toContain(`Total: ${formatMoney(23890)}`);
    expect(mail.text).not.toContain("Desconto");
    // Escaped, never markup.
    expect(mail.html).toContain("Cantina &lt;b&gt;");
    // The restaurant's own area is one click away.
    expect(mail.html).toMatch(/href="http:\/\/[^"]+\/cliente\/entrar\?email=[^"]+"/);

    const copiaECola = /PIX copia e cola:\s*\n(.+)/.exec(mail.text)?.[1].trim() ?? "";
    const decoded = decodeBrCode(copiaECola);
    expect(decoded.ok && decoded.pix).toMatchObject({
      amountCents: 23890,
      txid: charge.number.replace("-", ""),
      key: "financeiro@empresa.dev",
    });

    // The QR is an inline attachment the HTML points at by Content-ID, not a data: URI.
    expect(mail.html).not.toContain("data:image");
    const cid = /<img[^>]+src="cid:([^"]+)"/.exec(mail.html)?.[1];
    expect(cid).toBeTruthy();
    const image = mail.attachments.find((a) => a.cid === cid);
    expect(image).toMatchObject({ contentType: "image/png", inline: true });
    expect(decodeQr(image!.base64)).toBe(copiaECola);
    // The mail log's preview cannot resolve a Content-ID: it shows the stored image inline.
    const preview = previewHtml(rows[0]);
    expect(preview).not.toContain("cid:");
    expect(preview).toContain(`src="data:image/png;base64,${image!.base64}"`);
  });

  it("is not sent for a charge already paid or cancelled when its job runs", async () => {
    setClock("2026-03-10T15:00:00Z");
    const { charge } = await newClient();
    const paid = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-03-10", method: "pix", amountCents: charge.amountCents },
    });
    expect(paid.ok).toBe(true);
    await drainJobs();
    expect(await mailsOf(charge.id, CHARGE_MAIL_KINDS.issued)).toHaveLength(0);
    expect(await mailsOf(charge.id, CHARGE_MAIL_KINDS.paid)).toHaveLength(1);
  });
});

describe("Pagamento recebido", () => {
  it("is the receipt, sent once per charge even when the payment is recorded twice or its event applied again", async () => {
    setClock("2026-03-12T15:00:00Z");
    const { charge, email } = await newClient();
    await drainJobs();
    smtp.received.length = 0;
    const input = { paidOn: "2026-03-11", method: "pix" as const, amountCents: charge.amountCents };
    expect((await recordPayment({ chargeId: charge.id, input })).ok).toBe(true);
    const again = await recordPayment({ chargeId: charge.id, input });
    expect(again).toEqual({ ok: false, message: BILLING_MESSAGES.alreadyPaid });
    await drainJobs();
    await t.db.transaction((tx) =>
      emit(tx, "charge.paid", { chargeId: charge.id, clientId: charge.clientId }),
    );
    await drainJobs();

    expect(await mailsOf(charge.id, CHARGE_MAIL_KINDS.paid)).toHaveLength(1);
    // The first payment also opens the onboarding, which tells the client its date.
    const all = smtp.received.filter((m) => m.to.includes(email));
    expect(all.map((m) => m.subject).sort()).toEqual([
      `Pagamento confirmado — seu cardápio fica pronto até 19/03/2026`,
      `Pagamento recebido: cobrança ${charge.number}`,
    ]);
    const got = all.filter((m) => m.subject.startsWith("Pagamento recebido"));
    expect(got[0].text).toContain(`Valor pago: ${formatMoney(23890)}`);
    expect(got[0].text).toContain("Data do pagamento: 11/03/2026");
    expect(got[0].text).toContain("Forma de pagamento: PIX");
    expect(got[0].text).toContain("Este e-mail é o seu recibo");
    expect(got[0].attachments).toEqual([]);
    expect(got[0].html).toMatch(/href="http:\/\/[^"]+\/cliente\/entrar\?email=[^"]+"/);
  });
});

describe("Reenviar por e-mail", () => {
  it("sends the open charge's Nova cobrança again on purpose, audited; a paid charge is refused and nothing is queued", async () => {
    setClock("2026-03-10T15:00:00Z");
    const { charge, email } = await newClient();
    await drainJobs();
    // A discount given before resending: the e-mail shows the lines, the discount and the new total.
    expect(await changeChargeAmount({ chargeId: charge.id, amountCents: 20000, actor: admin })).toMatchObject(
      {
        ok: true,
      },
    );
    const resent = await runChargeAction({ intent: "resend", id: charge.id }, admin);
    expect(resent).toEqual({ ok: true, message: BILLING_MESSAGES.mailResent });
    await drainJobs();
    expect(await mailsOf(charge.id, CHARGE_MAIL_KINDS.issued)).toHaveLength(2);
    const sent = smtp.received.filter((m) => m.to.includes(email) && m.attachments.length === 1);
    expect(sent).toHaveLength(2);
    expect(sent[1].text).toContain(`Taxa de ativação: ${formatMoney(14900)}`);
    expect(sent[1].text).toContain(`Desconto: −${formatMoney(3890)}`);
    expect(sent[1].text).toContain(`Total: ${formatMoney(20000)}`);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "charge.resent"), eq(auditLog.entityId, charge.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorName).toBe("Ana Admin");

    await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-03-10", method: "dinheiro", amountCents: 20000 },
    });
    const refused = await runChargeAction({ intent: "resend", id: charge.id }, admin);
    expect(refused).toMatchObject({ ok: false, message: BILLING_MESSAGES.onlyOpenCanBeResent });
    expect(await mailsOf(charge.id, CHARGE_MAIL_KINDS.issued)).toHaveLength(2);
    const unknown = await runChargeAction({ intent: "resend", id: "nao-e-id" }, admin);
    expect(unknown).toMatchObject({ ok: false, message: BILLING_MESSAGES.notFound });
  });
});

describe("Recibo (/admin/billing/:id/recibo)", () => {
  it("shows a paid charge's receipt to an admin and answers 404 for an open one; visitors go to the login", async () => {
    setClock("2026-03-15T15:00:00Z");
    const cookie = await adminCookie();
    const { charge } = await newClient();
    const call = (id: string, c?: string) =>
      outcome(() =>
        receiptRoute.loader({
          request: get(`/admin/billing/${id}/recibo`, c),
          params: { id },
          context: context(),
        } as never),
      );
    expect((await call(charge.id, cookie)).status).toBe(404);
    await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-03-14", method: "transferência", amountCents: charge.amountCents },
    });
    const paid = await call(charge.id, cookie);
    expect(paid.status).toBe(200);
    expect(paid.data).toMatchObject({
      issuedOn: "2026-03-15",
      receipt: {
        number: charge.number,
        paidAmountCents: 23890,
        paidOn: "2026-03-14",
        method: "Transferência",
        periodStart: "2026-03-10",
        lines: [
          { description: "Plano Premium · Mensal · 10/03/2026 a 09/04/2026", amountCents: 8990 },
          { description: "Taxa de ativação", amountCents: 14900 },
        ],
      },
    });
    const anonymous = await call(charge.id);
    expect(anonymous.location).toBe("/admin/login");
  });
});
