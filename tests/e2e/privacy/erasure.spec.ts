// Issue 27: erasure end to end. A visitor arrives by a representative's link and sends the form;
// the admin adds a note and a lost reason naming them and anonymises them. Neither the admin nor
// the representative sees their name, e-mail or phone anywhere afterwards, and another lead whose
// name contains theirs ("Ana Souza Filho") keeps its data, e-mails and history.
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { uniqueEmail, uniquePhone } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";

const SUCCESS = "Mensagem enviada com sucesso! Em breve entraremos em contato.";
const formatted = (d: string) => `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;

async function sendForm(
  browser: Browser,
  url: string,
  p: { name: string; business: string; phone: string; email: string },
) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(url);
  await visitor.goto("/contato");
  await visitor.getByLabel("Nome completo").fill(p.name);
  await visitor.getByLabel("Nome do estabelecimento").fill(p.business);
  await visitor.getByLabel("WhatsApp", { exact: true }).pressSequentially(p.phone);
  await visitor.getByLabel("E-mail").fill(p.email);
  await visitor.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await visitor.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(visitor.getByText(SUCCESS).first()).toBeVisible();
  await context.close();
}

/** The page's visible text, lower-cased. */
const textOf = async (page: Page) => (await page.locator("body").innerText()).toLowerCase();

test("an erased visitor leaves no trace for the admin or the representative; 'Ana Souza Filho' is untouched", async ({
  browser,
  adminPage,
  representative,
}) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 7);
  const ana = {
    name: `Ana Souza ${suffix}`,
    business: `Doces Erasure ${suffix}`,
    phone: uniquePhone("21"),
    email: uniqueEmail("ana-souza"),
  };
  const filho = {
    name: `${ana.name} Filho`,
    business: `Bolos Filho ${suffix}`,
    phone: uniquePhone("31"),
    email: uniqueEmail("filho"),
  };
  const rep = representative.page;
  await rep.goto("/representante");
  const link = (await rep.getByTestId("referral-link").textContent())!;
  await sendForm(browser, link, ana);
  await sendForm(browser, "/", filho);
  await rep.goto("/representante/indicacoes");
  await expect(rep.getByRole("article", { name: ana.business })).toBeVisible();

  // The admin adds a note and a lost reason that name her.
  const admin = adminPage;
  await admin.goto(`/admin/leads?q=${encodeURIComponent(ana.email)}`);
  await admin
    .getByRole("article", { name: ana.name })
    .getByRole("button", { name: "Marcar como perdido" })
    .click();
  const dialog = admin.getByRole("dialog", { name: "Marcar como perdido" });
  await dialog.getByRole("radio", { name: "Outro" }).check();
  await dialog.getByLabel("Detalhes (opcional)").fill(`${ana.name} desistiu`);
  await dialog.getByRole("button", { name: "Confirmar perda" }).click();
  await expect(admin.getByText("Lead movido para Perdidos").first()).toBeVisible();
  await admin.getByRole("article", { name: ana.name }).getByRole("link", { name: ana.name }).click();
  await expect(admin.getByRole("heading", { level: 1, name: ana.name })).toBeVisible();
  const leadUrl = admin.url();
  await admin.getByLabel("Nova anotação").fill(`Liguei para ${ana.name} no ${formatted(ana.phone)}`);
  await admin.getByRole("button", { name: "Adicionar Anotação" }).click();
  await expect(admin.getByText(`Liguei para ${ana.name}`)).toBeVisible();

  // Filho's lead, before: its page, its e-mails.
  await admin.goto(`/admin/leads?q=${encodeURIComponent(filho.email)}`);
  await admin.getByRole("article", { name: filho.name }).getByRole("link", { name: filho.name }).click();
  await expect(admin.getByRole("heading", { level: 1, name: filho.name })).toBeVisible();
  const filhoUrl = admin.url();
  await admin.goto("/admin/emails");
  await expect(admin.getByText(filho.name).first()).toBeVisible();

  // Anonymise her.
  await admin.goto(`/admin/privacy?q=${encodeURIComponent(ana.email)}`);
  await admin.getByLabel("Digite ANONIMIZAR para confirmar").fill("ANONIMIZAR");
  await admin.getByRole("button", { name: "Anonimizar dados" }).click();
  await expect(admin.getByText("Dados anonimizados com sucesso.").first()).toBeVisible();

  const traces = [ana.email, ana.business, formatted(ana.phone), ana.phone].map((s) => s.toLowerCase());
  const noTrace = async (page: Page, where: string) => {
    const text = (await textOf(page)).replaceAll(filho.name.toLowerCase(), "");
    for (const trace of [...traces, ana.name.toLowerCase()])
      expect(text, `${where}: ${trace}`).not.toContain(trace);
  };
  await admin.goto("/admin/leads");
  await expect(admin.getByRole("region", { name: /^Novos Leads/ })).toBeVisible();
  await noTrace(admin, "funil");
  await admin.goto(leadUrl);
  await expect(admin.getByRole("heading", { level: 1, name: "Anonimizado" })).toBeVisible();
  await noTrace(admin, "lead");
  await admin.goto("/admin/audit");
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  await noTrace(admin, "auditoria");
  await admin.goto("/admin/emails");
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  await noTrace(admin, "e-mails");
  await admin.goto("/admin/settings/webhooks");
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  await noTrace(admin, "webhooks");

  // The representative: the portal's referrals and the JSON download.
  await rep.goto("/representante/indicacoes");
  await expect(rep.getByRole("heading", { level: 1 })).toBeVisible();
  await noTrace(rep, "portal");
  await rep.goto("/representante/conta");
  const [download] = await Promise.all([
    rep.waitForEvent("download"),
    rep.getByRole("link", { name: "Baixar meus dados (JSON)" }).click(),
  ]);
  const json = (await readFile((await download.path())!, "utf8")).toLowerCase();
  for (const trace of [...traces, ana.name.toLowerCase()]) expect(json).not.toContain(trace);
  expect(json).toContain("anonimizado");

  // "Ana Souza Filho": untouched, with its e-mails and its history.
  await admin.goto(filhoUrl);
  await expect(admin.getByRole("heading", { level: 1, name: filho.name })).toBeVisible();
  await expect(admin.getByText(filho.email).first()).toBeVisible();
  await admin.goto("/admin/emails");
  await expect(admin.getByText(filho.name).first()).toBeVisible();
});
