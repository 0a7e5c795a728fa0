import { expect, test } from "@playwright/test";
import {
  ADMIN,
  expectNoA11yViolations,
  loginAsAdmin,
  registerAndLoginRepresentative,
  uniqueEmail,
} from "../../support/e2e";

test("admin login: failure and success texts, then logout", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Senha").fill("senha-errada");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert")).toHaveText("Erro ao fazer login. Verifique suas credenciais.");
  await page.getByLabel("Senha").fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText("Logout realizado com sucesso!")).toBeVisible();
});

test("anonymous visitor of /admin is sent to the login with the spec's message", async ({ page }) => {
  await page.goto("/admin/clients");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText("Você precisa estar autenticado para acessar esta área")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("a representative is refused on every /admin page and on a raw POST", async ({ page }) => {
  await registerAndLoginRepresentative(page);
  const pages = [
    "/admin",
    "/admin/dashboard",
    "/admin/clients",
    "/admin/clients/new",
    "/admin/plans",
    "/admin/plans/new",
    "/admin/leads",
    "/admin/blog",
    "/admin/blog/new",
    "/admin/settings",
    "/admin/referrals",
    "/admin/representatives",
  ];
  for (const url of pages) {
    await page.goto(url);
    await expect(page, url).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("Você precisa estar autenticado para acessar esta área")).toBeVisible();
  }
  const res = await page.request.post("/admin/plans/new", {
    form: { name: "Hackeado", price: "1", setup_fee: "0" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect([302, 401, 403]).toContain(res.status());
  if (res.status() === 302) expect(res.headers()["location"]).toBe("/admin/login");
  // Nothing was created: the public plans list does not show it.
  await page.goto("/");
  await expect(page.getByText("Hackeado")).toHaveCount(0);
});

test("representative registration: validation texts and success flow", async ({ page }) => {
  await page.goto("/representante/register");
  await page.getByLabel("Nome completo").fill("Carla Mendes");
  await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("carla"));
  await page.getByLabel("Senha", { exact: true }).fill("123456");
  await page.getByLabel("Confirmar senha").fill("1234567");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByText("As senhas não coincidem")).toBeVisible();
  await page.getByLabel("Senha", { exact: true }).fill("123");
  await page.getByLabel("Confirmar senha").fill("123");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByText("A senha deve ter pelo menos 6 caracteres")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("Senha", { exact: true }).fill("123456");
  await page.getByLabel("Confirmar senha").fill("123456");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByText("Escolha uma senha menos comum.")).toBeVisible();
  await page.getByLabel("Senha", { exact: true }).fill("carla-mendes-77");
  await page.getByLabel("Confirmar senha").fill("carla-mendes-77");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page).toHaveURL(/\/representante\/login$/);
  await expect(page.getByText("Cadastro realizado com sucesso! Faça login para continuar.")).toBeVisible();
});

test("unknown URL shows the pt-BR 404 inside the public shell", async ({ page }) => {
  const res = await page.goto("/nao-existe");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Principal" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Posts recentes" })).toBeVisible();
});

test("admin shell: collapsible sidebar with the spec's entries", async ({ page }) => {
  await loginAsAdmin(page);
  const nav = page.getByRole("navigation", { name: "Menu administrativo" });
  for (const label of [
    "Dashboard",
    "Clientes",
    "Planos",
    "Funil de Leads",
    "Blog",
    "Indicações",
    "Representantes",
    "Configurações",
  ]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await page.getByRole("button", { name: "Recolher menu lateral" }).click();
  await expect(page.getByRole("button", { name: "Expandir menu lateral" })).toBeVisible();
});
