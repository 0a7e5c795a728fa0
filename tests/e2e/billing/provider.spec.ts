import { expect, test, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { addMonths } from "../../../app/lib/dates";
import {
  addDays,
  createClientViaForm,
  formatIsoDate,
  saveCompanyData,
  todayInSaoPaulo,
  unique,
} from "../../support/admin";
import { serverClock } from "../../support/clock";
import { expectNoA11yViolations, gotoReady, uniqueEmail } from "../../support/e2e";
import { startFakeAsaas, type FakeAsaas } from "../../support/fake-asaas";
import { startSmtpServer } from "../../support/smtp";

// Issue 31 "Done when", E2E: with Asaas configured (a local fake that answers as its
// documentation shows), a new client's charge shows the provider's payment page; a posted
// PAYMENT_RECEIVED marks it paid, extends the subscription and e-mails the receipt; an overdue
// charge walks the reminder steps as the clock moves, the subscription is "Suspensa" in red after
// 15 days late, and the payment brings it back. Its own server (port, data, SMTP, provider), so
// moving its clock disturbs no other spec.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 41;
const SMTP_PORT = PORT + 1000;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: "admin@provedor.dev", password: "senha-provedor-123" };
const API_KEY = "chave-e2e-asaas";
const TOKEN = "token-e2e-webhook";

test.use({ baseURL: BASE });
test.describe.configure({ mode: "serial" });

let app: ChildProcess;
let dataDir: string;
let fake: FakeAsaas;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startFakeAsaas({ apiKey: API_KEY });
  smtp = await startSmtpServer({ port: SMTP_PORT });
  dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-provider-"));
  app = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      BASE_URL: BASE,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      LOG_LEVEL: "warn",
      SEED_DEMO: "content",
      RATE_LIMIT_LOGIN: "10000",
      TEST_CLOCK_CONTROL: "1",
      ASAAS_API_KEY: API_KEY,
      ASAAS_API_URL: fake.url,
      ASAAS_WEBHOOK_TOKEN: TOKEN,
    },
    stdio: "ignore",
  });
  await expect
    .poll(
      () =>
        fetch(`${BASE}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 150_000, intervals: [250] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  app?.kill("SIGTERM");
  if (app) await new Promise((r) => app.once("exit", r));
  await smtp?.close();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Senha").fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * The client pays at Asaas, and Asaas tells us (what its webhook queue posts). The app reads the
 * payment back before anything moves, so it is received at the fake Asaas first, as it would be.
 */
async function postReceived(number: string, paidOn: string, eventId: string) {
  const payment = Object.values(fake.payments).find((p) => p.description === `Cobrança ${number}`);
  expect(payment, `the payment of ${number} at the fake Asaas`).toBeTruthy();
  Object.assign(payment!, {
    status: "RECEIVED",
    billingType: "PIX",
    clientPaymentDate: paidOn,
    paymentDate: paidOn,
  });
  const res = await fetch(`${BASE}/api/webhooks/asaas`, {
    method: "POST",
    headers: { "content-type": "application/json", "asaas-access-token": TOKEN },
    body: JSON.stringify({
      id: eventId,
      event: "PAYMENT_RECEIVED",
      payment: {
        object: "payment",
        id: payment!.id,
        externalReference: payment!.externalReference,
        value: payment!.value,
        billingType: "PIX",
        status: "RECEIVED",
        clientPaymentDate: paidOn,
      },
    }),
  });
  expect(res.status).toBe(200);
}

const chargeItem = (page: Page, text: string | RegExp) =>
  page.getByRole("list", { name: "Cobranças do cliente" }).locator(":scope > li").filter({ hasText: text });

/** Reloads the client page, as a person would, until `check` passes (a job finishes meanwhile). */
async function untilShown(page: Page, clientId: string, check: () => Promise<void>) {
  await expect(async () => {
    await gotoReady(page, `/admin/clients/edit/${clientId}`);
    await check();
  }).toPass({ timeout: 30_000 });
}

const mailsTo = (email: string, startsWith: string) =>
  smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith(startsWith));

test("a charge at Asaas: payment page, paid by webhook, renewal extended, reminders, suspension and return", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page);
  await saveCompanyData(page);
  await serverClock(page.request, { reset: "1" });
  const today = todayInSaoPaulo();
  const end = addMonths(today, 1);
  const email = uniqueEmail("asaas");
  const clientId = await createClientViaForm(page, {
    name: unique("Dona Asaas"),
    email,
    business: unique("Cantina Asaas"),
    plan: "Premium",
  });

  // 1. The first charge goes to Asaas in a job; the client page then shows its payment page.
  const first = chargeItem(page, "Taxa de ativação");
  await untilShown(page, clientId, async () => {
    await expect(first.getByRole("link", { name: /Página de pagamento/ })).toBeVisible({ timeout: 1000 });
  });
  const number = await first.locator(".font-mono").first().innerText();
  await expect(
    first.getByRole("link", { name: `Página de pagamento da cobrança ${number}` }),
  ).toHaveAttribute("href", /^https:\/\/sandbox\.asaas\.com\/i\/pay_/);
  // "Nova cobrança" waited for the provider: it carries the payment page and Asaas's PIX.
  await expect.poll(() => mailsTo(email, `Nova cobrança ${number}`).length, { timeout: 30_000 }).toBe(1);
  const issued = mailsTo(email, `Nova cobrança ${number}`)[0];
  expect(issued.html).toContain("https://sandbox.asaas.com/i/pay_");
  expect(issued.text).toContain("000201-pay_");

  // 2. PAYMENT_RECEIVED: paid in Financeiro, with Asaas's date and method; the receipt is mailed.
  await postReceived(number, today, "evt_e2e_1");
  await expect(async () => {
    await gotoReady(page, `/admin/billing?client=${clientId}`);
    await expect(page.getByRole("row", { name: new RegExp(number) })).toContainText("Paga", {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("row", { name: new RegExp(number) })).toContainText(
    `${formatIsoDate(today)} · PIX`,
  );
  await expect
    .poll(() => mailsTo(email, `Pagamento recebido: cobrança ${number}`).length, { timeout: 30_000 })
    .toBe(1);

  // 3. The renewal, ten days before the end: at Asaas too; its payment extends the subscription.
  await serverClock(page.request, { at: `${addDays(end, -10)}T12:00:00-03:00`, run: "renewals" });
  const subscriptionRow = page.getByRole("table", { name: "Assinaturas do cliente" }).getByRole("row").nth(1);
  const renewal = chargeItem(page, `Plano Premium · Mensal · ${formatIsoDate(end)} a`);
  await untilShown(page, clientId, async () => {
    await expect(renewal.getByRole("link", { name: /Página de pagamento/ })).toBeVisible({ timeout: 1000 });
  });
  const renewalNumber = await renewal.locator(".font-mono").first().innerText();
  await expect(subscriptionRow).toContainText(formatIsoDate(end));
  await postReceived(renewalNumber, addDays(end, -10), "evt_e2e_2");
  const end2 = addMonths(end, 1);
  await untilShown(page, clientId, async () => {
    await expect(subscriptionRow).toContainText(formatIsoDate(end2), { timeout: 1000 });
  });
  await expect(renewal).toContainText("Paga");

  // 4. The next renewal is not paid: each day the overdue and reminder jobs run, until the
  //    subscription is suspended (15 days late, counted from the next business day).
  await serverClock(page.request, { at: `${addDays(end2, -10)}T12:00:00-03:00`, run: "renewals" });
  const late = chargeItem(page, `Plano Premium · Mensal · ${formatIsoDate(end2)} a`);
  await untilShown(page, clientId, async () => {
    await expect(late.getByRole("link", { name: /Página de pagamento/ })).toBeVisible({ timeout: 1000 });
  });
  const lateNumber = await late.locator(".font-mono").first().innerText();
  let day = addDays(end2, -4);
  let suspendedOn: string | null = null;
  for (let i = 0; i < 30 && !suspendedOn; i += 1, day = addDays(day, 1)) {
    await serverClock(page.request, { at: `${day}T09:00:00-03:00`, run: "overdue" });
    const ran = await serverClock(page.request, { at: `${day}T09:00:00-03:00`, run: "dunning" });
    if (ran.suspended) suspendedOn = day;
  }
  expect(suspendedOn, "the subscription was suspended within 30 days").not.toBeNull();
  const reminders = () =>
    smtp.received
      .filter((m) => m.to.includes(email) && m.subject.startsWith(`Lembrete: a cobrança ${lateNumber}`))
      .map((m) => m.subject.replace(/^.*\) /, ""));
  await expect
    .poll(reminders, { timeout: 30_000 })
    .toEqual(["vence em 3 dias", "vence hoje", "venceu há 3 dias", "venceu há 7 dias"]);
  await gotoReady(page, `/admin/clients/edit/${clientId}`);
  const status = subscriptionRow.getByText("Suspensa", { exact: true });
  await expect(status).toBeVisible();
  await expect(status).toHaveClass(/bg-red-100/);
  await expect.poll(() => mailsTo(email, "Assinatura suspensa").length, { timeout: 30_000 }).toBe(1);

  // 5. Paying it (Asaas's webhook) makes the subscription active again at once.
  await postReceived(lateNumber, suspendedOn!, "evt_e2e_3");
  await untilShown(page, clientId, async () => {
    await expect(subscriptionRow.getByText("Ativa", { exact: true })).toBeVisible({ timeout: 1000 });
  });
  await expect(late).toContainText("Paga");
});

test("Asaas down while a charge is issued: the failure and the next attempt are shown, 'Reenviar ao provedor' creates it once", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await serverClock(page.request, { reset: "1" });
  fake.down = true;
  const email = uniqueEmail("asaas-fora");
  const clientId = await createClientViaForm(page, {
    name: unique("Dona Fora do Ar"),
    email,
    business: unique("Cantina Fora do Ar"),
    plan: "Premium",
  });
  // The app kept answering (the client was created); the charge says what happened.
  const first = chargeItem(page, "Taxa de ativação");
  await untilShown(page, clientId, async () => {
    await expect(first.getByText(/Falha ao criar no provedor: Asaas/)).toBeVisible({ timeout: 1000 });
  });
  await expect(first.getByText(/Nova tentativa em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/)).toBeVisible();
  const number = await first.locator(".font-mono").first().innerText();

  fake.down = false;
  await first.getByRole("button", { name: "Reenviar ao provedor" }).click();
  await expect(
    page.getByText("Reenvio ao provedor solicitado. A cobrança será criada em instantes."),
  ).toBeVisible();
  await untilShown(page, clientId, async () => {
    await expect(first.getByRole("link", { name: `Página de pagamento da cobrança ${number}` })).toBeVisible({
      timeout: 1000,
    });
  });
  expect(Object.values(fake.payments).filter((p) => p.description === `Cobrança ${number}`)).toHaveLength(1);
  // The client was told once, with the provider's page.
  await expect.poll(() => mailsTo(email, `Nova cobrança ${number}`).length, { timeout: 30_000 }).toBe(1);

  // In the client's own area (issue 32), the open charge offers the provider's page too.
  const client = await page.context().browser()!.newContext();
  const area = await client.newPage();
  await gotoReady(area, "/cliente/entrar");
  await area.getByLabel("E-mail").fill(email);
  await area.getByRole("button", { name: "Receber link de acesso" }).click();
  await expect.poll(() => mailsTo(email, "Seu link de acesso").length, { timeout: 30_000 }).toBe(1);
  const href = /href="(http[^"]+\/cliente\/entrar\/confirmar\?token=[^"]+)"/.exec(
    mailsTo(email, "Seu link de acesso")[0].html,
  )?.[1];
  expect(href, "the sign-in link").toBeTruthy();
  const link = new URL(href!.replaceAll("&amp;", "&"));
  await gotoReady(area, link.pathname + link.search);
  await area.getByRole("button", { name: "Entrar na Área do Cliente" }).click();
  await expect(area).toHaveURL(/\/cliente$/);
  const open = area.getByRole("region", { name: "Cobranças" }).locator(`li[data-charge="${number}"]`);
  await expect(open.getByRole("link", { name: "Pagar com PIX, boleto ou cartão" })).toHaveAttribute(
    "href",
    /^https:\/\/sandbox\.asaas\.com\/i\/pay_/,
  );
  await client.close();
});

test("Configurações → Financeiro → Provedor: the webhook URL, 'Testar conexão' and the received events", async ({
  page,
}) => {
  await signIn(page);
  await gotoReady(page, "/admin/settings/billing");
  await page.getByRole("link", { name: "Provedor de pagamento (Asaas) e eventos recebidos" }).click();
  await expect(page.getByText(`${BASE}/api/webhooks/asaas`)).toBeVisible();
  await expect(page.getByText(API_KEY)).toHaveCount(0);
  await page.getByRole("button", { name: "Testar conexão" }).click();
  await expect(page.getByText("Conexão com o Asaas funcionando.")).toBeVisible();
  const events = page.getByRole("table", { name: "Eventos recebidos do provedor" });
  await expect(events.getByRole("row", { name: /evt_e2e_1/ })).toContainText("PAYMENT_RECEIVED");
  await expect(events.getByRole("row", { name: /evt_e2e_1/ })).toContainText("paga");
  await expectNoA11yViolations(page);
});
