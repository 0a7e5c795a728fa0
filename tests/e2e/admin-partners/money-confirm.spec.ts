import { expect, test } from "@playwright/test";
import {
  expectNoA11yViolations,
  gotoReady,
  loginAsAdmin,
  registerAndLoginRepresentative,
  uniquePhone,
} from "../../support/e2e";
import { completeReferral, sendReferral } from "../../support/referrals";

// Issue 28 item 4: money actions ask first and say the amount.

test("'Concluído' from the referral's page asks with the commission; the payout total follows the ticks, the confirmation repeats amount and method, PIX without a key is refused", async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 8);
  const repName = `Rita Sem Chave ${suffix}`;
  const premium = `Cantina Premium ${suffix}`;
  const basico = `Lanchonete Básica ${suffix}`;
  await registerAndLoginRepresentative(page, repName);
  await sendReferral(page, premium, "Premium", uniquePhone());
  await sendReferral(page, basico, "Básico", uniquePhone());

  const admin = await (await browser.newContext()).newPage();
  await loginAsAdmin(admin);

  // From the referral's own page: the same question as the list, with amount and representative.
  await gotoReady(admin, `/admin/referrals?q=${encodeURIComponent(premium)}`);
  await admin.getByRole("link", { name: `Editar a indicação de ${premium}` }).click();
  await expect(admin.getByRole("heading", { name: "Editar Indicação" })).toBeVisible();
  await admin.getByRole("combobox", { name: `Status da indicação de ${premium}` }).selectOption({
    label: "Concluído",
  });
  const ask = admin.getByRole("alertdialog", { name: "Concluir indicação?" });
  await expect(ask).toContainText(`gera uma comissão de R$ 100,00 para ${repName}`);
  await expectNoA11yViolations(admin);
  await ask.getByRole("button", { name: "Concluir e gerar R$ 100,00" }).click();
  await expect(admin.getByText("Status atualizado para Concluído").first()).toBeVisible();
  await expect(admin.getByText("Comissão: R$ 100,00")).toBeVisible();
  await completeReferral(admin, basico);

  // The payout form: both ticked, R$ 150,00; unticking one follows at once.
  await gotoReady(admin, `/admin/representatives?q=${encodeURIComponent(repName)}`);
  await admin.getByRole("link", { name: repName }).click();
  await expect(admin.getByRole("heading", { name: repName })).toBeVisible();
  const total = admin.getByTestId("payout-total");
  await expect(total).toHaveText("R$ 150,00");
  await expect(
    admin.getByRole("button", { name: `Registrar pagamento de R$ 150,00 a ${repName}` }),
  ).toBeVisible();
  await admin.getByRole("checkbox", { name: new RegExp(basico) }).uncheck();
  await expect(total).toHaveText("R$ 100,00");
  const pay = admin.getByRole("button", { name: `Registrar pagamento de R$ 100,00 a ${repName}` });
  await expect(pay).toBeVisible();

  // PIX without a key on file: the confirmation warns, and the server refuses, recording nothing.
  await admin.getByLabel("Forma de pagamento").selectOption({ label: "PIX" });
  await pay.click();
  const confirm = admin.getByRole("alertdialog", { name: "Confirmar pagamento?" });
  await expect(confirm).toContainText(
    `Pagamento de R$ 100,00 a ${repName} via PIX (sem chave PIX cadastrada`,
  );
  await confirm.getByRole("button", { name: "Registrar R$ 100,00" }).click();
  await expect(
    admin.getByText("Este representante não tem chave PIX cadastrada.", { exact: false }),
  ).toBeVisible();
  await expect(admin.getByText("Nenhum pagamento registrado.")).toBeVisible();

  // Cancelling the confirmation records nothing either; then by transfer it goes through.
  await admin.getByLabel("Forma de pagamento").selectOption({ label: "Transferência" });
  await pay.click();
  await expect(confirm).toContainText(
    `Pagamento de R$ 100,00 a ${repName} por transferência, referente a 1 comissão.`,
  );
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(pay).toBeFocused();
  await expect(admin.getByText("Nenhum pagamento registrado.")).toBeVisible();
  await pay.click();
  await confirm.getByRole("button", { name: "Registrar R$ 100,00" }).click();
  await expect(admin.getByText("Pagamento registrado.", { exact: true })).toBeVisible();
  const payouts = admin.getByRole("table", { name: "Pagamentos" });
  await expect(payouts.getByRole("row").filter({ hasText: "Transferência" })).toContainText("R$ 100,00");
  // Only the unticked commission is left to pay.
  await expect(admin.getByRole("checkbox", { name: new RegExp(basico) })).toBeChecked();
  await expect(admin.getByRole("checkbox", { name: new RegExp(premium) })).toHaveCount(0);
  await expect(total).toHaveText("R$ 50,00");
  await expectNoA11yViolations(admin);
  await admin.context().close();
});
