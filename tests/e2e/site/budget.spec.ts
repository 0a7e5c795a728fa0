import { expect, test } from "@playwright/test";
import http from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";

/** Public JS budget: what the landing downloads, gzip-compressed, from the production build. */
// Issue 17 item 9: `/` loads at most 110 KB of JS. With deferred hydration (decision 004) it loads
// none until the visitor shows up; then the framework and the landing's code (115.0 KiB measured,
// framework 105.7) must stay under the earlier guard.
const BUDGET_AT_LOAD_KIB = 110;
const BUDGET_HYDRATED_KIB = 118;

test("the landing loads no JS file until the visitor shows up, then under 118 KiB and no admin/editor code", async ({
  page,
}) => {
  const scripts: { url: string; body: Buffer }[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script") {
      scripts.push({ url: res.url(), body: await res.body().catch(() => Buffer.alloc(0)) });
    }
  });
  const kib = () => scripts.reduce((n, s) => n + gzipSync(s.body, { level: 9 }).length, 0) / 1024;
  await page.goto("/", { waitUntil: "networkidle" });
  await page.waitForTimeout(1000);
  console.log(`JS of / at load: ${kib().toFixed(1)} KiB gzip in ${scripts.length} files`);
  expect(kib()).toBeLessThan(BUDGET_AT_LOAD_KIB);
  expect(scripts.map((s) => s.url)).toEqual([]);
  expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);

  await page.mouse.move(10, 10);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.waitForLoadState("networkidle");
  console.log(`JS of / once hydrated: ${kib().toFixed(1)} KiB gzip in ${scripts.length} files`);
  expect(kib()).toBeLessThan(BUDGET_HYDRATED_KIB);
  for (const s of scripts) {
    expect(s.url).not.toMatch(/quill|admin|representante|sidebar/i);
    expect(s.body.toString("utf8")).not.toMatch(/ql-editor|react-quill|Quill/);
  }
});

/** GET with one Accept-Encoding; the raw bytes as sent (node:http never decodes). */
function rawGet(url: string, encoding: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { "accept-encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    },
  );
}

test("built assets go out precompressed (brotli, else gzip) and cached for a year", async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get("/")).text();
  const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(1);
  let checked = 0;
  for (const asset of assets) {
    const plain = await rawGet(baseURL + asset, "identity");
    expect(plain.headers["content-encoding"], asset).toBeUndefined();
    if (plain.body.length < 1024) continue; // tiny files are not worth a compressed copy
    const br = await rawGet(baseURL + asset, "gzip, deflate, br");
    expect(br.headers["content-encoding"], asset).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain.body), asset).toBe(true);
    const gz = await rawGet(baseURL + asset, "gzip");
    expect(gz.headers["content-encoding"], asset).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body), asset).toBe(true);
    expect(String(br.headers["vary"]).toLowerCase()).toContain("accept-encoding");
    expect(br.headers["cache-control"]).toMatch(/max-age=31536000.*immutable/);
    checked++;
  }
  expect(checked, "the stylesheet and the framework chunks are over 1 KiB").toBeGreaterThan(2);
});
