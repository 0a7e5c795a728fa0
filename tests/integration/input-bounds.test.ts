/**
 * Input bounds. Random and hostile input (huge, unicode, control bytes, SQL/HTML payloads,
 * numbers as strings, repeated fields, wrong body types) thrown at:
 *  - every action in ACTIONS (called with a valid session for its role): never a 500 or a throw;
 *    when refused (4xx) nothing is stored and the answer carries a pt-BR message;
 *  - every zod schema exported by app/modules/ * /*.schema.ts (found automatically): every text
 *    field has a maximum length, parsing never throws, and every message is pt-BR.
 * Adding an action = one line in ACTIONS.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { z } from "zod";
import { eq } from "drizzle-orm";
import { blogPosts, clients, plans, referrals, representatives } from "~/db/schema";
import { baseLogger } from "~/server/logging/logger.server";
import { useTestDatabase } from "../support/db";
import { adminCookie, BASE, context, outcome, representativeCookie } from "../support/requests";
import { changedTables, databaseFingerprint } from "./support/fingerprint";
import { clientCookie } from "../support/client-area";
import { bodyKind, ENGLISH_DEFAULT, hostileForm, hostileRequest, hostileString } from "./support/hostile";

import { INVOICE_SETTINGS_FIELDS } from "~/modules/invoices/invoices.schema";
import { ADDRESS_KEYS } from "~/lib/br-address";

const t = useTestDatabase();
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

type As = "anon" | "admin" | "rep" | "client";
interface ActionEntry {
  name: string;
  load: () => Promise<{ action?: (args: never) => unknown }>;
  url: string;
  params?: () => Record<string, string>;
  as: As;
  /** The form's field names (the fuzzer also sends unknown and repeated ones). */
  fields: string[];
  /** Pairs sent before the fuzzed ones (an intent), so each branch of the action is reached. */
  fixed?: [string, string][];
}

/** Rows the edit actions work on, created in beforeAll. */
const ids = { plan: "", client: "", post: "", referral: "" };

// ONE ENTRY PER ACTION (one per intent for actions with several).
const BLOG_FIELDS = ["title", "slug", "excerpt", "content", "imageUrl", "published"];
const ACTIONS: ActionEntry[] = [
  // The restaurant's own area (issue 32). "Sair" last: it ends the fuzz client's session.
  {
    name: "client area: ask for the sign-in link",
    load: () => import("~/routes/cliente/entrar"),
    url: "/cliente/entrar",
    as: "anon",
    fields: ["email"],
  },
  {
    name: "client area: open the link",
    load: () => import("~/routes/cliente/confirmar"),
    url: "/cliente/entrar/confirmar",
    as: "anon",
    fields: ["token"],
  },
  {
    name: "client area: confirm a new e-mail",
    load: () => import("~/routes/cliente/email-confirmar"),
    url: "/cliente/email/confirmar",
    as: "anon",
    fields: ["token"],
  },
  {
    name: "client area: change the e-mail",
    load: () => import("~/routes/cliente/dados"),
    url: "/cliente/dados",
    as: "client",
    fields: ["email"],
    fixed: [["intent", "email"]],
  },
  // The WhatsApp card (consent with the exact text, withdrawal, channel preference).
  ...(["whatsapp-autorizar", "whatsapp-retirar", "whatsapp-preferencia"] as const).map(
    (intent): ActionEntry => ({
      name: `client area: WhatsApp (${intent})`,
      load: () => import("~/routes/cliente/dados"),
      url: "/cliente/dados",
      as: "client",
      fields: ["phone", "preference"],
      fixed: [["intent", intent]],
    }),
  ),
  {
    name: "client area: the fiscal data (CPF/CNPJ and address)",
    load: () => import("~/routes/cliente/dados"),
    url: "/cliente/dados",
    as: "client",
    fields: ["document", ...ADDRESS_KEYS, "clientId"],
    fixed: [["intent", "fiscal"]],
  },
  {
    name: "client area: ask for a plan change or cancellation",
    load: () => import("~/routes/cliente/index"),
    url: "/cliente",
    as: "client",
    fields: ["kind", "planId", "reason", "details", "clientId"],
  },
  // What the restaurant sends for its menu (decision 041), one entry per form; the fuzz client's
  // onboarding is open, so a valid value is stored (and a refused one must store nothing).
  ...(["horarios", "entrega", "pix", "observacao", "cardapio", "logo"] as const).map(
    (intent): ActionEntry => ({
      name: `client area: send ${intent}`,
      load: () => import("~/routes/cliente/implantacao"),
      url: "/cliente/implantacao",
      as: "client",
      fields: ["value", "arquivo", "clientId"],
      fixed: [["intent", intent]],
    }),
  ),
  {
    name: "client area: sign out",
    load: () => import("~/routes/cliente/sair"),
    url: "/cliente/sair",
    as: "client",
    fields: ["scope"],
  },
  {
    name: "admin login",
    load: () => import("~/routes/admin/login"),
    url: "/admin/login",
    as: "anon",
    fields: ["email", "password"],
  },
  {
    name: "representative login",
    load: () => import("~/routes/representante/login"),
    url: "/representante/login",
    as: "anon",
    fields: ["email", "password"],
  },
  {
    name: "representative register",
    load: () => import("~/routes/representante/register"),
    url: "/representante/register",
    as: "anon",
    fields: ["name", "email", "password", "confirmPassword"],
  },
  {
    name: "contact form (/)",
    load: () => import("~/routes/site/home"),
    url: "/",
    as: "anon",
    fields: ["name", "business", "phone", "email", "plan", "message", "website", "whatsappConsent"],
  },
  {
    name: "clients new",
    load: () => import("~/routes/admin/clients/new"),
    url: "/admin/clients/new",
    as: "admin",
    fields: ["name", "email", "phone", "businessName", "document", "planId", "status", ...ADDRESS_KEYS],
  },
  ...(
    [
      "update",
      "add-subscription",
      "delete-subscription",
      "change-plan",
      "cancel-subscription",
      "undo-plan-change",
      "add-note",
      "delete-note",
    ] as const
  ).map((intent): ActionEntry => ({
    name: `clients edit (${intent})`,
    load: () => import("~/routes/admin/clients/edit"),
    url: "/admin/clients/edit/x",
    params: () => ({ id: ids.client }),
    as: "admin",
    fields: [
      "name",
      "email",
      "phone",
      "businessName",
      "document",
      ...ADDRESS_KEYS,
      "planId",
      "status",
      "startDate",
      "renewalType",
      "subscriptionId",
      "when",
      "note",
      "noteId",
    ],
    fixed: [["intent", intent]],
  })),
  // The client page's WhatsApp block: its own small forms.
  ...(["whatsapp-registrar", "whatsapp-retirar", "whatsapp-preferencia"] as const).map(
    (intent): ActionEntry => ({
      name: `clients edit (${intent})`,
      load: () => import("~/routes/admin/clients/edit"),
      url: "/admin/clients/edit/x",
      params: () => ({ id: ids.client }),
      as: "admin",
      fields: ["phone", "sourceNote", "preference"],
      fixed: [["intent", intent]],
    }),
  ),
  {
    name: "settings whatsapp (enviar-teste)",
    load: () => import("~/routes/admin/settings/whatsapp"),
    url: "/admin/settings/whatsapp",
    as: "admin",
    fields: ["phone", "template"],
    fixed: [["intent", "enviar-teste"]],
  },
  {
    name: "clients list (delete)",
    load: () => import("~/routes/admin/clients/list"),
    url: "/admin/clients",
    as: "admin",
    fields: ["id"],
    fixed: [["intent", "delete"]],
  },
  {
    name: "plans new",
    load: () => import("~/routes/admin/plans/new"),
    url: "/admin/plans/new",
    as: "admin",
    fields: ["name", "price", "setupFee", "description", "isPopular", "features"],
  },
  {
    name: "plans edit",
    load: () => import("~/routes/admin/plans/edit"),
    url: "/admin/plans/edit/x",
    params: () => ({ id: ids.plan }),
    as: "admin",
    fields: ["name", "price", "setupFee", "description", "isPopular", "features"],
  },
  {
    name: "plans list (delete)",
    load: () => import("~/routes/admin/plans/list"),
    url: "/admin/plans",
    as: "admin",
    fields: ["id"],
    fixed: [["intent", "delete"]],
  },
  ...(["", "review", "edit"] as const).map((intent): ActionEntry => ({
    name: `portal nova-indicacao (${intent || "submit"})`,
    load: () => import("~/routes/representante/nova-indicacao"),
    url: "/representante/nova-indicacao",
    as: "rep",
    fields: ["businessName", "contactName", "contactPhone", "planId"],
    fixed: intent ? [["intent", intent]] : [],
  })),
  ...(["move", "convert"] as const).map((intent): ActionEntry => ({
    name: `leads (${intent})`,
    load: () => import("~/routes/admin/leads"),
    url: "/admin/leads",
    as: "admin",
    // The conversion's e-mail: asked for when the lead is a referral's and has none (issue 30).
    fields: intent === "move" ? ["id", "from", "to", "lostReason", "lostNote"] : ["id", "planId", "email"],
    fixed: [["intent", intent]],
  })),
  {
    name: "blog new",
    load: () => import("~/routes/admin/blog/new"),
    url: "/admin/blog/new",
    as: "admin",
    fields: BLOG_FIELDS,
  },
  {
    name: "blog edit",
    load: () => import("~/routes/admin/blog/edit"),
    url: "/admin/blog/edit/x",
    params: () => ({ id: ids.post }),
    as: "admin",
    fields: BLOG_FIELDS,
  },
  ...(["toggle", "delete"] as const).map((intent): ActionEntry => ({
    name: `blog list (${intent})`,
    load: () => import("~/routes/admin/blog/list"),
    url: "/admin/blog",
    as: "admin",
    fields: ["id", "page"],
    fixed: [["intent", intent]],
  })),
  {
    name: "settings",
    load: () => import("~/routes/admin/settings"),
    url: "/admin/settings",
    as: "admin",
    fields: [
      "title",
      "description",
      "keywords",
      "ogTitle",
      "ogDescription",
      "ogImage",
      "canonicalUrl",
      "googleAnalyticsId",
      "googleTagManagerId",
      "facebookPixelId",
      "customScriptsHead",
      "customScriptsBody",
      "structuredData",
    ],
  },
  ...(["pay", "cancel", "amount", "one-off", "resend", "provider-resend"] as const).map(
    (intent): ActionEntry => ({
      name: `billing (${intent})`,
      load: () => import("~/routes/admin/billing"),
      url: "/admin/billing",
      as: "admin",
      fields: ["id", "paidOn", "method", "amount", "reason", "description", "dueDate", "clientId"],
      fixed: [["intent", intent]],
    }),
  ),
  {
    name: "billing divergences (resolve)",
    load: () => import("~/routes/admin/billing/divergences"),
    url: "/admin/billing/divergencias",
    as: "admin",
    fields: ["id", "resolution"],
  },
  ...(["open", "item", "publish"] as const).map((intent): ActionEntry => ({
    name: `onboarding (${intent})`,
    load: () => import("~/routes/admin/onboarding"),
    url: "/admin/onboarding",
    as: "admin",
    // "Publicar" asks for the menu's and the apps' addresses, and the open steps' confirmation.
    fields: [
      "id",
      "itemId",
      "done",
      "clientId",
      "menuUrl",
      "androidUrl",
      "iosUrl",
      "confirmOpenSteps",
      "back",
    ],
    fixed: [["intent", intent]],
  })),
  {
    name: "settings notifications (lead alert addresses, E-mail de atendimento)",
    load: () => import("~/routes/admin/settings/notifications"),
    url: "/admin/settings/notifications",
    as: "admin",
    fields: ["leadAlertEmails", "supportEmail"],
  },
  {
    name: "client requests (answer)",
    load: () => import("~/routes/admin/requests"),
    url: "/admin/requests",
    as: "admin",
    fields: ["requestId", "decision", "message", "when", "back"],
  },
  {
    name: "settings onboarding",
    load: () => import("~/routes/admin/settings/onboarding"),
    url: "/admin/settings/onboarding",
    as: "admin",
    fields: ["dueDays", "targetDays", "checklist"],
  },
  {
    name: "settings company (Dados da empresa)",
    load: () => import("~/routes/admin/settings/company"),
    url: "/admin/settings/billing/company",
    as: "admin",
    fields: [
      "companyLegalName",
      "companyCnpj",
      "companyAddress",
      "companyDistrict",
      "companyCity",
      "companyUf",
      "companyCep",
    ],
  },
  {
    name: "settings billing",
    load: () => import("~/routes/admin/settings/billing"),
    url: "/admin/settings/billing",
    as: "admin",
    fields: ["pixKey", "pixName", "pixCity", "renewalDaysBefore", "firstChargeBusinessDays"],
  },
  // Issue 47: "Emitir novamente" in Financeiro → Notas fiscais, and Configurações → Nota fiscal.
  {
    name: "invoices (reissue)",
    load: () => import("~/routes/admin/billing/invoices"),
    url: "/admin/billing/notas-fiscais",
    as: "admin",
    fields: ["id"],
    fixed: [["intent", "reissue"]],
  },
  {
    name: "settings invoice (nota fiscal)",
    load: () => import("~/routes/admin/settings/billing-invoice"),
    url: "/admin/settings/billing/nota-fiscal",
    as: "admin",
    fields: [...INVOICE_SETTINGS_FIELDS],
  },
  // Issue 14 item 6: correcting / cancelling (portal) and editing (admin) a referral.
  {
    name: "portal referral (save)",
    load: () => import("~/routes/representante/indicacao"),
    url: "/representante/indicacoes/x",
    params: () => ({ id: ids.referral }),
    as: "rep",
    fields: ["businessName", "contactName", "contactPhone", "planId"],
    fixed: [["intent", "save"]],
  },
  {
    name: "admin referral edit",
    load: () => import("~/routes/admin/referrals/edit"),
    url: "/admin/referrals/x",
    params: () => ({ id: ids.referral }),
    as: "admin",
    fields: ["businessName", "contactName", "contactPhone", "planId", "representativeId"],
  },
  {
    name: "referrals (status)",
    load: () => import("~/routes/admin/referrals"),
    url: "/admin/referrals",
    as: "admin",
    fields: ["id", "status"],
    fixed: [["intent", "status"]],
  },
  ...(["addMaterial", "deleteMaterial", "deleteRepresentative"] as const).map((intent): ActionEntry => ({
    name: `representatives (${intent})`,
    load: () => import("~/routes/admin/representatives"),
    url: "/admin/representatives",
    as: "admin",
    fields: ["id", "q", "page", "title", "description", "materialType", "driveUrl", "textContent"],
    fixed: [["intent", intent]],
  })),
  // Issue #13: representatives' access, the admin team, the invitation page, "Minha conta".
  ...(["deactivateRepresentative", "reactivateRepresentative", "sendPasswordReset"] as const).map(
    (intent): ActionEntry => ({
      name: `representatives (${intent})`,
      load: () => import("~/routes/admin/representatives"),
      url: "/admin/representatives",
      as: "admin",
      fields: ["id", "q", "page"],
      fixed: [["intent", intent]],
    }),
  ),
  ...(["invite", "deactivate", "reactivate", "resend"] as const).map((intent): ActionEntry => ({
    name: `admin team (${intent})`,
    load: () => import("~/routes/admin/users"),
    url: "/admin/users",
    as: "admin",
    fields: ["id", "name", "email"],
    fixed: [["intent", intent]],
  })),
  {
    name: "admin invitation",
    load: () => import("~/routes/admin/invite"),
    url: "/admin/invite?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    as: "anon",
    fields: ["name", "password", "confirmPassword"],
  },
  ...(["name", "password", "endOthers"] as const).flatMap((intent): ActionEntry[] => [
    {
      name: `admin account (${intent})`,
      load: () => import("~/routes/admin/account"),
      url: "/admin/account",
      as: "admin",
      fields: ["name", "currentPassword", "password", "confirmPassword"],
      fixed: [["intent", intent]],
    },
    {
      name: `representative account (${intent})`,
      load: () => import("~/routes/representante/conta"),
      url: "/representante/conta",
      as: "rep",
      fields: ["name", "currentPassword", "password", "confirmPassword"],
      fixed: [["intent", intent]],
    },
  ]),
  // Issue 16: a representative asks for their account's deletion (their own, from the session).
  {
    name: "representative account (delete-account)",
    load: () => import("~/routes/representante/conta"),
    url: "/representante/conta",
    as: "rep",
    fields: ["representativeId", "id", "confirm"],
    fixed: [["intent", "delete-account"]],
  },
];

/**
 * Schemas whose failure message is not shown to users as such. Each entry says why; remove it
 * when the schema gets its pt-BR message.
 */
const MESSAGE_EXEMPT: Record<string, string> = {
  // Select value from the admin referrals dropdown; the referrals action (issue 5) must map a
  // failure to 'Erro ao atualizar status da indicação'. Give the enum a pt-BR message instead.
  "referrals/referrals.schema.ts:ReferralStatusSchema": "enum of a select, mapped by its action",
  // The portal list's ?status= filter: an unknown value shows the whole list, no message.
  "referrals/referrals.schema.ts:ReferralFilterStatusSchema": "URL filter, invalid means no filter",
  // Hidden fields of the funnel's fetchers; the leads action answers every failure with
  // LEAD_MESSAGES.moveError (checked by the "leads" entries of ACTIONS above).
  "leads/leads.schema.ts:LeadActionSchema": "hidden fields, mapped by its action",
};

const cookies: Record<As, string> = { anon: "", admin: "", rep: "", client: "" };
beforeAll(async () => {
  process.env.RATE_LIMIT_LOGIN = "1000000";
  process.env.RATE_LIMIT_LOGIN_ACCOUNT = "1000000";
  process.env.RATE_LIMIT_REGISTER = "1000000";
  process.env.RATE_LIMIT_CONTACT = "1000000";
  process.env.RATE_LIMIT_CLIENT_LINK = "1000000";
  const { resetEnvCache } = await import("~/lib/env.server");
  resetEnvCache();
  cookies.admin = await adminCookie("fuzz-admin@test.dev", "senha-fuzz-admin");
  cookies.rep = (await representativeCookie("fuzz-rep@test.dev", "senha-fuzz-rep")).cookie;
  const [plan] = await t.db.insert(plans).values({ name: "Plano Fuzz", priceCents: 5000 }).returning();
  ids.plan = plan.id;
  const [fuzzRep] = await t.db
    .select({ id: representatives.id })
    .from(representatives)
    .where(eq(representatives.email, "fuzz-rep@test.dev"));
  const [referral] = await t.db
    .insert(referrals)
    .values({
      representativeId: fuzzRep.id,
      businessName: "Negócio Fuzz",
      contactName: "Contato Fuzz",
      contactPhone: "11987654321",
      planId: plan.id,
    })
    .returning();
  ids.referral = referral.id;
  const [client] = await t.db
    .insert(clients)
    .values({
      name: "Cliente Fuzz",
      email: "cliente-fuzz@test.dev",
      phone: "(11) 98765-4321",
      businessName: "Negócio Fuzz",
      planId: plan.id,
    })
    .returning();
  ids.client = client.id;
  cookies.client = await clientCookie("cliente-fuzz@test.dev");
  const { openOnboardingByHand } = await import("~/modules/onboarding/onboarding.server");
  await openOnboardingByHand({ clientId: client.id, actor: null });
  const [post] = await t.db
    .insert(blogPosts)
    .values({
      title: "Post Fuzz",
      slug: "post-fuzz",
      excerpt: "Resumo",
      content: "<p>x</p>",
      published: true,
    })
    .returning();
  ids.post = post.id;
});

function messagesOf(data: unknown): string[] {
  if (!data || typeof data !== "object") return [];
  const d = data as {
    formError?: unknown;
    fieldErrors?: unknown;
    toast?: { message?: unknown } | null;
  };
  const out: string[] = [];
  if (typeof d.formError === "string") out.push(d.formError);
  // Every action answers { fieldErrors } (lib/form-reply.ts).
  if (d.fieldErrors && typeof d.fieldErrors === "object") {
    for (const v of Object.values(d.fieldErrors)) if (typeof v === "string") out.push(v);
  }
  if (typeof d.toast?.message === "string") out.push(d.toast.message);
  return out;
}

describe("actions under hostile input", () => {
  for (const entry of ACTIONS) {
    it(`${entry.name}: no 500, nothing stored when refused, a pt-BR message`, async () => {
      const mod = await entry.load();
      expect(mod.action, `${entry.name} has no action`).toBeTypeOf("function");
      // A refused run leaves the data as it found it, so its fingerprint is the next run's "before"
      // (one query per run instead of two); after an accepted run the data may differ: taken anew.
      let unchanged: Record<string, string> | null = null;
      await fc.assert(
        fc.asyncProperty(hostileForm(entry.fields), bodyKind, async (pairs, kind) => {
          const before = unchanged ?? (await databaseFingerprint(t.db));
          unchanged = null;
          const request = hostileRequest(
            BASE + entry.url,
            [...(entry.fixed ?? []), ...pairs],
            kind,
            cookies[entry.as] || undefined,
          );
          const o = await outcome(() =>
            mod.action!({ request, params: entry.params?.() ?? {}, context: context() } as never),
          );
          expect(o.status, `status for ${kind} ${JSON.stringify(pairs).slice(0, 200)}`).toBeLessThan(500);
          if (o.status >= 400) {
            const after = await databaseFingerprint(t.db);
            expect(changedTables(before, after), "refused but stored").toEqual([]);
            unchanged = after;
            const messages = messagesOf(o.data);
            expect(messages.length, `no message in ${JSON.stringify(o.data)}`).toBeGreaterThan(0);
            for (const m of messages) expect(m).not.toMatch(ENGLISH_DEFAULT);
          }
        }),
        { numRuns: RUNS },
      );
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Every exported zod schema, found automatically.
const schemaModules = import.meta.glob<Record<string, unknown>>("../../app/modules/**/*.schema.ts", {
  eager: true,
});
type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };
const schemas: { name: string; schema: AnySchema }[] = [];
for (const [file, mod] of Object.entries(schemaModules)) {
  for (const [exportName, value] of Object.entries(mod)) {
    if (value && typeof value === "object" && "_zod" in value && "safeParse" in value) {
      schemas.push({
        name: `${file.replace("../../app/modules/", "")}:${exportName}`,
        schema: value as AnySchema,
      });
    }
  }
}

/** Paths of string inputs without a maximum length (the input side of pipes only). */
function unboundedStrings(schema: AnySchema, path = "$"): string[] {
  const def = schema._zod.def as Record<string, unknown> & { type: string };
  const child = (s: unknown, p: string) => unboundedStrings(s as AnySchema, p);
  switch (def.type) {
    case "string": {
      // A uuid/guid format only accepts its fixed length.
      if (def.format === "uuid" || def.format === "guid") return [];
      const checks = (def.checks as { _zod: { def: { check: string } } }[] | undefined) ?? [];
      return checks.some((c) => c._zod.def.check === "max_length" || c._zod.def.check === "length_equals")
        ? []
        : [path];
    }
    case "object":
      return Object.entries((schema as unknown as z.ZodObject).shape).flatMap(([k, s]) =>
        child(s, `${path}.${k}`),
      );
    case "pipe":
      return child(def.in, path);
    case "optional":
    case "nullable":
    case "default":
    case "catch":
    case "prefault":
    case "readonly":
    case "nonoptional":
      return child(def.innerType, path);
    case "array":
      return child(def.element, `${path}[]`);
    case "union":
      return (def.options as unknown[]).flatMap((o, i) => child(o, `${path}|${i}`));
    default:
      return [];
  }
}

function objectKeys(schema: AnySchema): string[] | null {
  const def = schema._zod.def as Record<string, unknown> & { type: string };
  if (def.type === "object") return Object.keys((schema as unknown as z.ZodObject).shape);
  if (def.type === "pipe") return objectKeys(def.in as AnySchema);
  return null;
}

describe("zod schemas", () => {
  it("are found (the glob works)", () => {
    expect(schemas.map((s) => s.name)).toEqual(
      expect.arrayContaining(["auth/auth.schema.ts:LoginSchema", "auth/auth.schema.ts:RegisterSchema"]),
    );
  });

  for (const { name, schema } of schemas) {
    it(`${name}: every text field has a maximum length`, () => {
      expect(unboundedStrings(schema)).toEqual([]);
    });

    it(`${name}: hostile input never throws and is refused in pt-BR`, () => {
      const keys = objectKeys(schema);
      const input: fc.Arbitrary<unknown> = keys
        ? fc.record(
            Object.fromEntries(keys.map((k) => [k, fc.oneof(hostileString, fc.constant(undefined))])),
            {
              requiredKeys: [],
            },
          )
        : fc.oneof(hostileString, fc.anything());
      fc.assert(
        fc.property(input, (value) => {
          const result = schema.safeParse(value);
          if (result.success || name in MESSAGE_EXEMPT) return;
          for (const issue of result.error.issues) {
            expect(issue.message, `${name} ${issue.path.join(".")}`).not.toMatch(ENGLISH_DEFAULT);
            expect(issue.message.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: RUNS * 10 },
      );
    });
  }

  it("the bound check itself catches an unbounded field", async () => {
    const { z } = await import("zod");
    const loose = z.object({ ok: z.string().max(5), bad: z.string().trim().optional() });
    expect(unboundedStrings(loose as unknown as AnySchema)).toEqual(["$.bad"]);
  });
});

// ---------------------------------------------------------------------------------------------
// Every loader that reads a search or list parameter from the URL, with hostile values.
const LIST_LOADERS: {
  name: string;
  load: () => Promise<{ loader: (args: never) => unknown }>;
  url: string;
  as: As;
}[] = [
  {
    name: "admin clients",
    load: () => import("~/routes/admin/clients/list"),
    url: "/admin/clients",
    as: "admin",
  },
  { name: "admin leads", load: () => import("~/routes/admin/leads"), url: "/admin/leads", as: "admin" },
  {
    name: "admin referrals",
    load: () => import("~/routes/admin/referrals"),
    url: "/admin/referrals",
    as: "admin",
  },
  {
    name: "admin representatives",
    load: () => import("~/routes/admin/representatives"),
    url: "/admin/representatives",
    as: "admin",
  },
  { name: "admin blog", load: () => import("~/routes/admin/blog/list"), url: "/admin/blog", as: "admin" },
  { name: "public blog", load: () => import("~/routes/blog/index"), url: "/blog", as: "anon" },
  {
    name: "portal referrals",
    load: () => import("~/routes/representante/indicacoes"),
    url: "/representante/indicacoes",
    as: "rep",
  },
];
// Raw query strings: NUL, invalid UTF-8, wildcards, quotes, huge, and every list parameter at once.
const HOSTILE_QUERIES = [
  "q=%00",
  "q=a%00b",
  "q=%ED%A0%80",
  "q=%25%5F%5C",
  "q='%3B%20drop%20table%20leads%3B--",
  `q=${"x".repeat(5000)}`,
  "q=%00&page=%00&sort=%00&dir=%00&status=%00&etapa=%00&novo=%00",
  "page=99999999999999999999&sort=name&dir=asc&status=concluido&novo=1e9",
];

describe("list loaders under hostile URL parameters", () => {
  for (const entry of LIST_LOADERS) {
    it(`${entry.name}: never a 500, never a failure`, async () => {
      const mod = await entry.load();
      const failures = vi.spyOn(baseLogger(), "error").mockImplementation(() => {});
      onTestFinished(() => failures.mockRestore());
      for (const query of HOSTILE_QUERIES) {
        const request = new Request(`${BASE}${entry.url}?${query}`, {
          headers: cookies[entry.as] ? { cookie: cookies[entry.as] } : {},
        });
        const o = await outcome(() => mod.loader({ request, params: {}, context: context() } as never));
        expect(o.status, `${entry.url}?${query.slice(0, 80)}`).toBeLessThan(500);
      }
      // Loaders catch their own failures and show an error state: a hostile term must not get
      // that far either (it would show "Erro ao carregar…" instead of an answer).
      expect(failures.mock.calls.map((c) => JSON.stringify(c))).toEqual([]);
    });
  }
});
