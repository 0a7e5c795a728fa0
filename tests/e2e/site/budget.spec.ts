import { expect, test } from "@playwright/test";
import http from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { plainHtmlProblems } from "../security/support";

// Issue 26: public pages are plain HTML. No framework script at all; their own script (inline)
// and every other inline script together stay under 6 KiB gzip, at load and after interaction.
const PUBLIC_PAGES = [
  "/",
  "/contato",
  "/blog",
  "/blog/como-montar-um-cardapio-digital-que-vende-mais",
  "/privacidade",
  "/termos",
  "/pagina-que-nao-existe",
];
const BUDGET_KIB = 6;

test("every public page is plain HTML: no module script, no preload, no router context, inline scripts in the CSP", async ({
  request,
}) => {
  for (const path of PUBLIC_PAGES) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(path === "/pagina-que-nao-existe" ? 404 : 200);
    // Stored pages name each inline script by hash; a page that is never stored (the 404) by nonce.
    expect(plainHtmlProblems(await res.text(), res.headers()["content-security-policy"]), path).toEqual([]);
  }
});

test("the public pages' JavaScript stays under 6 KiB gzip, at load and after interaction", async ({
  page,
}) => {
  const external: Buffer[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script")
      external.push(await res.body().catch(() => Buffer.alloc(0)));
  });
  for (const path of PUBLIC_PAGES) {
    external.length = 0;
    await page.goto(path, { waitUntil: "networkidle" });
    // What a visitor does: scroll, open the menu on a phone, focus a field.
    await page.mouse.move(20, 20);
    await page.mouse.wheel(0, 800);
    await page.keyboard.press("Tab");
    await page.waitForLoadState("networkidle");
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")]
        .filter((s) => s.getAttribute("type") !== "application/ld+json")
        .map((s) => s.textContent ?? ""),
    );
    const bytes = [...inline.map((t) => Buffer.from(t)), ...external];
    const kib = bytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) / 1024;
    console.log(
      `JS of ${path}: ${kib.toFixed(2)} KiB gzip (${inline.length} inline, ${external.length} files)`,
    );
    expect(external, path).toEqual([]);
    expect(kib, path).toBeLessThanOrEqual(BUDGET_KIB);
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
  // The back office still loads the framework: its assets are what is served precompressed.
  const html = await (await request.get("/admin/login")).text();
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
