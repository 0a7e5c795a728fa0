// Issue 17 item 1: a phone typed the international way reaches the right person.
import type { Page } from "@playwright/test";
import { gotoReady, loginAsAdmin, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";

const SENT = "Mensagem enviada com sucesso! Em breve entraremos em contato.";
const PHONE_MESSAGE = "Informe um WhatsApp válido com DDD, por exemplo (11) 99999-9999.";

async function fillContact(page: Page, email: string) {
  await page.getByLabel("Nome completo").fill("Rita Internacional");
  await page.getByLabel("Nome do estabelecimento").fill("Empório da Rita");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
}

test("+55 11 97654-3210 typed in the contact form is stored as 11976543210 and WhatsApp goes to 5511976543210", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail("fone-intl");
  await page.goto("/");
  await fillContact(page, email);
  await page.getByLabel("WhatsApp", { exact: true }).pressSequentially("+55 11 97654-3210");
  // Before: the mask cut it to "(55) 11976-5432", DDD 55 in Rio Grande do Sul.
  await expect(page.getByLabel("WhatsApp", { exact: true })).toHaveValue("+55 (11) 97654-3210");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page).toHaveURL(/\/#contato$/);
  await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();

  const context = await browser.newContext();
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  await gotoReady(admin, `/admin/leads?q=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: "Rita Internacional" }).first().click();
  await expect(admin.getByRole("heading", { name: "Rita Internacional" })).toBeVisible();
  await expect(admin.getByText("(11) 97654-3210", { exact: true })).toBeVisible();
  await admin.evaluate(() => {
    (window as unknown as { opened: string[] }).opened = [];
    window.open = (url?: string | URL) => {
      (window as unknown as { opened: string[] }).opened.push(String(url));
      return null;
    };
  });
  await admin.getByRole("button", { name: "WhatsApp" }).click();
  const opened = await admin.evaluate(() => (window as unknown as { opened: string[] }).opened);
  expect(opened).toHaveLength(1);
  expect(opened[0]).toMatch(/^https:\/\/wa\.me\/5511976543210\?text=/);
  // The funnel search finds it by the stored digits.
  await admin.goto(`/admin/leads?q=11976543210`);
  await expect(admin.getByRole("link", { name: "Rita Internacional" }).first()).toBeVisible();
  await context.close();
});

test("(00) 00000-0000 is refused with the spec's message and nothing is sent", async ({ page }) => {
  await page.goto("/");
  await fillContact(page, uniqueEmail("fone-zero"));
  await page.getByLabel("WhatsApp", { exact: true }).fill("(00) 00000-0000");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  // Refused: the server renders the form again with the message and what was typed.
  await expect(page.getByText(PHONE_MESSAGE)).toBeVisible();
  await expect(page.getByLabel("WhatsApp", { exact: true })).toHaveValue("(00) 00000-0000");
  await expect(page.getByLabel("Nome completo")).toHaveValue("Rita Internacional");
  await expect(page.locator("[data-toast]")).toHaveCount(0);
  await expect(page.getByText(SENT)).toHaveCount(0);
});
