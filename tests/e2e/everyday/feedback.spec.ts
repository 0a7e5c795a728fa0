// Issue 17 item 6: feedback that is said once, never hides the search box, and a contact
// confirmation that stays.
import { expect, test } from "../../support/fixtures";
import { ADMIN, uniqueEmail } from "../../support/e2e";

test("a failed then successful sign-in: the error was shown once and is gone after", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Senha").fill("senha-errada");
  await page.getByRole("button", { name: "Entrar" }).click();
  const error = page.getByText("Erro ao fazer login. Verifique suas credenciais.");
  await expect(page.getByRole("alert")).toHaveText("Erro ao fazer login. Verifique suas credenciais.");
  // Once: the alert beside the form, not a toast saying it again.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(error).toHaveCount(1);
  await page.getByLabel("Senha").fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
  await expect(error).toHaveCount(0);
});

test("an admin toast does not cover the search box", async ({ adminPage: page }) => {
  for (const size of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto("/admin/clients/edit/00000000-0000-4000-8000-000000000000");
    await expect(page).toHaveURL(/\/admin\/clients$/);
    const toastBox = await page.locator("[data-sonner-toast]").first().boundingBox();
    const searchBox = await page.getByRole("searchbox", { name: "Buscar clientes" }).boundingBox();
    expect(toastBox && searchBox).toBeTruthy();
    const overlap =
      toastBox!.x < searchBox!.x + searchBox!.width &&
      searchBox!.x < toastBox!.x + toastBox!.width &&
      toastBox!.y < searchBox!.y + searchBox!.height &&
      searchBox!.y < toastBox!.y + toastBox!.height;
    expect(
      overlap,
      `${size.width}px: toast ${JSON.stringify(toastBox)} search ${JSON.stringify(searchBox)}`,
    ).toBe(false);
  }
});

test("the contact form's confirmation stays beside the emptied form, with a WhatsApp link", async ({
  page,
}) => {
  await page.goto("/#contato");
  await page.getByLabel("Nome completo").fill("Carla Souza");
  await page.getByLabel("Nome do estabelecimento").fill("Padaria da Carla");
  await page.getByLabel("WhatsApp", { exact: true }).fill("(41) 98888-7777");
  await page.getByLabel("E-mail").fill(uniqueEmail("confirma"));
  await page.getByLabel("Plano de interesse").selectOption({ label: "Ainda não sei qual plano escolher" });
  await page.getByRole("button", { name: "Enviar mensagem" }).click();

  // A plain POST: the server redirects back to the form with the confirmation.
  await expect(page).toHaveURL(/\/#contato$/);
  const confirmation = page.getByRole("status").filter({
    hasText: "Mensagem enviada com sucesso! Em breve entraremos em contato.",
  });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole("link", { name: "Fale agora pelo WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\d{12,13}\?text=/,
  );
  // One confirmation: no toast over the form.
  await expect(page.locator("[data-toast]")).toHaveCount(0);
  // The form for another message is folded below it, empty.
  await page.getByText("Enviar outra mensagem").click();
  await expect(page.getByLabel("Nome completo")).toBeVisible();
  await expect(page.getByLabel("Nome completo")).toHaveValue("");
});
