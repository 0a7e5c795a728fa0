import { describe, expect, it } from "vitest";
import { DEFERRED_BOOT, deferHydration } from "./deferred-hydration.server";
import { inlineScriptHashes } from "./public-page.server";

const page = (body: string) =>
  `<!DOCTYPE html><html><head><title>x</title><link rel="modulepreload" href="/assets/entry.js"/>` +
  `<link rel="stylesheet" href="/assets/root.css"/></head><body><main>landing</main>${body}</body></html>`;

const SCRIPTS =
  `<script>window.__reactRouterContext = {};</script><script type="module" async="">import("/assets/entry.js");</script>` +
  `<!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$-->`;

describe("deferHydration", () => {
  it("moves the router's scripts and module preloads into the template, and adds the boot script", () => {
    const out = deferHydration(page(`<template id="rr-deferred"></template>${SCRIPTS}`));
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(out).toContain(
      `<main>landing</main><template id="rr-deferred"><link rel="modulepreload" href="/assets/entry.js"/>${SCRIPTS}</template><script>${DEFERRED_BOOT}</script></body></html>`,
    );
  });

  it("leaves a page without the marker as it is (other routes, a signed-in copy)", () => {
    const html = page(SCRIPTS);
    expect(deferHydration(html)).toBe(html);
  });

  it("the CSP hashes of the stored page cover the boot script and the scripts it will insert", () => {
    const out = deferHydration(page(`<template id="rr-deferred"></template>${SCRIPTS}`));
    const hashes = inlineScriptHashes(out);
    expect(hashes).toHaveLength(4);
    for (const text of [DEFERRED_BOOT, "window.__reactRouterContext = {};", 'import("/assets/entry.js");']) {
      expect(inlineScriptHashes(`<script>${text}</script>`)[0]).toBeOneOf(hashes);
    }
  });
});
