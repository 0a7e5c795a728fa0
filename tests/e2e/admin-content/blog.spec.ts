// The public checks (/blog search and the rendered article body) need the site branch (issue 3);
// everything else runs on this branch alone.
import { type Page } from "@playwright/test";
import { expect, test } from "../../support/fixtures";
import { expectNoA11yViolations, loginAsAdmin } from "../../support/e2e";

const TOOLBAR = [
  "ql-header",
  "ql-bold",
  "ql-italic",
  "ql-underline",
  "ql-strike",
  "ql-list:ordered",
  "ql-list:bullet",
  "ql-align",
  "ql-link",
  "ql-image",
  "ql-color",
  "ql-background",
  "ql-clean",
];

async function selectBack(page: Page, chars: number) {
  for (let i = 0; i < chars; i++) await page.keyboard.press("Shift+ArrowLeft");
}

test("a post written in Quill is published, shown on /blog, unpublished and gone, then deleted", async ({
  page,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const title = `Post E2E ${suffix} Cardápio`;
  const slug = `post-e2e-${suffix}-cardapio`;
  const editorChunks: string[] = [];
  page.on("request", (r) => {
    if (/rich-text-editor|quill/i.test(r.url())) editorChunks.push(r.url());
  });

  await loginAsAdmin(page);
  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { name: "Posts do Blog" })).toBeVisible();
  await expect(page.getByText("Gerencie os conteúdos do blog")).toBeVisible();
  await expectNoA11yViolations(page);
  expect(editorChunks).toEqual([]);
  await page.getByRole("link", { name: "Novo Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);

  // The slug follows the title on blur while empty.
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Resumo").focus();
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await page
    .getByLabel("Resumo")
    .fill(`Resumo do post ${suffix}, com mais de sessenta caracteres para ver o corte na lista.`);

  // Quill: loaded in the browser only here, exactly the spec's toolbar, 300 px tall.
  const editor = page.getByRole("textbox", { name: "Conteúdo" });
  await expect(editor).toBeVisible();
  expect(editorChunks.length).toBeGreaterThan(0);
  const toolbar = await page
    .locator(".ql-toolbar .ql-formats > button, .ql-toolbar .ql-formats > .ql-picker")
    .evaluateAll((els) =>
      els.map((el) => {
        const cls = el.classList[0];
        const v = el.getAttribute("value");
        return v ? `${cls}:${v}` : cls;
      }),
    );
  expect(toolbar).toEqual(TOOLBAR);
  expect((await page.locator(".ql-container").boundingBox())?.height).toBe(300);

  await editor.click();
  await page.keyboard.type("Cardápio em destaque");
  await page.locator(".ql-header .ql-picker-label").click();
  await page.locator(".ql-header .ql-picker-item[data-value='2']").click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("texto em negrito");
  await page.keyboard.press("Control+b");
  await page.keyboard.type(" e normal");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Lista com marcadores" }).click();
  await page.keyboard.type("item um");
  await page.keyboard.press("Enter");
  await page.keyboard.type("item dois");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("site oficial");
  await selectBack(page, "site oficial".length);
  await page.getByRole("button", { name: "Link" }).click();
  const linkInput = page.locator(".ql-tooltip.ql-editing input[type=text]");
  await linkInput.fill("https://exemplo.com.br/cardapio");
  await linkInput.press("Enter");
  await editor.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("texto colorido");
  await selectBack(page, "texto colorido".length);
  await page.locator(".ql-color .ql-picker-label").click();
  await page.locator(".ql-color .ql-picker-item[data-value='#e60000']").click();

  const content = page.locator("input[type=hidden][name=content]");
  await expect(content).toHaveValue(/<h2>Cardápio em destaque<\/h2>/);
  await expect(content).toHaveValue(/<strong>texto em negrito<\/strong>/);
  await expect(content).toHaveValue(/<ul><li>item um<\/li><li>item dois<\/li><\/ul>/);
  await expect(content).toHaveValue(/<a href="https:\/\/exemplo.com.br\/cardapio"[^>]*>site oficial<\/a>/);
  await expect(content).toHaveValue(
    /<span style="color: (rgb\(230, 0, 0\)|#e60000);">texto colorido<\/span>/,
  );
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Salvar Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText("Post criado com sucesso!").first()).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("Rascunho");
  await expect(row).toContainText(slug);
  await expect(row).toContainText("...");

  // The edit form loads the stored body back into Quill.
  await row.getByRole("link", { name: `Editar ${title}` }).click();
  await expect(page.getByRole("textbox", { name: "Conteúdo" }).locator("h2")).toHaveText(
    "Cardápio em destaque",
  );
  await page.getByRole("link", { name: "Voltar" }).click();

  // Publish in place.
  await row.getByRole("button", { name: `Publicar ${title}` }).click();
  await expect(page.getByText("Post publicado com sucesso!").first()).toBeVisible();
  await expect(row).toContainText("Publicado");

  await page.goto(`/blog?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  await page.goto(`/blog/${slug}`);
  const body = page.locator("article");
  await expect(body.locator("h2", { hasText: "Cardápio em destaque" })).toBeVisible();
  await expect(body.locator("strong", { hasText: "texto em negrito" })).toBeVisible();
  await expect(body.locator("ul > li", { hasText: "item dois" })).toBeVisible();
  await expect(body.getByRole("link", { name: "site oficial" })).toHaveAttribute(
    "href",
    "https://exemplo.com.br/cardapio",
  );
  await expect(body.locator("span", { hasText: "texto colorido" })).toHaveAttribute("style", /color/);

  // Unpublish: gone from the public site.
  await page.goto("/admin/blog");
  await row.getByRole("button", { name: `Despublicar ${title}` }).click();
  await expect(page.getByText("Post despublicado com sucesso!").first()).toBeVisible();
  await expect(row).toContainText("Rascunho");
  await page.goto(`/blog?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  await page.goto(`/blog/${slug}`);
  await expect(page).toHaveURL(/\/blog$/);

  // Delete after confirmation.
  await page.goto("/admin/blog");
  await row.getByRole("button", { name: `Excluir ${title}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Tem certeza que deseja excluir este post?");
  await dialog.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Post excluído com sucesso!").first()).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("post form: required fields, Generate button, slug conflict, bad image URL", async ({
  adminPage: page,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  await page.goto("/admin/blog/new");
  await page.getByRole("button", { name: "Salvar Post" }).click();
  await expect(page.getByText("Título é obrigatório")).toBeVisible();
  await expect(page.getByText("Slug é obrigatório")).toBeVisible();
  await expect(page.getByText("Resumo é obrigatório")).toBeVisible();

  const title = `Olá, Mundo! Conflito ${suffix}`;
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Resumo").fill("Resumo");
  await page.getByLabel("Slug").fill("meu slug manual");
  // A slug typed by hand is kept on blur; Generate rebuilds it from the title.
  await page.getByLabel("Título", { exact: true }).focus();
  await page.getByLabel("Resumo").focus();
  await expect(page.getByLabel("Slug")).toHaveValue("meu slug manual");
  await page.getByRole("button", { name: "Gerar" }).click();
  await expect(page.getByLabel("Slug")).toHaveValue(`ola-mundo-conflito-${suffix}`);
  await page.getByLabel("URL da Imagem").fill("nao-e-url");
  await page.getByRole("button", { name: "Salvar Post" }).click();
  await expect(page.getByText("Informe uma URL válida (https://...).")).toBeVisible();
  await page.getByLabel("URL da Imagem").fill("https://exemplo.com.br/capa.jpg");
  await page.getByRole("button", { name: "Salvar Post" }).click();
  await expect(page.getByText("Post criado com sucesso!").first()).toBeVisible();

  // Same slug again: refused with a clear message and the spec's toast, nothing lost.
  await page.goto("/admin/blog/new");
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Resumo").fill("Outro resumo");
  await expect(page.getByLabel("Slug")).toHaveValue(`ola-mundo-conflito-${suffix}`);
  await page.getByRole("button", { name: "Salvar Post" }).click();
  await expect(page.getByText("Já existe um post com este slug. Escolha outro.")).toBeVisible();
  await expect(page.getByText("Erro ao criar post").first()).toBeVisible();
  await expect(page.getByLabel("Resumo")).toHaveValue("Outro resumo");

  // An unknown post id goes back to the list with the spec's error.
  await page.goto("/admin/blog/edit/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText("Erro ao carregar dados do post").first()).toBeVisible();
});
