// The copy step at the end needs the portal branch (issue 6); the rest runs on this branch alone.
import { expect, test } from "../../support/fixtures";
import { expectNoA11yViolations, loginAsAdmin, registerAndLoginRepresentative } from "../../support/e2e";

test("materials: add validation, link and text, tabs, preview, delete; copy on the portal", async ({
  page,
  browser,
}) => {
  // Every kind of material, its preview and the portal's copy in a second browser: ~50 s.
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 8);
  const linkTitle = `Kit Instagram ${suffix}`;
  const textTitle = `Texto pronto ${suffix}`;
  const text = `Olá! ${"Conheça o cardápio digital sem comissão. ".repeat(6)}FIM-DO-TEXTO ${suffix}`;
  await loginAsAdmin(page);
  await page.goto("/admin/representatives");

  await page.getByRole("button", { name: "Adicionar Material" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar Material" });
  await dialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(dialog.getByText("Título é obrigatório")).toBeVisible();
  await expect(
    dialog.getByText("URL do Google Drive é obrigatória para materiais do tipo link"),
  ).toBeVisible();
  await dialog.getByLabel("Tipo").selectOption("text");
  await dialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(
    dialog.getByText("Conteúdo do texto é obrigatório para materiais do tipo texto"),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await dialog.getByLabel("Título").fill(textTitle);
  await dialog.getByLabel("Descrição").fill("Para enviar no WhatsApp");
  await dialog.getByLabel("Conteúdo do texto").fill(text);
  await dialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Material adicionado com sucesso").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole("button", { name: "Adicionar Material" }).click();
  await dialog.getByLabel("Título").fill(linkTitle);
  await dialog.getByLabel("URL do Google Drive").fill(`https://drive.google.com/drive/folders/${suffix}`);
  await dialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(dialog).toHaveCount(0);

  const links = page.getByRole("tabpanel", { name: /Links/ });
  await expect(links.getByRole("listitem").filter({ hasText: linkTitle })).toContainText(
    `https://drive.google.com/drive/folders/${suffix}`,
  );
  await page.getByRole("tab", { name: /Textos/ }).click();
  const item = page
    .getByRole("tabpanel", { name: /Textos/ })
    .getByRole("listitem")
    .filter({ hasText: textTitle });
  await expect(item).toContainText(`${text.slice(0, 150)}...`);
  await expect(item).not.toContainText("FIM-DO-TEXTO");

  // Copy on the portal (representative side).
  const repContext = await browser.newContext();
  await repContext.grantPermissions(["clipboard-read", "clipboard-write"]);
  const rep = await repContext.newPage();
  await registerAndLoginRepresentative(rep, "Rep Materiais");
  await rep.goto("/representante/materiais");
  await rep.getByRole("tab", { name: "Textos" }).click();
  const card = rep.getByRole("tabpanel", { name: "Textos" }).getByRole("article", { name: textTitle });
  await card.getByRole("button", { name: "Copiar texto" }).click();
  await expect(rep.getByText("Texto copiado para a área de transferência!")).toBeVisible();
  expect(await rep.evaluate(() => navigator.clipboard.readText())).toBe(text);
  await repContext.close();

  // Delete with confirmation.
  await item.getByRole("button", { name: `Excluir material ${textTitle}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Material excluído com sucesso").first()).toBeVisible();
  await page.getByRole("tab", { name: /Textos/ }).click();
  await expect(page.getByRole("tabpanel", { name: /Textos/ }).getByText(textTitle)).toHaveCount(0);
});

test.describe("deleting a representative", () => {
  test.use({ representativeName: `Rep Excluir ${Math.random().toString(36).slice(2, 8)}` });

  test("says what happens and blocks their login", async ({ adminPage: page, representative: rep }) => {
    test.slow();
    const { name, page: repPage } = rep;
    await page.goto(`/admin/representatives?q=${encodeURIComponent(rep.email)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText(rep.email);
    await expectNoA11yViolations(page);
    await row.getByRole("button", { name: `Excluir ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("não poderá mais entrar");
    await expect(confirm).toContainText("indicações dele serão mantidas");
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Representante excluído com sucesso").first()).toBeVisible();
    await expect(page.getByText("Nenhum representante encontrado.")).toBeVisible();

    // Their open session is gone, and signing in again fails.
    await repPage.goto("/representante/dashboard");
    await expect(repPage).toHaveURL(/\/representante\/login$/);
    await repPage.getByLabel("E-mail", { exact: true }).fill(rep.email);
    await repPage.getByLabel("Senha").fill(rep.password);
    await repPage.getByRole("button", { name: "Entrar" }).click();
    await expect(
      repPage.getByText("Email ou senha incorretos. Verifique suas credenciais.").first(),
    ).toBeVisible();
  });
});
