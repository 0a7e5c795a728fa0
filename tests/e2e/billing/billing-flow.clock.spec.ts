import type { Locator, Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { addMonths } from "../../../app/lib/dates";
import { decodeBrCode } from "../../../app/modules/billing/pix-code";
import {
  addDays,
  createClientViaForm,
  expectToast,
  formatIsoDate,
  saveCompanyData,
  todayInSaoPaulo,
  unique,
} from "../../support/admin";
import { serverClock } from "../../support/clock";
import { gotoReady, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { waitForMail } from "../../support/mail";

// Issue 29 "Done when", E2E steps 1–7 (step 8, the CSV, is the export's own spec): a client on
// the Premium plan is charged, mailed a PIX code that decodes to its amount and txid, pays, gets
// a receipt; ten days before the period ends (the server's clock moved through the E2E-only
// /test-hooks/clock) the renewal is charged and paying it moves the end date by one month.

const cents = (money: string) => Number(money.replace(/\D/g, ""));

/** The client page's charge whose text matches. */
const chargeItem = (page: Page, text: string | RegExp) =>
  page.getByRole("list", { name: "Cobranças do cliente" }).locator(":scope > li").filter({ hasText: text });

async function payCharge(item: Locator, number: string) {
  await item.getByRole("button", { name: "Registrar pagamento" }).click();
  await item
    .getByRole("form", { name: `Pagamento da cobrança ${number}` })
    .getByRole("button", { name: "Confirmar pagamento" })
    .click();
}

/** A Financeiro card's figure: the first paragraph beside its heading (a note follows it). */
const financeiroCard = async (page: Page, label: string) =>
  cents(
    await page
      .getByRole("heading", { name: label, exact: true })
      .locator("xpath=..")
      .locator("p")
      .first()
      .innerText(),
  );

async function financeiroTotals(page: Page, clientId: string) {
  await gotoReady(page, `/admin/billing?client=${clientId}`);
  return {
    receivable: await financeiroCard(page, "A receber"),
    received: await financeiroCard(page, "Recebido"),
  };
}

test.afterEach(async ({ adminPage: page }) => {
  await serverClock(page.request, { reset: "1" });
});

test("Premium client: first charge with activation fee, PIX e-mail, payment and receipt, renewal 10 days before the end", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  await serverClock(page.request, { reset: "1" });
  const today = todayInSaoPaulo();
  const end = addMonths(today, 1);

  // The company's PIX data (Configurações → Financeiro): the code carries them.
  await gotoReady(page, "/admin/settings/billing");
  await page.getByLabel("Chave PIX").fill("financeiro@cardapio.dev");
  await page.getByLabel("Nome do beneficiário").fill("Cardapio Digital");
  await page.getByLabel("Cidade do beneficiário").fill("Sao Paulo");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expectToast(page, "Configurações financeiras salvas com sucesso!");
  // The issuer every receipt names: without it the receipt e-mail waits (issue 46).
  await saveCompanyData(page);

  // 1. A client with the Premium plan.
  const email = uniqueEmail("cobranca");
  const clientId = await createClientViaForm(page, {
    name: unique("Dona Cobrança"),
    email,
    business: unique("Cantina PIX"),
    plan: "Premium",
  });

  // 2. Its page shows the first charge: the first month plus the activation fee.
  await gotoReady(page, `/admin/clients/edit/${clientId}`);
  const first = chargeItem(page, "Taxa de ativação");
  await expect(first).toContainText(`Plano Premium · Mensal · ${formatIsoDate(today)} a`);
  await expect(first).toContainText("A vencer");
  const number = await first.locator(".font-mono").first().innerText();
  const lineAmounts = [...(await first.innerText()).matchAll(/: (R\$\s[\d.,]+)/g)].map((m) => cents(m[1]));
  expect(lineAmounts).toHaveLength(2);
  const total = lineAmounts[0] + lineAmounts[1];
  await expect(first).toContainText(`${number} · R$`);
  const subscriptionRow = page.getByRole("table", { name: "Assinaturas do cliente" }).getByRole("row").nth(1);
  await expect(subscriptionRow).toContainText(formatIsoDate(end));

  // 3. The e-mail arrives; its QR (an inline CID image) decodes to the amount and the txid.
  const [issued] = await waitForMail(
    (m) => m.to.includes(email) && m.subject.startsWith(`Nova cobrança ${number}`),
  );
  expect(issued.html).toMatch(/src="cid:[^"]+"/);
  const qr = issued.attachments.find((a) => a.contentType === "image/png" && a.cid);
  expect(qr, "the QR attachment").toBeTruthy();
  const png = PNG.sync.read(Buffer.from(qr!.base64, "base64"));
  const scanned = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? "";
  expect(issued.text).toContain(scanned);
  const decoded = decodeBrCode(scanned);
  expect(decoded.ok && decoded.pix).toMatchObject({ amountCents: total, txid: number.replace("-", "") });

  let totals = await financeiroTotals(page, clientId);
  expect(totals.receivable).toBe(total);
  const receivedBefore = totals.received;

  // 4. Record the payment (client page).
  await gotoReady(page, `/admin/clients/edit/${clientId}`);
  await payCharge(chargeItem(page, number), number);
  await expectToast(page, "Pagamento registrado com sucesso!");

  // 5. Paid, the receipt e-mail arrives, the end date stays; the printable receipt opens.
  await expect(chargeItem(page, number)).toContainText("Paga");
  await expect(subscriptionRow).toContainText(formatIsoDate(end));
  const [receipt] = await waitForMail(
    (m) => m.to.includes(email) && m.subject === `Pagamento recebido: cobrança ${number}`,
  );
  expect(receipt.text).toContain("Este e-mail é o seu recibo");
  // The issuer (Dados da empresa), for the accountant (issue 46).
  expect(receipt.text).toContain("CNPJ do emitente: 11.222.333/0001-81");
  await chargeItem(page, number)
    .getByRole("link", { name: `Recibo da cobrança ${number}` })
    .click();
  await expect(page.getByRole("heading", { name: "Recibo de pagamento" })).toBeVisible();
  await expect(page.getByText(`Cobrança ${number}`)).toBeVisible();
  await expect(page.getByText("CNPJ 11.222.333/0001-81")).toBeVisible();

  // 7 (first half). Financeiro's totals moved from "a receber" to "recebido".
  totals = await financeiroTotals(page, clientId);
  expect(totals).toEqual({ receivable: 0, received: receivedBefore + total });

  // The dashboard's "Recebido no mês" opens the rows that add up to it (issue 44): this month's
  // payments by payment date, this one among them, and Financeiro's card says the same figure.
  await gotoReady(page, "/admin");
  const receivedCard = page
    .getByRole("region", { name: "Financeiro" })
    .locator("div.rounded-xl")
    .filter({ has: page.getByRole("heading", { name: "Recebido no mês" }) });
  const receivedThisMonth = cents(await receivedCard.locator("p").first().innerText());
  expect(receivedThisMonth).toBeGreaterThanOrEqual(total);
  await receivedCard.getByRole("link", { name: "Pagamentos deste mês (por data de pagamento)" }).click();
  await expect(page).toHaveURL(new RegExp(`paid_from=${today.slice(0, 8)}01&paid_to=${today}`));
  await expect(page.getByRole("table", { name: "Cobranças" })).toContainText(number);
  expect(await financeiroCard(page, "Recebido no período (por data de pagamento)")).toBe(receivedThisMonth);

  // 6. Ten days before the period ends, the renewal job issues the next month.
  const moved = await serverClock(page.request, {
    at: `${addDays(end, -10)}T12:00:00-03:00`,
    run: "renewals",
  });
  expect(moved.today).toBe(addDays(end, -10));
  expect(moved.issued).toBeGreaterThanOrEqual(1);
  await gotoReady(page, `/admin/clients/edit/${clientId}`);
  const renewal = chargeItem(page, `Plano Premium · Mensal · ${formatIsoDate(end)} a`);
  await expect(renewal).toContainText("A vencer");
  await expect(renewal).not.toContainText("Taxa de ativação");
  const renewalNumber = await renewal.locator(".font-mono").first().innerText();
  const renewalAmount = cents(/ · (R\$\s[\d.,]+) · /.exec(await renewal.innerText())![1]);
  await waitForMail((m) => m.to.includes(email) && m.subject.startsWith(`Nova cobrança ${renewalNumber}`));

  // "Reenviar por e-mail" sends it again, on purpose.
  await renewal.getByRole("button", { name: "Reenviar por e-mail" }).click();
  await expectToast(page, "Cobrança reenviada por e-mail ao cliente.");
  await waitForMail((m) => m.to.includes(email) && m.subject.startsWith(`Nova cobrança ${renewalNumber}`), {
    count: 2,
  });

  totals = await financeiroTotals(page, clientId);
  expect(totals.receivable).toBe(renewalAmount);

  await gotoReady(page, `/admin/clients/edit/${clientId}`);
  await payCharge(chargeItem(page, renewalNumber), renewalNumber);
  await expectToast(page, "Pagamento registrado com sucesso!");
  await expect(chargeItem(page, renewalNumber)).toContainText("Paga");
  await expect(subscriptionRow).toContainText(formatIsoDate(addMonths(end, 1)));

  // 7. Financeiro's totals follow.
  totals = await financeiroTotals(page, clientId);
  expect(totals).toEqual({ receivable: 0, received: receivedBefore + total + renewalAmount });
});
