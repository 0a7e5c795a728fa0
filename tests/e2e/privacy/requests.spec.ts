// Data subject requests (LGPD art. 18, issue 16): the admin finds a person on /admin/privacy,
// exports what is held about them and anonymises it; a representative downloads their own data
// and asks for their account's deletion from /representante/conta, which the admin completes.
import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { expectNoA11yViolations, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { waitForMail } from "../../support/mail";

async function downloadedJson(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return JSON.parse(await readFile((await (download as Download).path())!, "utf8"));
}

const formatted = (d: string) => `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;

test("the admin finds a lead by phone, exports it as JSON and anonymises it: the funnel keeps no trace", async ({
  page,
  adminPage,
}) => {
  // A visitor's form, a search, an export, an anonymisation and the funnel: a long journey.
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 8);
  const phone = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const lead = {
    name: `Titular LGPD ${suffix}`,
    business: `Doceria ${suffix}`,
    email: uniqueEmail("titular"),
  };

  // A visitor sends the contact form (the anonymous page, in its own context).
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/#contato");
  const form = visitor.getByRole("form", { name: "Formulário de contato" });
  await form.getByLabel("Nome completo").fill(lead.name);
  await form.getByLabel("Nome do estabelecimento").fill(lead.business);
  await form.getByLabel("WhatsApp", { exact: true }).pressSequentially(phone);
  await form.getByLabel(/^E-?mail$/).fill(lead.email);
  await form.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await form.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(
    visitor.getByText("Mensagem enviada com sucesso! Em breve entraremos em contato.").first(),
  ).toBeVisible();
  await visitor.close();

  await adminPage.goto("/admin/privacy");
  await adminPage.getByLabel("E-mail ou telefone do titular").fill(formatted(phone));
  await adminPage.getByRole("button", { name: "Buscar" }).click();
  const people = adminPage.getByRole("table", { name: "Registros do titular" });
  await expect(people.getByRole("row", { name: new RegExp(lead.name) })).toContainText("Lead");
  await expect(people).toContainText(lead.email);
  await expectNoA11yViolations(adminPage);

  const exported = await downloadedJson(adminPage, () =>
    adminPage.getByRole("link", { name: "Exportar JSON" }).click(),
  );
  expect(exported.query).toEqual({ email: null, phone });
  expect(exported.data.leads).toEqual([
    expect.objectContaining({ name: lead.name, email: lead.email, business: lead.business }),
  ]);
  expect(exported.data.clients).toEqual([]);

  // Without the typed confirmation nothing happens.
  await adminPage.getByRole("button", { name: "Anonimizar dados" }).click();
  await expect(adminPage.getByText("Digite ANONIMIZAR para confirmar.")).toBeVisible();
  await adminPage.getByLabel("Digite ANONIMIZAR para confirmar").fill("ANONIMIZAR");
  await adminPage.getByRole("button", { name: "Anonimizar dados" }).click();
  await expect(adminPage.getByText("Dados anonimizados com sucesso.").first()).toBeVisible();

  // The same search finds nothing now, and the funnel shows no name, e-mail or phone of theirs.
  await adminPage.goto(`/admin/privacy?q=${encodeURIComponent(lead.email)}`);
  await expect(adminPage.getByText("Nenhum dado encontrado para este e-mail ou telefone.")).toBeVisible();
  await adminPage.goto("/admin/leads");
  await expect(adminPage.getByRole("region", { name: /^Novos Leads/ })).toBeVisible();
  const funnel = await adminPage.locator("main").innerText();
  for (const trace of [lead.name, lead.email, lead.business, formatted(phone), phone])
    expect(funnel).not.toContain(trace);
  await adminPage.goto(`/admin/leads?q=${encodeURIComponent(lead.name)}`);
  await expect(adminPage.getByRole("article", { name: lead.name })).toHaveCount(0);
});

test.describe("a representative's own requests", () => {
  test.use({ representativeName: "Representante Exclusão E2E" });

  test("downloads their own data, asks for deletion; the admins are told and anonymising completes it", async ({
    representative,
    adminPage,
  }) => {
    test.slow();
    const { page, email, name } = representative;
    await page.goto("/representante/conta");
    const panel = page.getByRole("region", { name: "Seus dados (LGPD)" });
    await expect(panel).toBeVisible();

    const own = await downloadedJson(page, () =>
      panel.getByRole("link", { name: "Baixar meus dados (JSON)" }).click(),
    );
    expect(own.account).toMatchObject({ email, name, role: "representative" });
    expect(own.profile).toMatchObject({ email, name });
    expect(own.referrals).toEqual([]);
    expect(own.payouts).toEqual([]);
    // Nothing of anyone else (the admin, other representatives).
    expect(JSON.stringify(own)).not.toContain("admin@e2e.dev");

    await panel.getByRole("button", { name: "Pedir exclusão da conta" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Pedir a exclusão da sua conta?" });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(panel.getByRole("status")).toHaveCount(0);
    await panel.getByRole("button", { name: "Pedir exclusão da conta" }).click();
    await dialog.getByRole("button", { name: "Pedir exclusão" }).click();
    await expect(
      page.getByText("Pedido de exclusão enviado. A equipe vai analisar e avisar por e-mail.").first(),
    ).toBeVisible();
    await expect(panel.getByRole("status")).toContainText("Exclusão pedida em");
    await expect(panel.getByRole("button", { name: "Pedir exclusão da conta" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("region", { name: "Seus dados (LGPD)" }).getByRole("status")).toContainText(
      "aguardando a equipe",
    );

    // The admins get an e-mail that leads to the request.
    const [mail] = await waitForMail(
      (m) => m.subject === "Pedido de exclusão de conta de representante" && m.text.includes(email),
    );
    expect(mail.to).toContain("admin@e2e.dev");

    await adminPage.goto("/admin/privacy");
    const requests = adminPage.getByRole("table", { name: "Pedidos de exclusão pendentes" });
    const row = requests.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
    await expect(row).toContainText(name);
    await row.getByRole("link", { name: `Ver dados de ${name}` }).click();
    await expect(adminPage.getByRole("table", { name: "Registros do titular" })).toContainText(
      "Representante",
    );
    await adminPage.getByLabel("Digite ANONIMIZAR para confirmar").fill("ANONIMIZAR");
    await adminPage.getByRole("button", { name: "Anonimizar dados" }).click();
    await expect(adminPage.getByText("Dados anonimizados com sucesso.").first()).toBeVisible();
    await adminPage.goto("/admin/privacy");
    await expect(adminPage.getByText(email)).toHaveCount(0);

    // The account is closed: the representative is signed out of the portal.
    await page.goto("/representante/conta");
    await expect(page).toHaveURL(/\/representante\/login$/);
  });
});
