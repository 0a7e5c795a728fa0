import { test as base, type Page } from "@playwright/test";
import { loginAsAdmin, registerAndLoginRepresentative } from "./e2e";

export { expect } from "@playwright/test";

export interface SignedInRepresentative {
  page: Page;
  email: string;
  password: string;
  name: string;
}

/**
 * Playwright fixtures for the two kinds of signed-in user:
 * - `adminPage`: the test's page, signed in as the E2E admin (through the real login form);
 * - `representative`: a new representative, registered and signed in through the real forms,
 *   in a browser context of its own (so a test can hold it next to `adminPage`). Its name is
 *   `representativeName` (`test.use({ representativeName: "…" })`).
 */
export const test = base.extend<{
  adminPage: Page;
  representative: SignedInRepresentative;
  representativeName: string;
}>({
  representativeName: ["Representante E2E", { option: true }],
  // A form with unsaved changes asks before the page unloads (issue 17). A test that leaves one
  // with page.goto answers "leave", as a person would. (The app opens no other browser dialog.)
  page: async ({ page }, use) => {
    page.on("dialog", (dialog) => {
      if (dialog.type() === "beforeunload") void dialog.accept().catch(() => {});
    });
    await use(page);
  },
  adminPage: async ({ page }, use) => {
    await loginAsAdmin(page);
    await use(page);
  },
  representative: async ({ browser, representativeName }, use) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const creds = await registerAndLoginRepresentative(page, representativeName);
    await use({ page, ...creds });
    await context.close();
  },
});
