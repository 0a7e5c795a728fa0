// Issue 17 item 8: small things found by using the product.
import { expect, test } from "../../support/fixtures";

test("the mobile menu closes with Escape and gives the focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Abrir menu" });
  await toggle.click();
  const menu = page.locator("#menu-mobile");
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Blog" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Abrir menu" })).toBeFocused();
});

test("the blog admin list searches on the server", async ({ adminPage: page }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const title = `Busca no admin ${suffix}`;
  await page.goto("/admin/blog/new");
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Resumo").fill("Resumo do post da busca.");
  await page.getByRole("button", { name: "Salvar Post" }).click();
  await expect(page.getByText("Post criado com sucesso!").first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Buscar posts" }).fill(`BUSCA NO ADMIN ${suffix.toUpperCase()}`);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\?q=/);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar posts" }).fill("nada-disso-existe-xyz");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText('Nenhum post encontrado para "nada-disso-existe-xyz".')).toBeVisible();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("the hero drawing never overlaps its text between 1024 and 1280 px", async ({ page }) => {
  await page.goto("/");
  const hero = page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
  const drawing = hero.getByRole("img", { name: /Celular mostrando um cardápio digital/ });
  for (const width of [1024, 1100, 1152, 1200, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const img = (await drawing.boundingBox())!;
    for (const text of [
      hero.getByRole("heading", { level: 1 }),
      hero.locator("p").first(),
      hero.locator("p").nth(1),
      hero.getByRole("list"),
      hero.getByRole("link", { name: "Ver Demonstração" }),
      hero.getByRole("link", { name: "Quero meu cardápio" }),
    ]) {
      const box = (await text.boundingBox())!;
      expect(overlaps(box, img), `${width}px: ${await text.innerText()}`).toBe(false);
    }
  }
});

test("on a phone the WhatsApp button never covers a plan's button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const whatsapp = page.getByRole("link", { name: "Fale conosco pelo WhatsApp" });
  const ctas = page
    .getByRole("link", { name: /^Quero o plano / })
    .or(page.getByRole("button", { name: /^Quero o plano / }));
  const count = await ctas.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const cta = ctas.nth(i);
    // The button at the bottom edge of the screen, where the floating button sits.
    for (const block of ["end", "center"] as const) {
      await cta.evaluate((el, b) => el.scrollIntoView({ block: b, behavior: "instant" }), block);
      const label = `${await cta.innerText()} (${block})`;
      // The button steps aside once its observer has seen the call to action (a frame or two,
      // more on a loaded machine): read both boxes and its visibility at once, until it is not
      // covering.
      await expect
        .poll(
          () =>
            cta.evaluate((el) => {
              const a = document.querySelector<HTMLElement>('a[aria-label="Fale conosco pelo WhatsApp"]');
              if (!a || getComputedStyle(a).visibility === "hidden") return true;
              const w = a.getBoundingClientRect();
              const c = el.getBoundingClientRect();
              return !(w.left < c.right && c.left < w.right && w.top < c.bottom && c.top < w.bottom);
            }),
          { message: `WhatsApp button over ${label}`, timeout: 5000 },
        )
        .toBe(true);
    }
  }
  // Away from the plans it is there again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(whatsapp).toBeVisible();
});
