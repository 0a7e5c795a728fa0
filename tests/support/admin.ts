import { expect, type Page } from "@playwright/test";
import { addDays, addMonths, todayInSaoPaulo } from "../../app/lib/dates";
import { formatIsoDate } from "../../app/lib/format";

export { addDays, formatIsoDate, todayInSaoPaulo };

export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A start date whose renewal of `months` ends exactly on `end` (month-end clamping respected). */
export function startDateEndingOn(end: string, months: number): string {
  for (let back = months * 28; back <= months * 31 + 3; back++) {
    const start = addDays(end, -back);
    if (addMonths(start, months) === end) return start;
  }
  throw new Error(`no start date ends on ${end}`);
}

/** Picks the option whose text contains `text` in the select labelled `label`. */
export async function selectByText(page: Page, label: string, text: string) {
  const select = page.getByLabel(label, { exact: true });
  const value = await select.locator("option", { hasText: text }).first().getAttribute("value");
  await select.selectOption(value!);
}

export async function expectToast(page: Page, message: string | RegExp) {
  // sonner's in the hydrated app; the server-rendered one on plain pages (PublicToast).
  await expect(page.locator("[data-sonner-toast], [data-toast]", { hasText: message }).first()).toBeVisible();
}

/**
 * Waits for the notifications to leave, with the pointer off them: the toasts sit top-right, over
 * the page header's actions, and sonner keeps them while the pointer rests on them (as Playwright's
 * does after clicking a header link), so a click there would land on a toast.
 */
export async function waitForToastsToLeave(page: Page) {
  await page.mouse.move(0, (page.viewportSize()?.height ?? 600) - 1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

/** Clicks a ConfirmButton by its accessible name and confirms in the dialog. */
export async function confirmDelete(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Excluir" }).click();
  await expect(dialog).toBeHidden();
}

export interface NewClient {
  name: string;
  email: string;
  business: string;
  plan?: string;
}

/** Creates a client through the real form; returns its id (from the edit link in the list). */
export async function createClientViaForm(page: Page, c: NewClient): Promise<string> {
  await page.goto("/admin/clients/new");
  await page.getByLabel("Nome", { exact: true }).fill(c.name);
  await page.getByLabel("E-mail", { exact: true }).fill(c.email);
  await page.getByLabel("Telefone").fill("11987654321");
  await page.getByLabel("Nome do negócio").fill(c.business);
  await selectByText(page, "Plano", c.plan ?? "Básico");
  await page.getByRole("button", { name: "Criar Cliente" }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expectToast(page, "Cliente criado com sucesso!");
  return clientIdByEmail(page, c.email);
}

export async function clientIdByEmail(page: Page, email: string): Promise<string> {
  await page.goto(`/admin/clients?q=${encodeURIComponent(email)}`);
  const href = await page
    .getByRole("row", { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .getByRole("link", { name: /^Editar/ })
    .getAttribute("href");
  return href!.split("/").pop()!;
}

/** Adds a subscription on the client's edit page (already open). */
export async function addSubscription(page: Page, plan: string, startDate: string, renewal = "Mensal") {
  await selectByText(page, "Plano da assinatura", plan);
  // The field takes dd/mm/aaaa; an ISO date (what the tests compute) is turned around by its mask.
  await page.getByLabel("Data de início").fill(startDate);
  await page.getByLabel("Tipo de renovação").selectOption({ label: renewal });
  await page.getByRole("button", { name: "Adicionar Assinatura" }).click();
  await expectToast(page, "Assinatura adicionada com sucesso!");
}

/**
 * Configurações → Financeiro → "Dados da empresa" (decision 042): receipts are e-mailed only once
 * the issuer is set, so a spec that waits for "Pagamento recebido" saves it first.
 */
export async function saveCompanyData(page: Page) {
  await page.goto("/admin/settings/billing/company");
  await page.getByLabel("Razão social").fill("Cardápio Digital Ltda");
  await page.getByLabel("CNPJ").fill("11.222.333/0001-81");
  await page.getByLabel("Endereço (logradouro, número e complemento)").fill("Av. Paulista, 1000, sala 101");
  await page.getByLabel("Bairro").fill("Bela Vista");
  await page.getByLabel("Cidade").fill("São Paulo");
  await page.getByLabel("UF").selectOption("SP");
  await page.getByLabel("CEP").fill("01310-100");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectToast(page, "Dados da empresa salvos com sucesso!");
}
