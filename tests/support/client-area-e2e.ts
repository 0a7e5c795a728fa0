import { expect, type Page } from "@playwright/test";
import { gotoReady } from "./e2e";
import { linkIn, waitForMail } from "./mail";

/** Signs a client in to /cliente the way a client does: asks for the link, opens it from the e-mail. */
export async function signInToClientArea(page: Page, email: string) {
  await gotoReady(page, "/cliente/entrar");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Receber link de acesso" }).click();
  const [mail] = await waitForMail((m) => m.to.includes(email) && m.subject.includes("link de acesso"));
  const href = /href="(http[^"]+\/cliente\/entrar\/confirmar\?token=[^"]+)"/.exec(mail.html)?.[1];
  expect(href, "the sign-in link").toBeTruthy();
  const link = linkIn(mail.html, href!.replaceAll("&amp;", "&"));
  await gotoReady(page, new URL(link).pathname + new URL(link).search);
  await page.getByRole("button", { name: "Entrar na Área do Cliente" }).click();
  await expect(page).toHaveURL(/\/cliente$/);
}
