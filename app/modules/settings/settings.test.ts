import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { readFlash } from "~/lib/flash.server";
import * as route from "~/routes/admin/settings";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { SettingsSchema } from "./settings.schema";
import { getSettings } from "./settings.server";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let admin = "";

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  return (await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }))).toast
    ?.message;
}
const save = (fields: Record<string, string>, cookie: string | null = admin) =>
  outcome(() => route.action(args(post("/admin/settings", fields, cookie ?? undefined))));

beforeAll(async () => {
  admin = await adminCookie();
});

describe("settings schema", () => {
  const err = (fields: Record<string, string>) => {
    const r = SettingsSchema.safeParse(fields);
    return r.success ? null : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("accepts the id formats and normalises case", () => {
    for (const ga of ["G-ABC1234XYZ", "g-abc1234", "UA-1234567-1"])
      expect(err({ googleAnalyticsId: ga }), ga).toBeNull();
    expect(SettingsSchema.parse({ googleAnalyticsId: " g-abc1234 " }).googleAnalyticsId).toBe("G-ABC1234");
    expect(SettingsSchema.parse({ googleTagManagerId: "gtm-k2x9p4" }).googleTagManagerId).toBe("GTM-K2X9P4");
    expect(err({ facebookPixelId: "123456789012345" })).toBeNull();
  });

  it("refuses wrong ids with clear messages", () => {
    expect(err({ googleAnalyticsId: "AW-123456" })).toEqual([
      "googleAnalyticsId: Use o formato G-XXXXXXXXXX (GA4) ou UA-XXXXXXX-X (Universal Analytics).",
    ]);
    expect(err({ googleAnalyticsId: "G-<script>" })).not.toBeNull();
    expect(err({ googleTagManagerId: "GTM-" })).toEqual(["googleTagManagerId: Use o formato GTM-XXXXXXX."]);
    expect(err({ facebookPixelId: "12ab34" })).toEqual([
      "facebookPixelId: O ID do Pixel do Facebook tem apenas números.",
    ]);
  });

  it("requires structured data to be a JSON object or list", () => {
    expect(err({ structuredData: '{"@context":"https://schema.org","@type":"Organization"}' })).toBeNull();
    expect(err({ structuredData: '[{"@type":"Organization"}]' })).toBeNull();
    const bad = err({ structuredData: '{"@type": "Organization",}' });
    expect(bad?.[0]).toMatch(/^structuredData: Os dados estruturados devem ser um JSON válido: /);
    expect(err({ structuredData: "42" })).toEqual([
      "structuredData: Os dados estruturados devem ser um objeto ou uma lista JSON (JSON-LD).",
    ]);
  });

  it("checks URLs and lengths; empty fields become null", () => {
    expect(err({ ogImage: "javascript:alert(1)" })).toEqual([
      "ogImage: Informe uma URL válida (https://...).",
    ]);
    expect(err({ canonicalUrl: "exemplo.com" })).toEqual([
      "canonicalUrl: Informe uma URL válida (https://...).",
    ]);
    expect(err({ title: "x".repeat(201) })).toEqual(["title: Máximo de 200 caracteres."]);
    expect(SettingsSchema.parse({ title: "  ", customScriptsHead: "" })).toMatchObject({
      title: null,
      customScriptsHead: null,
    });
  });
});

describe("saving", () => {
  it("upserts the single record and clears the public cache at once", async () => {
    await save({ title: "Primeiro título" });
    expect((await getSettings())?.title).toBe("Primeiro título"); // now cached
    // The cache really caches: a change behind its back is not seen for 5 minutes…
    await t.db.execute(sql`update settings set title = 'Por fora' where id = 1`);
    expect((await getSettings())?.title).toBe("Primeiro título");
    // …but a save from the admin page is seen by the very next public read.
    const res = await save({
      title: "Título novo",
      description: "Descrição",
      googleAnalyticsId: "G-TEST12345",
      structuredData: '{"@type":"Organization"}',
      customScriptsHead: "<script>console.log('ok')</script>",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/settings");
    expect(await flashOf(res)).toBe("Configurações salvas com sucesso!");
    expect(await getSettings()).toMatchObject({
      title: "Título novo",
      googleAnalyticsId: "G-TEST12345",
      structuredData: '{"@type":"Organization"}',
      customScriptsHead: "<script>console.log('ok')</script>",
      keywords: null,
    });
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from settings`);
    expect(Number(n)).toBe(1);
    const page = await outcome(() => route.loader(args(get("/admin/settings", admin))));
    expect((page.data as Awaited<ReturnType<typeof route.loader>>).values.title).toBe("Título novo");
  });

  it("refuses invalid input with the spec's toast and stores nothing", async () => {
    const res = await save({ title: "Não deve salvar", structuredData: "{nope" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      toast: { type: "error", message: "Erro ao salvar configurações" },
      fieldErrors: { structuredData: expect.stringContaining("JSON válido") },
    });
    expect((await getSettings({ fresh: true }))?.title).toBe("Título novo");
  });

  it("anonymous and representative requests change nothing", async () => {
    const rep = await representativeCookie("rep-settings@test.dev");
    for (const cookie of [null, rep.cookie]) {
      const res = await save({ title: "Invasor", googleAnalyticsId: "G-EVIL1234" }, cookie);
      expect(res.location).toBe("/admin/login");
      const page = await outcome(() => route.loader(args(get("/admin/settings", cookie ?? undefined))));
      expect(page.location).toBe("/admin/login");
    }
    expect(await getSettings()).toMatchObject({ title: "Título novo", googleAnalyticsId: "G-TEST12345" });
  });
});
