import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads, privacySettings } from "~/db/schema";
import * as home from "~/routes/site/home";
import * as privacyPage from "~/routes/site/privacidade";
import * as termsPage from "~/routes/site/termos";
import * as privacyAdmin from "~/routes/admin/settings/privacy";
import { buildSitemap } from "~/modules/seo/feeds.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, outcome, post } from "../../../tests/support/requests";
import { PrivacySettingsSchema } from "~/modules/legal/legal.schema";
import {
  currentPrivacyVersion,
  getLegalPage,
  savePrivacySettings,
} from "~/modules/legal/privacy-settings.server";

const t = useTestDatabase();
type AdminArgs = Parameters<typeof privacyAdmin.action>[0];

const EMPTY = {
  companyName: null,
  contactEmail: null,
  privacyPolicy: null,
  termsOfUse: null,
  leadRetentionMonths: 24,
};

describe("privacy policy and terms (LGPD)", () => {
  it("serves a default policy naming the controller, its data per form, bases, retention, sharing and rights", async () => {
    await savePrivacySettings({ input: EMPTY });
    const fallback = await getLegalPage({ page: "privacidade" });
    expect(fallback.html).toContain("<strong>CardápioDigital</strong>");
    expect(fallback.html).toContain('<a href="/contato">formulário de contato</a>');

    await savePrivacySettings({
      input: {
        ...EMPTY,
        companyName: "Cardápio & Cia Ltda.",
        contactEmail: "dpo@cardapio.dev",
        leadRetentionMonths: 18,
      },
    });
    const page = await getLegalPage({ page: "privacidade" });
    expect(page.html).toContain("Cardápio &amp; Cia Ltda.");
    expect(page.html).toContain('href="mailto:dpo@cardapio.dev"');
    for (const text of [
      "Formulário de contato",
      "Cadastro de representante",
      "Indicações feitas por representantes",
      "Base legal",
      "Por quanto tempo guardamos",
      "até 18 meses após o último contato",
      "Com quem compartilhamos",
      "Seus direitos",
      "Preferências de cookies",
      "Google Analytics",
      "Meta Pixel",
    ]) {
      expect(page.html).toContain(text);
    }
    // The version follows the text: the controller changed, so did the default text's version.
    expect(page.version).toMatch(/^[0-9a-f]{12}$/);
    expect(page.version).not.toBe(fallback.version);
    const terms = await getLegalPage({ page: "termos" });
    expect(terms.html).toContain("Termos de Uso");
    expect(terms.html).toContain("Cardápio &amp; Cia Ltda.");
  });

  it("keeps the admin's own text sanitized (on save and on render)", async () => {
    await savePrivacySettings({
      input: {
        ...EMPTY,
        privacyPolicy: `<h2 onclick="x()">Nossa política</h2><p>Texto <a href="javascript:alert(1)">ruim</a> <a href="/contato">bom</a></p><script>alert(1)</script><img src=x onerror=alert(1)>`,
        termsOfUse: "<p>Termos próprios</p><style>body{}</style>",
      },
    });
    const [row] = await t.db.select().from(privacySettings);
    expect(row.privacyPolicy).not.toMatch(/script|onclick|onerror|javascript:/);
    const page = await getLegalPage({ page: "privacidade" });
    expect(page.html).toContain("<h2>Nossa política</h2>");
    expect(page.html).toContain('<a href="/contato">bom</a>');
    expect(page.html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect((await getLegalPage({ page: "termos" })).html).toBe("<p>Termos próprios</p>");
    await savePrivacySettings({ input: EMPTY });
  });

  it("renders /privacidade and /termos on the server with their own title and canonical", async () => {
    const p = await privacyPage.loader();
    expect(p.html).toContain("Seus direitos");
    expect(p.seo.title).toBe("Política de Privacidade | CardápioDigital");
    expect(p.seo.canonical).toBe("http://localhost:3000/privacidade");
    const tr = await termsPage.loader();
    expect(tr.seo.title).toBe("Termos de Uso | CardápioDigital");
    expect(tr.seo.canonical).toBe("http://localhost:3000/termos");
    const xml = await buildSitemap();
    expect(xml).toContain("<loc>http://localhost:3000/privacidade</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/termos</loc>");
  });

  it("stores with each contact-form lead when the notice was shown and the policy's version", async () => {
    const version = await currentPrivacyVersion();
    const request = new Request("http://localhost:3000/?index", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Lia Prado",
        business: "Lanches da Lia",
        phone: "(31) 98888-7777",
        email: "lia@lanches.dev",
        plan: "unsure",
        message: "",
      }),
    });
    const before = Date.now();
    const res = await outcome(() =>
      home.action({ request, params: {}, context: context() } as unknown as Parameters<
        typeof home.action
      >[0]),
    );
    expect(res.status).toBe(303);
    const [lead] = await t.db.select().from(leads).orderBy(desc(leads.createdAt)).limit(1);
    expect(lead.email).toBe("lia@lanches.dev");
    expect(lead.privacyNoticeVersion).toBe(version);
    expect(lead.privacyNoticeAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("refuses a bad e-mail in Configurações → Privacidade with a pt-BR message and saves nothing", async () => {
    const cookie = await adminCookie();
    await savePrivacySettings({ input: { ...EMPTY, companyName: "Antes Ltda." } });
    const res = await outcome(() =>
      privacyAdmin.action({
        request: post(
          "/admin/settings/privacy",
          { companyName: "Depois Ltda.", contactEmail: "nao-e-email" },
          cookie,
        ),
        params: {},
        context: context(),
      } as unknown as AdminArgs),
    );
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ fieldErrors: { contactEmail: "Informe um e-mail válido" } });
    const [row] = await t.db.select().from(privacySettings);
    expect(row.companyName).toBe("Antes Ltda.");

    const ok = await outcome(() =>
      privacyAdmin.action({
        request: post(
          "/admin/settings/privacy",
          { companyName: "Depois Ltda.", contactEmail: "DPO@Depois.dev", privacyPolicy: "", termsOfUse: "" },
          cookie,
        ),
        params: {},
        context: context(),
      } as unknown as AdminArgs),
    );
    expect(ok.status).toBe(302);
    const [saved] = await t.db.select().from(privacySettings);
    expect(saved).toMatchObject({
      companyName: "Depois Ltda.",
      contactEmail: "dpo@depois.dev",
      privacyPolicy: null,
    });
    expect(PrivacySettingsSchema.safeParse({ companyName: "x".repeat(201) }).success).toBe(false);
  });
});
