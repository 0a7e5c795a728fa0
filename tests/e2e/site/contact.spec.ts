import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "../../support/e2e";

// The contact form is a plain POST to the page (issue 26): refused input comes back with the
// messages and what was typed; a sent form redirects to /#contato with the success message in the form's confirmation.
const SUCCESS = "Mensagem enviada com sucesso! Em breve entraremos em contato.";
const PHONE = { width: 390, height: 844 };
const HEADER_PX = 64;

async function fill(page: Page, email: string, { typePhone = true } = {}) {
  await page.getByLabel("Nome completo").fill("Paula Ribeiro");
  await page.getByLabel("Nome do estabelecimento").fill("Açaí da Paula");
  const phone = page.getByLabel("WhatsApp", { exact: true });
  if (typePhone) await phone.pressSequentially("41988887777");
  else await phone.fill("(41) 98888-7777");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await page.getByLabel("Mensagem (opcional)").fill("Quero começar pelo delivery.");
}

/** The confirmation after the redirect (no toast), fully below the sticky header. */
async function expectSent(page: Page) {
  await expect(page).toHaveURL(/\/#contato$/);
  const confirmation = page.getByRole("status").filter({ hasText: SUCCESS });
  // One confirmation: the form's, no toast over it.
  await expect(page.locator("[data-toast]")).toHaveCount(0);
  await expect(confirmation).toBeInViewport({ ratio: 1 });
  const box = (await confirmation.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(HEADER_PX);
}

async function refusedThenSent(page: Page) {
  await page.goto("/#contato");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  const form = page.getByRole("form", { name: "Formulário de contato" });
  await expect(form.getByText("Informe seu nome completo.")).toBeVisible();
  await expect(form.getByText("Informe o nome do seu negócio.")).toBeVisible();
  await expect(form.getByText("Informe seu WhatsApp com DDD.")).toBeVisible();
  await expect(form.getByText("Informe seu e-mail.")).toBeVisible();
  await expect(form.getByText("Selecione um plano.")).toBeVisible();

  await fill(page, "isto-nao-e-email", { typePhone: false });
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(form.getByText("Informe um e-mail válido.")).toBeVisible();
  // What was typed comes back.
  await expect(page.getByLabel("Nome completo")).toHaveValue("Paula Ribeiro");
  await expect(page.getByLabel("Plano de interesse").locator("option:checked")).toHaveText("Premium");

  await page.getByLabel("E-mail").fill(uniqueEmail("lead"));
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expectSent(page);
}

test.describe("with JavaScript", () => {
  test("refused, then sent: messages, the first field to fix focused, then the confirmation", async ({
    page,
  }) => {
    await refusedThenSent(page);
  });

  test("phone mask, busy label while sending, and the attribution of the first page view", async ({
    page,
  }) => {
    await page.goto("/?utm_source=e2e&utm_campaign=formulario");
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.getByRole("link", { name: "CardápioDigital" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    const attr = (await page.context().cookies()).find((c) => c.name === "__attr");
    expect(attr).toBeTruthy();
    const stored = JSON.parse(Buffer.from(decodeURIComponent(attr!.value), "base64").toString("utf8"));
    expect(stored).toMatchObject({ utmSource: "e2e", utmCampaign: "formulario" });
    expect(stored.landingPage).toBe("/?utm_source=e2e&utm_campaign=formulario");

    await fill(page, uniqueEmail("lead"));
    await expect(page.getByLabel("WhatsApp", { exact: true })).toHaveValue("(41) 98888-7777");

    // While the POST is on its way the page is navigating, and Playwright waits for that before
    // reading it: the page itself notes the button right after it was sent, in its session storage
    // (kept across the redirect), and the test reads the note on the next page.
    await page.evaluate(() => {
      const form = document.querySelector("form[data-contact-form]")!;
      const button = form.querySelector("button[type=submit]") as HTMLButtonElement;
      form.addEventListener("submit", () =>
        queueMicrotask(() =>
          sessionStorage.setItem("e2e-button", JSON.stringify([button.textContent, button.disabled])),
        ),
      );
    });
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expectSent(page);
    expect(await page.evaluate(() => sessionStorage.getItem("e2e-button"))).toBe('["Enviando...",true]');
  });

  test.describe("on a phone", () => {
    test.use({ viewport: PHONE });

    test("the WhatsApp button never covers a focused field or the submit button", async ({ page }) => {
      await page.goto("/#contato");
      const wa = page.getByRole("link", { name: "Fale conosco pelo WhatsApp" });
      const overlaps = async (name: string) => {
        const field = page
          .getByRole("form", { name: "Formulário de contato" })
          .getByLabel(name, { exact: true });
        await field.scrollIntoViewIfNeeded();
        await field.focus();
        await expect(wa).toBeHidden();
      };
      for (const name of ["Nome completo", "E-mail", "Mensagem (opcional)"]) await overlaps(name);
      await page.locator("body").click({ position: { x: 5, y: 300 } });
      const submit = page.getByRole("button", { name: "Enviar mensagem" });
      // Bring the submit button to the bottom of the screen, where the floating button sits.
      await submit.evaluate((el) => {
        const r = el.getBoundingClientRect();
        window.scrollBy({ top: r.bottom - window.innerHeight + 10, behavior: "instant" });
      });
      await expect(wa).toBeHidden();
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await expect(wa).toBeVisible();
    });

    test("after sending, the confirmation is fully visible below the sticky header", async ({ page }) => {
      await page.goto("/");
      await fill(page, uniqueEmail("fone"));
      await page.getByRole("button", { name: "Enviar mensagem" }).click();
      await expectSent(page);
    });
  });
});

test.describe("without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the form creates a lead and shows the confirmation after the redirect", async ({ page }) => {
    await refusedThenSent(page);
  });

  test("the WhatsApp button steps aside from a focused field", async ({ page }) => {
    await page.goto("/#contato");
    await page.getByLabel("E-mail").focus();
    await expect(page.getByRole("link", { name: "Fale conosco pelo WhatsApp" })).toBeHidden();
  });
});
