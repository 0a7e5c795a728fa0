import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "../../support/e2e";
import { gotoHydrated } from "./hydration";

const SUCCESS = "Mensagem enviada com sucesso! Em breve entraremos em contato.";

async function fill(page: Page, email: string) {
  await page.getByLabel("Nome completo").fill("Paula Ribeiro");
  await page.getByLabel("Nome do estabelecimento").fill("Açaí da Paula");
  await page.getByLabel("WhatsApp", { exact: true }).pressSequentially("41988887777");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await page.getByLabel("Mensagem (opcional)").fill("Quero começar pelo delivery.");
}

test("contact form: validation messages from the server, without a reload", async ({ page }) => {
  await gotoHydrated(page, "/#contato");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  const form = page.getByRole("form", { name: "Formulário de contato" });
  await expect(form.getByText("Informe seu nome completo.")).toBeVisible();
  await expect(form.getByText("Informe o nome do seu negócio.")).toBeVisible();
  await expect(form.getByText("Informe seu WhatsApp com DDD.")).toBeVisible();
  await expect(form.getByText("Informe seu e-mail.")).toBeVisible();
  await expect(form.getByText("Selecione um plano.")).toBeVisible();
  await expect(page.getByLabel("Nome completo")).toBeFocused();
  await page.getByLabel("E-mail").fill("isto-nao-e-email");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(form.getByText("Informe um e-mail válido.")).toBeVisible();
  // Same document: no full page load happened.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test("contact form: busy state, success toast and every field reset", async ({ page }) => {
  await gotoHydrated(page, "/?utm_source=e2e&utm_campaign=formulario");
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await page.getByRole("link", { name: "CardápioDigital" }).first().click();
  await expect(page).toHaveURL(/\/$/);

  // The attribution of the first page view is kept for the session.
  const attr = (await page.context().cookies()).find((c) => c.name === "__attr");
  expect(attr).toBeTruthy();
  const stored = JSON.parse(Buffer.from(decodeURIComponent(attr!.value), "base64").toString("utf8"));
  expect(stored).toMatchObject({ utmSource: "e2e", utmCampaign: "formulario" });
  expect(stored.landingPage).toBe("/?utm_source=e2e&utm_campaign=formulario");

  await fill(page, uniqueEmail("lead"));
  await expect(page.getByLabel("WhatsApp", { exact: true })).toHaveValue("(41) 98888-7777");

  // Hold the POST a moment to see the busy state.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(
    (url) => url.pathname === "/api/contato" || url.pathname === "/",
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  const busy = page.getByRole("button", { name: "Enviando..." });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();

  await expect(page.getByText(SUCCESS)).toBeVisible();
  for (const label of [
    "Nome completo",
    "Nome do estabelecimento",
    "WhatsApp",
    "E-mail",
    "Mensagem (opcional)",
  ]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
  }
  await expect(page.getByLabel("Plano de interesse")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Enviar mensagem" })).toBeEnabled();
});

test("contact form: a network failure says so and keeps what was typed, then sending again works", async ({
  page,
}) => {
  await gotoHydrated(page, "/#contato");
  const email = uniqueEmail("rede");
  await fill(page, email);
  await page.route("**/api/contato", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByText("Erro ao enviar mensagem. Por favor, tente novamente.")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Nome completo")).toHaveValue("Paula Ribeiro");

  await page.unroute("**/api/contato");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue("");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form still works as a plain POST", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Informe seu nome completo.")).toBeVisible();
    await expect(page).toHaveURL(/#contato$/);

    await page.getByLabel("Nome completo").fill("Paula Ribeiro");
    await page.getByLabel("Nome do estabelecimento").fill("Açaí da Paula");
    await page.getByLabel("WhatsApp", { exact: true }).fill("(41) 98888-7777");
    await page.getByLabel("E-mail").fill("sem-js");
    await page.getByLabel("Plano de interesse").selectOption({ label: "Ainda não sei qual plano escolher" });
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Informe um e-mail válido.")).toBeVisible();
    // What was typed comes back.
    await expect(page.getByLabel("Nome completo")).toHaveValue("Paula Ribeiro");
    await expect(page.getByLabel("Plano de interesse")).toHaveValue("unsure");

    await page.getByLabel("E-mail").fill(uniqueEmail("semjs"));
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
    await expect(page.getByLabel("Nome completo")).toHaveValue("");
  });

  test("the representative trigger falls back to the sign-up page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Seja um representante" })).toHaveAttribute(
      "href",
      "/representante/register",
    );
  });
});
