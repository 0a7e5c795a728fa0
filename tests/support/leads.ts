import { expect, type Page } from "@playwright/test";
import { uniqueEmail } from "./e2e";

/** A lead sent through the landing page's contact form (optionally with a query, e.g. UTM tags). */
export async function newLead(page: Page, prefix: string, { plan = "Premium", query = "" } = {}) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const lead = { name: `${prefix} ${suffix}`, business: `Cantina ${suffix}`, email: uniqueEmail("pipeline") };
  await page.goto(`/${query}#contato`);
  const form = page.getByRole("form", { name: "Formulário de contato" });
  await form.getByLabel("Nome completo").fill(lead.name);
  await form.getByLabel("Nome do estabelecimento").fill(lead.business);
  await form.getByLabel("WhatsApp", { exact: true }).pressSequentially("11987654321");
  await form.getByLabel(/^E-?mail$/).fill(lead.email);
  await form.getByLabel("Plano de interesse").selectOption({ label: plan });
  await form.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(
    page.getByText("Mensagem enviada com sucesso! Em breve entraremos em contato.").first(),
  ).toBeVisible();
  return lead;
}
