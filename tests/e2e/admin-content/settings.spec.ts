// The public-HTML check (tracking rendered from the saved settings) needs the site branch (issue 3).
// Settings are one site-wide record: this test puts back what it found before it ends.
import { expectNoA11yViolations } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";

test("settings: four tabs, SEO preview and tips, validation, save, visible in the public HTML", async ({
  adminPage: page,
}) => {
  const gaId = `G-E2E${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  await page.goto("/admin/settings");
  const tabs = page.getByRole("tablist", { name: "Seções das configurações" });
  await expect(tabs.getByRole("tab")).toHaveText([
    "SEO",
    "Analytics e Tracking",
    "Scripts Personalizados",
    "Dados Estruturados",
  ]);

  // SEO tab: live counts and the preview built from the current values (then put back as found).
  const titleInput = page.getByLabel("Título do site");
  const original = await titleInput.inputValue();
  await titleInput.fill("x".repeat(55));
  const tips = page.getByRole("complementary", { name: "Dicas de SEO" });
  await expect(tips).toContainText("Título: 55 caracteres (ideal entre 50 e 60).");
  await expect(tips).toContainText("1200×630");
  await expect(tips).toContainText("sem barra (/) no final");
  await page.getByLabel("URL canônica").fill("https://meusite.com.br");
  await page.getByRole("button", { name: "Mostrar pré-visualização" }).click();
  const search = page.getByRole("figure", { name: "Resultado de busca" });
  // The preview shows what the page serves: the home's own title (the spec's fixed text until the
  // admin overrides it), not the site-wide title, which only pages without their own texts use.
  await expect(search).toContainText("Cardápio Digital e Delivery sem Comissão | CardápioDigital");
  await expect(search).not.toContainText("x".repeat(55));
  await page.getByLabel("Página inicial: título").fill("Cardápio online sem comissão – prévia");
  await expect(search).toContainText("Cardápio online sem comissão – prévia");
  await page.getByLabel("Pré-visualizar a página").selectOption({ label: "Contato" });
  await expect(search).toContainText("Fale Conosco e Contrate seu Cardápio Digital | CardápioDigital");
  await expect(search).toContainText("https://meusite.com.br/contato");
  await page.getByLabel("Página inicial: título").fill("");
  await page.getByLabel("Contato: título").fill("Fale com a equipe E2E | CardápioDigital");
  await expect(search).toContainText("Fale com a equipe E2E | CardápioDigital");
  await expect(page.getByRole("figure", { name: "Compartilhamento em redes sociais" })).toContainText(
    "meusite.com.br",
  );
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Ocultar pré-visualização" }).click();
  await expect(search).toHaveCount(0);
  await titleInput.fill(original);
  const canonical = page.getByLabel("URL canônica");
  await canonical.fill("");

  // Analytics + invalid JSON-LD: refused, the wrong tab opens with a clear message.
  await tabs.getByRole("tab", { name: "Analytics e Tracking" }).click();
  await page.getByLabel("ID do Google Analytics").fill("AW-123");
  await tabs.getByRole("tab", { name: "Dados Estruturados" }).click();
  await page.getByLabel("Dados estruturados (JSON-LD)").fill('{"@type": "Organization",}');
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(page.getByText("Erro ao salvar configurações").first()).toBeVisible();
  await expect(tabs.getByRole("tab", { name: "Analytics e Tracking" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(
    page.getByText("Use o formato G-XXXXXXXXXX (GA4) ou UA-XXXXXXX-X (Universal Analytics)."),
  ).toBeVisible();
  await page.getByLabel("ID do Google Analytics").fill(gaId);
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(tabs.getByRole("tab", { name: "Dados Estruturados" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByText(/Os dados estruturados devem ser um JSON válido/)).toBeVisible();
  await page
    .getByLabel("Dados estruturados (JSON-LD)")
    .fill('{"@context": "https://schema.org", "@type": "Organization", "name": "Cardápio E2E"}');
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!").first()).toBeVisible();

  // Stored: the page reloads with the values.
  await page.reload();
  await tabs.getByRole("tab", { name: "Analytics e Tracking" }).click();
  await expect(page.getByLabel("ID do Google Analytics")).toHaveValue(gaId);
  await expect(page.getByLabel("Título do site")).toHaveValue(original);

  // The public cache was cleared: the very next public page carries the new id (rendered for a
  // visitor who accepted statistics: before a choice no tracker is rendered, LGPD).
  await page
    .context()
    .addCookies([{ name: "consentimento", value: "v1.10", url: new URL(page.url()).origin }]);
  const html = await (await page.request.get("/")).text();
  expect(html).toContain(`googletagmanager.com/gtag/js?id=${gaId}`);
  expect(html).toContain("Cardápio E2E");
  // The contact page's own title, as saved in the SEO tab; the home keeps its fixed one.
  expect(await (await page.request.get("/contato")).text()).toContain(
    "<title>Fale com a equipe E2E | CardápioDigital</title>",
  );
  expect(html).toContain("<title>Cardápio Digital e Delivery sem Comissão | CardápioDigital</title>");

  // Put the shared record back (no tracking id, no JSON-LD, no page title) for the other tests.
  await tabs.getByRole("tab", { name: "SEO" }).click();
  await expect(page.getByLabel("Contato: título")).toHaveValue("Fale com a equipe E2E | CardápioDigital");
  await page.getByLabel("Contato: título").fill("");
  await tabs.getByRole("tab", { name: "Analytics e Tracking" }).click();
  await page.getByLabel("ID do Google Analytics").fill("");
  await tabs.getByRole("tab", { name: "Dados Estruturados" }).click();
  await page.getByLabel("Dados estruturados (JSON-LD)").fill("");
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!").first()).toBeVisible();
  expect(await (await page.request.get("/")).text()).not.toContain(gaId);
  expect(await (await page.request.get("/contato")).text()).toContain(
    "<title>Fale Conosco e Contrate seu Cardápio Digital | CardápioDigital</title>",
  );
});
