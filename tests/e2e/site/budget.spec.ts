import { expect, test } from "@playwright/test";
import { gzipSync } from "node:zlib";

/** Public JS budget: what the landing downloads, gzip-compressed, from the production build. */
const BUDGET_KIB = 140;

test(`the landing loads under ${BUDGET_KIB} KiB of gzip JS and no admin/editor code`, async ({ page }) => {
  const scripts: { url: string; body: Buffer }[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script") {
      scripts.push({ url: res.url(), body: await res.body().catch(() => Buffer.alloc(0)) });
    }
  });
  await page.goto("/", { waitUntil: "networkidle" });
  const total = scripts.reduce((n, s) => n + gzipSync(s.body, { level: 9 }).length, 0) / 1024;
  console.log(`JS of / : ${total.toFixed(1)} KiB gzip in ${scripts.length} files`);
  expect(total).toBeLessThan(BUDGET_KIB);
  for (const s of scripts) {
    expect(s.url).not.toMatch(/quill|admin|representante|sidebar/i);
    expect(s.body.toString("utf8")).not.toMatch(/ql-editor|react-quill|Quill/);
  }
});
