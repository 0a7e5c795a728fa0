import { describe, expect, it } from "vitest";
import { CROSS_SITE_MESSAGE, checkOrigin, isPrivatePath, securityHeaders } from "./headers.server";

describe("securityHeaders", () => {
  it("puts this request's nonce and 'strict-dynamic' in the CSP, and the other headers", () => {
    const h = securityHeaders({ nonce: "abc123", secure: false });
    expect(h["Content-Security-Policy"]).toContain("script-src 'nonce-abc123' 'strict-dynamic'");
    expect(h["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(h["Content-Security-Policy"]).toContain("object-src 'none'");
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["Permissions-Policy"]).toMatch(/camera=\(\)/);
    expect(h["Strict-Transport-Security"]).toBeUndefined();
  });

  it("adds HSTS only over https", () => {
    expect(securityHeaders({ nonce: "n", secure: true })["Strict-Transport-Security"]).toMatch(
      /max-age=\d{8}/,
    );
  });
});

describe("private areas", () => {
  it("are the admin, portal and client-area pages and their .data requests, nothing else", () => {
    for (const path of [
      "/admin",
      "/admin.data",
      "/admin/dashboard",
      "/admin/clients/edit/1.data",
      "/admin/login",
      "/representante",
      "/representante.data",
      "/representante/indicacoes.data",
      // The restaurant's area: pages, .data, a receipt, the JSON download and the token pages.
      "/cliente",
      "/cliente.data",
      "/cliente/dados",
      "/cliente/dados.data",
      "/cliente/recibo/0b1c2d3e-0000-4000-8000-000000000001",
      "/cliente/meus-dados.json",
      "/cliente/entrar",
      "/cliente/entrar.data",
      "/cliente/entrar/confirmar",
      "/cliente/email/confirmar",
      "/cliente/sair",
    ]) {
      expect(isPrivatePath(path), path).toBe(true);
      expect(securityHeaders({ nonce: "n", secure: false, path })["Cache-Control"]).toBe("private, no-store");
    }
    for (const path of [
      "/",
      "/_root.data",
      "/blog/admin",
      "/administracao",
      "/representantes",
      "/clientes",
      "/blog/cliente",
      "/healthz",
    ]) {
      expect(isPrivatePath(path), path).toBe(false);
      expect(securityHeaders({ nonce: "n", secure: false, path })["Cache-Control"]).toBeUndefined();
    }
  });
});

describe("checkOrigin", () => {
  const base = {
    method: "POST",
    host: "loja.example",
    protocol: "https",
    allowedOrigins: ["https://loja.example"],
  };
  const refused = { ok: false, message: CROSS_SITE_MESSAGE };

  it.each([
    [{ origin: "https://evil.example" }],
    [{ origin: "null" }],
    [{ origin: "http://loja.example" }],
    [{ origin: "https://loja.example.evil.example" }],
    [{ secFetchSite: "cross-site" }],
    [{ secFetchSite: "same-site" }],
    [{ secFetchSite: "same-origin", origin: "https://evil.example" }],
  ])("refuses %j", (extra) => {
    expect(checkOrigin({ ...base, ...extra })).toEqual(refused);
  });

  it.each([
    [{ origin: "https://loja.example" }],
    [{ secFetchSite: "same-origin", origin: "https://loja.example" }],
    [{ secFetchSite: "none" }],
    [{}],
  ])("lets %j through", (extra) => {
    expect(checkOrigin({ ...base, ...extra })).toEqual({ ok: true });
  });

  it("never blocks safe methods", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(checkOrigin({ ...base, method, origin: "https://evil.example" })).toEqual({ ok: true });
    }
  });

  it("checks PUT, PATCH and DELETE like POST", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(checkOrigin({ ...base, method, origin: "https://evil.example" })).toEqual(refused);
    }
  });
});
