import type { Page } from "@playwright/test";
import { showUp } from "../../support/e2e";

/**
 * Waits until React has hydrated the page (its fiber is attached to the DOM), so clicks reach
 * the React handlers instead of the server HTML's plain links and forms. The landing hydrates on
 * the visitor's first sign of life (deferred hydration): the mouse moves, as a visitor's would.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await showUp(page);
  await page.waitForFunction(() => {
    const main = document.getElementById("conteudo");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactFiber"));
  });
}
