// Cookie consent (LGPD, issue 16): with GA, GTM, the Meta Pixel and custom scripts configured,
// nothing but the Consent Mode defaults runs before a choice; each category loads only once
// accepted; the choice survives a reload and can be withdrawn from the footer. The banner and the
// preferences are server-rendered forms (issue 26): a choice posts to /consentimento and the same
// page comes back, rendered with exactly the accepted trackers.
// Settings are one site-wide record: this test puts back what it found before it ends.
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expectNoA11yViolations } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";

const IDS = {
  "ID do Google Analytics": "G-LGPD16TEST",
  "ID do Google Tag Manager": "GTM-LGPD16T",
  "ID do Pixel do Facebook": "1616161616161616",
  "Scripts no <head>": "<script>window.__lgpdHead = 1;</script>",
  "Scripts no fim do <body>": "<script>window.__lgpdBody = 1;</script>",
} as const;
type Field = keyof typeof IDS;

async function saveTracking(page: Page, values: Record<Field, string>) {
  await page.goto("/admin/settings");
  await page
    .getByRole("tablist", { name: "Seções das configurações" })
    .getByRole("tab", { name: "Analytics e Tracking" })
    .click();
  await page.getByLabel("ID do Google Analytics").fill(values["ID do Google Analytics"]);
  await page.getByLabel("ID do Google Tag Manager").fill(values["ID do Google Tag Manager"]);
  await page.getByLabel("ID do Pixel do Facebook").fill(values["ID do Pixel do Facebook"]);
  await page
    .getByRole("tablist", { name: "Seções das configurações" })
    .getByRole("tab", { name: "Scripts Personalizados" })
    .click();
  await page.getByLabel("Scripts no <head>").fill(values["Scripts no <head>"]);
  await page.getByLabel("Scripts no fim do <body>").fill(values["Scripts no fim do <body>"]);
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!").first()).toBeVisible();
}

async function readTracking(page: Page): Promise<Record<Field, string>> {
  await page.goto("/admin/settings");
  const out = {} as Record<Field, string>;
  for (const label of Object.keys(IDS) as Field[]) {
    out[label] = await page.getByLabel(label).inputValue();
  }
  return out;
}

/** Every request to a tracker's host is answered here (nothing leaves) and recorded. */
async function interceptTrackers(ctx: BrowserContext) {
  const hits: string[] = [];
  await ctx.route(/(google-analytics\.com|googletagmanager\.com|facebook\.net|facebook\.com)/, (route) => {
    hits.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "application/javascript", body: "" });
  });
  return hits;
}

const ga = (hits: string[]) => hits.some((u) => u.includes("googletagmanager.com/gtag/js?id=G-LGPD16TEST"));
const gtm = (hits: string[]) => hits.some((u) => u.includes("googletagmanager.com/gtm.js?id=GTM-LGPD16T"));
const pixel = (hits: string[]) => hits.some((u) => u.includes("connect.facebook.net"));
const windowFlag = (page: Page, name: string) =>
  page.evaluate((n) => (window as unknown as Record<string, unknown>)[n] ?? null, name);

/** A choice is a form post: the visitor is sent back (303) to the page, rendered anew. */
async function choose(page: Page, button: Locator, path: RegExp) {
  await Promise.all([page.waitForEvent("load"), button.click()]);
  await expect(page).toHaveURL(path);
}

/** The Consent Mode commands pushed so far, as [command, signals]. */
function consentCalls(page: Page) {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((e) => Array.from(e as ArrayLike<unknown>))
      .filter((a) => a[0] === "consent")
      .map((a) => [a[1], a[2]] as [string, Record<string, string>]),
  );
}

test("consent banner: nothing loads before a choice; analytics, then all; survives reload; withdrawn from the footer", async ({
  adminPage,
  browser,
}) => {
  test.slow();
  const original = await readTracking(adminPage);
  await saveTracking(adminPage, IDS);
  const ctx = await browser.newContext();
  try {
    const hits = await interceptTrackers(ctx);
    const page = await ctx.newPage();
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Sua privacidade" });
    await expect(banner).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(hits).toEqual([]);
    expect(await windowFlag(page, "__lgpdHead")).toBeNull();
    expect(await windowFlag(page, "__lgpdBody")).toBeNull();
    const before = await consentCalls(page);
    expect(before[0][0]).toBe("default");
    expect(before[0][1]).toMatchObject({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
    });
    expect(before).toHaveLength(1);

    // Non-blocking: it leaves the floating WhatsApp button free, and the page stays usable.
    const whatsapp = page.getByRole("link", { name: "Fale conosco pelo WhatsApp" });
    if (await whatsapp.count()) {
      const b = (await banner.boundingBox())!;
      const w = (await whatsapp.boundingBox())!;
      const overlap =
        b.x < w.x + w.width && w.x < b.x + b.width && b.y < w.y + w.height && w.y < b.y + b.height;
      expect(overlap).toBe(false);
    }
    await expectNoA11yViolations(page);

    // Statistics only: GA and GTM load at once, the Pixel and the custom scripts do not.
    await banner.getByRole("button", { name: "Personalizar" }).click();
    const dialog = page.getByRole("dialog", { name: "Preferências de cookies" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Necessários")).toBeChecked();
    await expect(dialog.getByLabel("Necessários")).toBeDisabled();
    await expect(dialog.getByLabel("Estatísticas")).not.toBeChecked();
    await expect(dialog.getByLabel("Marketing")).not.toBeChecked();
    await expectNoA11yViolations(page);
    await dialog.getByLabel("Estatísticas").check();
    await choose(page, dialog.getByRole("button", { name: "Salvar escolhas" }), /\/$/);
    await expect(dialog).toBeHidden();
    await expect(banner).toHaveCount(0);
    await expect.poll(() => ga(hits) && gtm(hits)).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(pixel(hits)).toBe(false);
    expect(await windowFlag(page, "__lgpdHead")).toBeNull();
    const after = await consentCalls(page);
    expect(after.at(-1)).toEqual([
      "update",
      expect.objectContaining({ analytics_storage: "granted", ad_storage: "denied" }),
    ]);
    const cookie = (await ctx.cookies()).find((c) => c.name === "consentimento");
    expect(cookie?.value).toBe("v1.10");

    // Remembered: the next document renders GA itself, with no banner.
    hits.length = 0;
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(ga(hits)).toBe(true);
    expect(pixel(hits)).toBe(false);
    await expect(banner).toHaveCount(0);

    // Everything, from the footer link: the Pixel and the admin's scripts run.
    await page.getByRole("button", { name: "Preferências de cookies" }).click();
    await expect(dialog.getByLabel("Estatísticas")).toBeChecked();
    await choose(page, dialog.getByRole("button", { name: "Aceitar todos" }), /\/$/);
    await expect(dialog).toBeHidden();
    await expect.poll(() => pixel(hits)).toBe(true);
    await expect.poll(() => windowFlag(page, "__lgpdHead")).toBe(1);
    await expect.poll(() => windowFlag(page, "__lgpdBody")).toBe(1);
    hits.length = 0;
    await page.goto("/contato");
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(ga(hits) && pixel(hits)).toBe(true);
    expect(await windowFlag(page, "__lgpdBody")).toBe(1);

    // Withdrawn from the footer: the page reloads without any tracker.
    await page.getByRole("button", { name: "Preferências de cookies" }).click();
    await expect(dialog.getByLabel("Marketing")).toBeChecked();
    hits.length = 0;
    await choose(page, dialog.getByRole("button", { name: "Recusar opcionais" }), /\/contato$/);
    await page.waitForLoadState("networkidle");
    expect(hits).toEqual([]);
    expect(await windowFlag(page, "__lgpdHead")).toBeNull();
    expect((await ctx.cookies()).find((c) => c.name === "consentimento")?.value).toBe("v1.00");
    await expect(banner).toHaveCount(0);

    // The banner's own buttons, on any page: the same page comes back without the banner.
    for (const [choice, path, value] of [
      ["Recusar opcionais", "/blog", "v1.00"],
      ["Aceitar todos", "/termos", "v1.11"],
    ] as const) {
      const other = await browser.newContext();
      try {
        const otherHits = await interceptTrackers(other);
        const visitor = await other.newPage();
        await visitor.goto(path);
        const otherBanner = visitor.getByRole("region", { name: "Sua privacidade" });
        await choose(visitor, otherBanner.getByRole("button", { name: choice }), new RegExp(`${path}$`));
        await expect(otherBanner).toHaveCount(0);
        expect((await other.cookies()).find((c) => c.name === "consentimento")?.value).toBe(value);
        if (value === "v1.11") await expect.poll(() => ga(otherHits) && pixel(otherHits)).toBe(true);
        else {
          await visitor.waitForLoadState("networkidle");
          expect(otherHits).toEqual([]);
        }
      } finally {
        await other.close();
      }
    }
  } finally {
    await ctx.close();
    await saveTracking(adminPage, original);
  }
});
