import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";
import { uniqueEmail } from "../../support/e2e";
import { waitForMail } from "../../support/mail";

const SENT = "Mensagem enviada com sucesso! Em breve entraremos em contato.";

test("a contact form submission e-mails the admins within seconds, with the lead's data", async ({
  page,
}) => {
  const email = uniqueEmail("alerta");
  const name = `Lívia <b>Alerta</b> ${Date.now()}`;
  await page.goto("/?utm_source=e2e-alerta");
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("Nome do estabelecimento").fill("Pastelaria da Lívia");
  await page.getByLabel("WhatsApp", { exact: true }).pressSequentially("11976543210");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  // A plain POST: the page comes back at the form with its confirmation.
  await expect(page).toHaveURL(/\/#contato$/);
  await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
  // One confirmation: the form's, no toast over it.
  await expect(page.locator("[data-toast]")).toHaveCount(0);
  const sentAt = Date.now();

  const [mail] = await waitForMail((m) => m.subject === `Novo lead: ${name} (Pastelaria da Lívia)`, {
    timeout: 15_000,
  });
  // Seconds, not minutes (the bench measures the real figures).
  expect(Date.now() - sentAt).toBeLessThan(15_000);
  expect(mail.to).toEqual([E2E_ADMIN.email]);
  expect(mail.text).toContain(email);
  expect(mail.text).toContain("Premium");
  expect(mail.text).toContain("e2e-alerta");
  expect(mail.html).toContain("Lívia &lt;b&gt;Alerta&lt;/b&gt;");
  expect(mail.html).toContain('href="https://wa.me/5511976543210"');
  expect(mail.html).toMatch(/href="http:\/\/localhost:\d+\/admin\/leads\?q=/);
});
