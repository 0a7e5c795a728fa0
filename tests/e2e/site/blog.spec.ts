import { expect, test } from "@playwright/test";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("blog list: published posts newest first, search (a GET form), empty result and clear", async ({
      page,
    }) => {
      await page.goto("/blog");
      const titles = page.locator("main article h2");
      await expect(titles.first()).toBeVisible();
      expect(await titles.count()).toBeGreaterThanOrEqual(4);
      await expect(page.getByText("Rascunho: novidades do aplicativo")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Ver Demonstração" }).last()).toHaveAttribute(
        "href",
        /^https:\/\//,
      );
      await expect(page.getByRole("link", { name: "Fale conosco pelo WhatsApp" })).toBeVisible();

      const search = page.getByPlaceholder("Buscar no blog...");
      await search.fill("INSTAGRAM");
      await search.press("Enter");
      await expect(page).toHaveURL(/\/blog\?q=INSTAGRAM$/);
      await expect(titles).toHaveText(["5 ideias para divulgar o seu delivery no Instagram"]);

      // Matches the excerpt too.
      await search.fill("ticket médio");
      await search.press("Enter");
      await expect(titles).toHaveText(["Como montar um cardápio digital que vende mais"]);

      await search.fill("xyzzy-nada");
      await search.press("Enter");
      await expect(page.getByText('Nenhum artigo encontrado para "xyzzy-nada"')).toBeVisible();
      await page.getByRole("link", { name: "Limpar busca" }).click();
      await expect(page).toHaveURL(/\/blog$/);
      await expect(search).toHaveValue("");
      expect(await titles.count()).toBeGreaterThanOrEqual(4);
    });
  });
}

test("a search link opens with its results (server-side, linkable)", async ({ page }) => {
  await page.goto("/blog?q=agendados");
  await expect(page.locator("main article h2")).toHaveText([
    "Pedidos agendados: venda até quando a cozinha está fechada",
  ]);
  await expect(page.getByPlaceholder("Buscar no blog...")).toHaveValue("agendados");
});

test("article: back link, date, body, up to 3 related posts and the contact call to action", async ({
  page,
}) => {
  const slug = "delivery-sem-comissao-quanto-o-seu-restaurante-economiza";
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Delivery sem comissão: quanto o seu restaurante economiza",
  );
  await expect(page.getByText(/Publicado em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Faça a conta" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar para o blog" })).toHaveAttribute("href", "/blog");

  const related = page.locator("section", {
    has: page.getByRole("heading", { name: "Artigos Relacionados" }),
  });
  const links = related.locator("article h3 a");
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(3);
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
    expect(href).not.toBe(`/blog/${slug}`);
  }

  await page.getByRole("link", { name: "Fale com um especialista" }).click();
  await expect(page).toHaveURL(/\/#contato$/);
  await expect(page.locator("#contato")).toBeInViewport({ ratio: 0.2 });
});

test("a related post opens the other article", async ({ page }) => {
  await page.goto("/blog/como-montar-um-cardapio-digital-que-vende-mais");
  const first = page
    .locator("section", { has: page.getByRole("heading", { name: "Artigos Relacionados" }) })
    .locator("article h3 a")
    .first();
  const title = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("a missing or unpublished article redirects to /blog", async ({ page }) => {
  await page.goto("/blog/este-artigo-nao-existe");
  await expect(page).toHaveURL(/\/blog$/);
  await page.goto("/blog/novidades-do-aplicativo-para-clientes");
  await expect(page).toHaveURL(/\/blog$/);
});
