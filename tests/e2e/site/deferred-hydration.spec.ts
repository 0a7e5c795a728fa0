import { expect, test } from "@playwright/test";

// Deferred hydration of the landing (decision 004): complete as HTML, hydrated on the visitor's
// first sign of life; what they tap before React is there is not lost.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("on a phone, the first tap on the menu opens it although React was not loaded yet", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await page.goto("/", { waitUntil: "networkidle" });
  expect(scripts).toEqual([]);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A tap: touch, then click, before any script was fetched.
  await page.getByRole("button", { name: "Abrir menu" }).tap();
  await expect(page.getByRole("button", { name: "Fechar menu" })).toBeVisible();
  expect(scripts.some((u) => u.includes("/assets/entry.client"))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Abrir menu" })).toBeFocused();
});

test("arriving at /#contato hydrates at once: the contact form is ready to send", async ({ page }) => {
  await page.goto("/#contato");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await expect(page.locator("#contato form")).toBeVisible();
});
