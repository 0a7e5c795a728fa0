// /privacidade and /termos (LGPD, issue 16): server-rendered, linked from the footer and from the
// forms that collect personal data, editable in Configurações → Privacidade (restored afterwards).
import { expectNoA11yViolations } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";

// The third test changes the texts the first one reads: one after the other.
test.describe.configure({ mode: "serial" });

test("the policy and the terms are server-rendered pages, linked from the footer, without a11y violations", async ({
  page,
  request,
}) => {
  for (const [path, title] of [
    ["/privacidade", "Política de Privacidade"],
    ["/termos", "Termos de Uso"],
  ]) {
    // In the first HTML: title, canonical and the text (no JavaScript needed).
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<title>${title} | CardápioDigital</title>`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${path}"`));
    expect(html).toContain(`<h1 class="text-3xl font-bold text-slate-900 md:text-4xl">${title}</h1>`);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectNoA11yViolations(page);
  }
  await page.goto("/");
  const legal = page.getByRole("navigation", { name: "Privacidade e termos" });
  await legal.getByRole("link", { name: "Política de Privacidade" }).click();
  await expect(page).toHaveURL(/\/privacidade$/);
  await expect(page.getByRole("heading", { name: "Seus direitos" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Por quanto tempo guardamos" })).toBeVisible();
  expect(await (await request.get("/sitemap.xml")).text()).toMatch(
    /\/privacidade<\/loc>[\s\S]*\/termos<\/loc>/,
  );
});

test("the contact form and the representative registration show a notice linking to the policy, no box ticked", async ({
  page,
}) => {
  for (const path of ["/", "/contato"]) {
    await page.goto(path);
    const form = page.locator("form", { has: page.getByRole("button", { name: "Enviar mensagem" }) });
    const notice = form.locator("[data-privacy-notice]");
    await expect(notice).toContainText("Usamos seus dados só para responder a este contato");
    await expect(notice.getByRole("link", { name: /Política de Privacidade/ })).toHaveAttribute(
      "href",
      "/privacidade",
    );
    expect(await form.locator("input[type=checkbox]:checked").count()).toBe(0);
  }
  await page.goto("/representante/register");
  const notice = page.locator("[data-privacy-notice]");
  await expect(notice.getByRole("link", { name: /Termos de Uso/ })).toHaveAttribute("href", "/termos");
  await expect(notice.getByRole("link", { name: /Política de Privacidade/ })).toHaveAttribute(
    "href",
    "/privacidade",
  );
});

test("Privacidade → Responsável e textos legais: the controller and an own text show on /privacidade, then back to the default", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/settings/privacy");
  // One "Privacidade" (issue 28 item 7): the sidebar entry, whose second tab is this page.
  await expect(
    page
      .getByRole("navigation", { name: "Seções da privacidade" })
      .getByRole("link", { name: "Responsável e textos legais" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(
    page.getByRole("navigation", { name: "Menu administrativo" }).getByRole("link", { name: "Privacidade" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Privacidade", exact: true })).toHaveCount(1);
  const company = page.getByLabel("Empresa responsável (controlador)");
  const email = page.getByLabel("E-mail para pedidos sobre dados pessoais");
  const policy = page.getByLabel("Política de Privacidade (HTML)", { exact: true });
  // The success toast of the previous save is still on screen when the next one is clicked:
  // waiting for the toast alone let the test read /privacidade before the second save had even
  // reached the server (the flaky CI run). The POST's answer comes after the commit and the
  // public-cache invalidation, so the page read after it is the saved one.
  const save = async () => {
    const answered = page.waitForResponse(
      (r) =>
        r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/settings/privacy"),
    );
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    expect((await answered).status()).toBeLessThan(400);
    await expect(page.getByText("Textos de privacidade salvos com sucesso!").first()).toBeVisible();
  };
  const original = {
    company: await company.inputValue(),
    email: await email.inputValue(),
    policy: await policy.inputValue(),
  };
  await expectNoA11yViolations(page);
  try {
    await email.fill("nao-e-email");
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByText("Informe um e-mail válido")).toBeVisible();

    await company.fill("Empresa E2E Privacidade Ltda.");
    await email.fill("dpo-e2e@cardapio.dev");
    await save();
    let html = await (await page.request.get("/privacidade")).text();
    expect(html).toContain("Empresa E2E Privacidade Ltda.");
    expect(html).toContain("mailto:dpo-e2e@cardapio.dev");

    await policy.fill("<h2>Política própria E2E</h2><p>Texto.</p><script>window.__x = 1</script>");
    await save();
    html = await (await page.request.get("/privacidade")).text();
    expect(html).toContain("<h2>Política própria E2E</h2>");
    expect(html).not.toContain("window.__x");
  } finally {
    await page.goto("/admin/settings/privacy");
    await company.fill(original.company);
    await email.fill(original.email);
    await policy.fill(original.policy);
    await save();
  }
});
