// Issue 17 item 4: the blog editor speaks Portuguese, inserts images through a dialog with
// alternative text, and a link opens in a new tab only when the author asks for it.
import { type Page } from "@playwright/test";
import { expect, test } from "../../support/fixtures";

async function selectBack(page: Page, chars: number) {
  for (let i = 0; i < chars; i++) await page.keyboard.press("Shift+ArrowLeft");
}

const before = (page: Page, selector: string, pseudo = "::before") =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el, p).content, pseudo);

test("toolbar, headings picker and link tooltip are in Portuguese", async ({ adminPage: page }) => {
  await page.goto("/admin/blog/new");
  const editor = page.getByRole("textbox", { name: "Conteúdo" });
  await expect(editor).toBeVisible();

  // Every toolbar control has a pt-BR title (the tooltip a mouse user sees).
  const titles = await page
    .locator(".ql-toolbar .ql-formats > button, .ql-toolbar .ql-formats > .ql-picker > .ql-picker-label")
    .evaluateAll((els) => els.map((el) => el.getAttribute("title")));
  expect(titles).toEqual([
    "Nível do cabeçalho",
    "Negrito",
    "Itálico",
    "Sublinhado",
    "Tachado",
    "Lista numerada",
    "Lista com marcadores",
    "Alinhamento",
    "Link",
    "Imagem",
    "Cor do texto",
    "Cor de fundo",
    "Limpar formatação",
  ]);

  await page.locator(".ql-header .ql-picker-label").click();
  for (const n of [1, 2, 3, 4, 5, 6]) {
    expect(await before(page, `.ql-header .ql-picker-item[data-value='${n}']`)).toBe(`"Título ${n}"`);
  }
  await page.locator(".ql-header .ql-picker-item[data-value='1']").click();
  expect(await before(page, ".ql-header .ql-picker-label")).toBe('"Título 1"');

  await editor.click();
  await page.keyboard.type("um link");
  await selectBack(page, "um link".length);
  await page.getByRole("button", { name: "Link" }).click();
  const tooltip = page.locator(".ql-tooltip.ql-editing");
  expect(await before(page, ".ql-tooltip.ql-editing")).toBe('"Informe o link:"');
  expect(await before(page, ".ql-tooltip a.ql-action", "::after")).toBe('"Salvar"');
  await expect(tooltip.getByLabel("abrir em nova aba")).toBeVisible();
  await tooltip.getByRole("textbox").fill("https://exemplo.com.br/a");
  await tooltip.getByRole("textbox").press("Enter");

  // Back on the link: the preview tooltip says Abrir link / Editar / Remover.
  await editor.locator("a").click();
  await expect(page.locator(".ql-tooltip:not(.ql-hidden)")).toBeVisible();
  expect(await before(page, ".ql-tooltip")).toBe('"Abrir link:"');
  expect(await before(page, ".ql-tooltip a.ql-action", "::after")).toBe('"Editar"');
  expect(await before(page, ".ql-tooltip a.ql-remove")).toBe('"Remover"');
  const shown = await page.locator(".post-editor").innerText();
  expect(shown).not.toMatch(/Heading|Enter link|Visit URL/);
});

test("links open in the same tab unless ticked; images ask for URL and alt text in a dialog", async ({
  adminPage: page,
}) => {
  page.on("dialog", (d) => {
    if (d.type() !== "beforeunload") throw new Error(`unexpected browser ${d.type()}: ${d.message()}`);
  });
  const suffix = Math.random().toString(36).slice(2, 8);
  const title = `Links e imagens ${suffix}`;
  await page.goto("/admin/blog/new");
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Resumo").fill("Resumo do post de links e imagens.");
  const editor = page.getByRole("textbox", { name: "Conteúdo" });
  await editor.click();

  await page.keyboard.type("mesma aba");
  await selectBack(page, "mesma aba".length);
  await page.getByRole("button", { name: "Link" }).click();
  const tooltip = page.locator(".ql-tooltip.ql-editing");
  await tooltip.getByRole("textbox").fill("https://exemplo.com.br/mesma");
  await tooltip.getByRole("textbox").press("Enter");
  await editor.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("nova aba");
  await selectBack(page, "nova aba".length);
  await page.getByRole("button", { name: "Link" }).click();
  await tooltip.getByRole("textbox").fill("https://exemplo.com.br/nova");
  await tooltip.getByLabel("abrir em nova aba").check();
  await tooltip.locator("a.ql-action").click();
  await editor.press("End");
  await page.keyboard.press("Enter");

  await page.getByRole("button", { name: "Imagem" }).click();
  const dialog = page.getByRole("dialog", { name: "Inserir imagem" });
  await dialog.getByLabel("Endereço da imagem").fill("nao-e-url");
  await dialog.getByRole("button", { name: "Inserir imagem" }).click();
  await expect(dialog.getByText("Informe uma URL válida (https://...).")).toBeVisible();
  await expect(dialog.getByText("Descreva a imagem para quem não pode vê-la.")).toBeVisible();
  await dialog.getByLabel("Endereço da imagem").fill("https://exemplo.com.br/foto.png");
  await dialog.getByLabel("Texto alternativo").fill("Cardápio aberto na mesa");
  await dialog.getByLabel("Texto alternativo").press("Enter");
  await expect(dialog).toBeHidden();
  // The dialog's Enter did not submit the post form.
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);

  const content = page.locator("input[type=hidden][name=content]");
  await expect(content).toHaveValue(/<a href="https:\/\/exemplo.com.br\/mesma">mesma aba<\/a>/);
  await expect(content).toHaveValue(
    /<a href="https:\/\/exemplo.com.br\/nova"[^>]* target="_blank"[^>]*>nova aba/,
  );
  await expect(content).toHaveValue(
    /<img src="https:\/\/exemplo.com.br\/foto.png" alt="Cardápio aberto na mesa">/,
  );
  await page.getByLabel("Publicado").check();
  await page.getByRole("button", { name: "Salvar Post" }).click();
  await expect(page.getByText("Post criado com sucesso!").first()).toBeVisible();

  // Stored and served as written; the edit form shows the box ticked for the new-tab link only.
  const row = page.getByRole("row", { name: new RegExp(title) });
  await row.getByRole("link", { name: `Editar ${title}` }).click();
  const edit = page.getByRole("textbox", { name: "Conteúdo" });
  await edit.getByRole("link", { name: "nova aba" }).click();
  await page.locator(".ql-tooltip a.ql-action").click();
  await expect(page.locator(".ql-tooltip.ql-editing").getByLabel("abrir em nova aba")).toBeChecked();
  await page.keyboard.press("Escape");
  await edit.getByRole("link", { name: "mesma aba" }).click();
  await page.locator(".ql-tooltip a.ql-action").click();
  await expect(page.locator(".ql-tooltip.ql-editing").getByLabel("abrir em nova aba")).not.toBeChecked();

  const slug = await page.getByLabel("Slug").inputValue();
  await page.goto(`/blog/${slug}`);
  const body = page.locator("article");
  await expect(body.getByRole("link", { name: "mesma aba" })).not.toHaveAttribute("target", /.*/);
  await expect(body.getByRole("link", { name: "nova aba" })).toHaveAttribute("target", "_blank");
  await expect(body.getByRole("link", { name: "nova aba" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(body.getByRole("img", { name: "Cardápio aberto na mesa" })).toBeVisible();
});
