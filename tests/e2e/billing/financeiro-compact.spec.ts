// Issue 45 item 1: Financeiro at a laptop's 1366 × 768. A charge is one line, with the client's
// name beside "Registrar pagamento" and no sideways scroll (the page's or the table's); the PIX
// is in the charge's own dialog; the payment's dialog names the client, the charge and the amount;
// the filters find a client without its accents.
import { createClientViaForm, expectToast, unique } from "../../support/admin";
import { gotoReady, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";

test.use({ viewport: { width: 1366, height: 768 } });

test("one line per charge: the client and 'Registrar pagamento' in view together; PIX in the charge's dialog", async ({
  adminPage: page,
}) => {
  const tag = unique("").trim();
  const name = `Conceição Brandão ${tag}`;
  const business = `Açaí da Conceição ${tag}`;
  await createClientViaForm(page, { name, email: uniqueEmail("compacta"), business, plan: "Premium" });

  // Found by the filters' client search, typed without accents.
  await gotoReady(page, "/admin/billing");
  const filters = page.getByRole("form", { name: "Filtrar cobranças" });
  await filters.getByLabel("Cliente", { exact: true }).fill(`conceicao brandao ${tag}`);
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole("table", { name: "Cobranças" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText("Ativação");
  await expect(row.getByRole("img")).toHaveCount(0);

  const client = row.getByRole("link", { name, exact: true });
  const pay = row.getByRole("button", { name: "Registrar pagamento" });
  for (const control of [client, pay]) {
    await expect(control).toBeInViewport();
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
  }
  const overflow = await table.evaluate((t) => ({
    page: document.documentElement.scrollWidth - innerWidth,
    table: t.parentElement!.scrollWidth - t.parentElement!.clientWidth,
  }));
  expect(overflow, "no sideways scroll, of the page or of the table").toEqual({ page: 0, table: 0 });

  // The PIX and the rest of the charge are in its own dialog, from the row's menu.
  const number = (await row.getByRole("cell").first().innerText()).trim();
  await row.getByRole("button", { name: `Mais ações da cobrança ${number}` }).click();
  await page.getByRole("menuitem", { name: "PIX e detalhes" }).click();
  const panel = page.getByRole("dialog", { name: `Cobrança ${number}` });
  await expect(panel).toContainText(`${name} (${business})`);
  await expect(panel.getByLabel("PIX copia e cola").or(panel.getByText("Sem código PIX"))).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // The payment is confirmed knowing whose, which charge and how much.
  await pay.click();
  const dialog = page.getByRole("dialog", { name: "Registrar pagamento" });
  await expect(dialog).toContainText(
    new RegExp(`Cobrança ${number} de ${name} \\(${business}\\): R\\$\\s[\\d.]+,\\d{2}\\.`),
  );
  await dialog.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expectToast(page, "Pagamento registrado com sucesso!");
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Paga");
});
