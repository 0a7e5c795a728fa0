/**
 * Authorization matrix: EVERY route of app/routes.ts (pages, layouts, resource routes), its
 * loader and its action, called as an anonymous visitor, representative A, representative B,
 * an admin, and the restaurants' own area's clients A and B (issue 32). A route without a line
 * here fails the first test, naming the file.
 *
 * How to read a line: `loader`/`action` give the expected outcome per role. Shorthands:
 *   PUBLIC        everyone gets the page (200)
 *   ADMIN         anonymous + representatives → /admin/login; admin → 200
 *   ADMIN_ACTION  anonymous + representatives → /admin/login and NOTHING changes in the database;
 *                 the admin passes the guard (any answer below 500 that is not a login redirect)
 *   PORTAL / PORTAL_ACTION  the same for /representante (admins are refused too)
 *   CLIENT_AREA   /cliente: anonymous, representatives and admins → /cliente/entrar
 * A line that names no client role expects of clients A and B exactly what it expects of an
 * anonymous visitor: a client session opens no admin or portal route.
 * Denied calls (every outcome except `admitted`) must leave every table unchanged.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  blogPosts,
  chargeLines,
  charges,
  clientNotes,
  clients,
  leads,
  mailMessages,
  onboardingFiles,
  payoutItems,
  payouts,
  webhookEndpoints,
  plans,
  referrals,
  representativeMaterials,
  representatives,
  user,
} from "~/db/schema";
import { useTestDatabase } from "../support/db";
import { adminCookie, BASE, context, outcome, representativeCookie, type Outcome } from "../support/requests";
import { changedTables, databaseFingerprint } from "./support/fingerprint";
import { signIn } from "~/modules/auth/session.server";
import { cookieFrom } from "../support/requests";
import { fillPattern, flattenRoutes } from "../support/route-list";
import { loadRouteModule, type RouteFn } from "./support/route-modules";
import { clientCookie, makeClient } from "../support/client-area";
import { insertSubscriptions } from "../../tests/support/subscriptions";
import { INVOICE_FORM } from "../support/invoice-settings";

const t = useTestDatabase();

// ---------------------------------------------------------------------------------------------
// Vocabulary
type BaseRole = "anon" | "repA" | "repB" | "admin";
type ClientRole = "clientA" | "clientB";
type Role = BaseRole | ClientRole;
const ROLES: Role[] = ["anon", "repA", "repB", "admin", "clientA", "clientB"];

type Expect =
  | { kind: "status"; status: number }
  | { kind: "redirect"; to: string }
  /** Passed the guard: below 500 and not sent to a login page. Writes are allowed. */
  | { kind: "admitted" }
  /** An explicit redirect that is also allowed to write (logout ends the session). */
  | { kind: "redirect-writes"; to: string };
type Row = Record<BaseRole, Expect> & Partial<Record<ClientRole, Expect>>;
/** A row's expectation for a role; clients default to the anonymous visitor's. */
const expectOf = (row: Row, role: Role): Expect => row[role] ?? row.anon;

const ok: Expect = { kind: "status", status: 200 };
const status = (s: number): Expect => ({ kind: "status", status: s });
const redirect = (to: string): Expect => ({ kind: "redirect", to });
const admitted: Expect = { kind: "admitted" };
const toAdminLogin = redirect("/admin/login");
const toRepLogin = redirect("/representante/login");
const all = (e: Expect): Row => ({ anon: e, repA: e, repB: e, admin: e });

const PUBLIC = all(ok);
const ADMIN: Row = { anon: toAdminLogin, repA: toAdminLogin, repB: toAdminLogin, admin: ok };
const ADMIN_ACTION: Row = { ...ADMIN, admin: admitted };
// Admin with an id that does not exist / is malformed: refused the same way for others; the
// admin is sent back to the list (with an error toast), as the edit pages do.
const adminMissing = (list: string): Row => ({ ...ADMIN, admin: redirect(list) });
const PORTAL: Row = { anon: toRepLogin, repA: ok, repB: ok, admin: toRepLogin };
const PORTAL_ACTION: Row = { anon: toRepLogin, repA: admitted, repB: admitted, admin: toRepLogin };
const toClientSignIn = redirect("/cliente/entrar");
const CLIENT_AREA: Row = {
  anon: toClientSignIn,
  repA: toClientSignIn,
  repB: toClientSignIn,
  admin: toClientSignIn,
  clientA: ok,
  clientB: ok,
};

interface Fixtures {
  planId: string;
  clientId: string;
  postSlug: string;
  draftSlug: string;
  postId: string;
  leadId: string;
  referralA: string;
  completedA: string;
  payoutA: string;
  materialId: string;
  repAId: string;
  /** A's referral link code (issue 14 item 4): never in another representative's page. */
  repACode: string;
  markerA: string;
  mailId: string;
  webhookId: string;
  /** A paid charge (it has a receipt) and an open one (it has none) of the client. */
  paidChargeId: string;
  openChargeId: string;
  /** A file client A sent for its menu (decision 041). */
  fileA: string;
}

interface Case {
  label?: string;
  params?: (f: Fixtures) => Record<string, string>;
  loader?: Row;
  action?: Row;
  /** Forms posted to the action (each is sent for every role); FormData goes as multipart. */
  forms?: (f: Fixtures) => (Record<string, string> | FormData)[];
  /** The call ends the session (logout): each role gets a new session for this case. */
  freshSession?: boolean;
  /** Representative B's (and client B's) answer must not contain anything of A. */
  isolation?: boolean;
  /** Representative A's answer must contain A's own referral (the page shows the caller's data). */
  ownData?: boolean;
}
type Line = Case | Case[];

/** A multipart upload of the "Implantação" section, with a client id it must ignore. */
function menuUpload(content: string, name: string, clientId: string): FormData {
  const form = new FormData();
  form.set("intent", "cardapio");
  form.set("clientId", clientId);
  form.set("arquivo", new Blob([content], { type: "application/pdf" }), name);
  return form;
}

/** Forms an attacker would send to an admin or portal action: every intent, real ids. */
const hostileForms = (f: Fixtures) => [
  {},
  ...[
    "delete",
    "update",
    "create",
    "toggle",
    "convert",
    "status",
    "add-note",
    "add-subscription",
    "whatsapp-registrar",
    "whatsapp-retirar",
    "whatsapp-preferencia",
    "whatsapp-api",
    "enviar-teste",
  ].map((intent) => ({
    intent,
    id: f.clientId,
    clientId: f.clientId,
    planId: f.planId,
    postId: f.postId,
    leadId: f.leadId,
    referralId: f.referralA,
    materialId: f.materialId,
    representativeId: f.repAId,
    status: "concluido",
    published: "true",
    name: "Invasor",
    title: "Invasor",
    email: "invasor@evil.dev",
    note: "invasor",
    phone: "(11) 98888-7777",
    sourceNote: "invasor",
    preference: "whatsapp",
  })),
];
const toMyReferrals = redirect("/representante/indicacoes");
/** Correcting then cancelling a referral (issue 14), plus a forged owner that must be ignored. */
const referralEditForms = (f: Fixtures): Record<string, string>[] => [
  {
    intent: "save",
    businessName: "Negócio Invasor",
    contactName: "Contato Invasor",
    contactPhone: "(11) 98888-7777",
    planId: f.planId,
    representativeId: randomUUID(),
    status: "concluido",
  },
  { intent: "cancel" },
];
/** "Minha conta": rename, a password change with a wrong current password, end the others. */
const accountForms = () => [
  { intent: "name", name: "Nome Matriz" },
  {
    intent: "password",
    currentPassword: "errada-123",
    password: "nova-senha-1",
    confirmPassword: "nova-senha-1",
  },
  { intent: "endOthers" },
];
const badLogin = () => [{ email: "ninguem@test.dev", password: "senha-errada" }];
const badForgot = (): Record<string, string>[] => [{ email: "nao-e-email" }, {}];
/** A reset without a usable token is refused (400) for everyone and changes nothing. */
const badReset = (): Record<string, string>[] => [
  {},
  { token: "inventado", password: "senha-nova-1", confirmPassword: "senha-nova-1" },
  { token: "inventado", password: "1", confirmPassword: "2" },
];
const badRegister = (): Record<string, string>[] => [
  { name: "Ab", email: "nao-e-email", password: "1", confirmPassword: "2" },
  {},
];

/**
 * An admin page with an :id: a real id, one that does not exist, and a malformed one. `list` is
 * where the page sends the admin for a missing id; null while the page is still a placeholder.
 */
function adminById(
  idOf: (f: Fixtures) => string,
  list: string | null,
  { actionValidatesFirst = false } = {},
): Case[] {
  const missing: Row = list ? adminMissing(list) : { ...ADMIN, admin: admitted };
  // The blog editor validates the form before looking the post up: an empty form is a 400 there.
  const missingAction: Row =
    list && !actionValidatesFirst ? { ...ADMIN, admin: redirect(list) } : ADMIN_ACTION;
  return [
    {
      label: "existing id",
      params: (f) => ({ id: idOf(f) }),
      loader: ADMIN,
      action: ADMIN_ACTION,
      forms: hostileForms,
    },
    { label: "unknown id", params: () => ({ id: randomUUID() }), loader: missing, action: missingAction },
    {
      label: "malformed id",
      params: () => ({ id: "nao-e-um-id'--" }),
      loader: missing,
      action: missingAction,
    },
  ];
}

/** The contact form: an incomplete form is refused for everyone, a complete one is stored. */
const contactForm = (f: Fixtures) => ({
  name: "Contato Matriz",
  business: "Bar da Matriz",
  phone: "(11) 98888-7777",
  email: "contato-matriz@test.dev",
  plan: f.planId,
  message: "Quero saber mais",
});

// ---------------------------------------------------------------------------------------------
// THE MATRIX: one line per route file of app/routes.ts.
const MATRIX: Record<string, Line> = {
  "routes/resources/healthz.ts": { loader: PUBLIC },
  "routes/resources/readyz.ts": { loader: PUBLIC },
  "routes/resources/sitemap.ts": { loader: PUBLIC },
  "routes/resources/robots.ts": { loader: PUBLIC },
  "routes/resources/rss.ts": { loader: PUBLIC },
  // Asaas's webhook: with no ASAAS_* configured (as here) it answers 404 to everyone and stores
  // nothing; with it, the token decides (app/modules/billing/webhook.test.ts).
  "routes/resources/webhook-asaas.ts": {
    loader: all(status(405)),
    action: all(status(404)),
    forms: (): Record<string, string>[] => [{}, { id: "evt_1", event: "PAYMENT_RECEIVED" }],
  },
  // WhatsApp's webhook: with no WHATSAPP_* configured (as here) it answers 404 to everyone, GET
  // and POST, and stores nothing; with it, the signature decides (app/modules/whatsapp/whatsapp.test.ts).
  "routes/resources/webhook-whatsapp.ts": {
    loader: all(status(404)),
    action: all(status(404)),
    forms: (): Record<string, string>[] => [{}, { object: "whatsapp_business_account" }],
  },
  // The E2E clock hook: without TEST_CLOCK_CONTROL (never set here) it does not exist for anyone.
  "routes/resources/test-clock.ts": {
    loader: all(status(404)),
    action: all(status(404)),
    forms: (): Record<string, string>[] => [{ at: "2030-01-01T12:00:00Z", run: "renewals" }, { reset: "1" }],
  },
  // The cookie banner's forms: anyone may choose; back to a page of this site only.
  "routes/resources/consentimento.ts": [
    {
      label: "a choice",
      loader: all(redirect("/")),
      action: all(redirect("/blog")),
      forms: () => [
        { escolha: "todos", voltar: "/blog" },
        { escolha: "personalizado", voltar: "/blog" },
      ],
    },
    {
      label: "another site",
      loader: all(redirect("/")),
      action: all(redirect("/")),
      forms: () => [
        { escolha: "nenhum", voltar: "//evil.test/x" },
        { escolha: "x", voltar: "https://evil.test" },
      ],
    },
  ],

  "routes/site/layout.tsx": { loader: PUBLIC },
  "routes/site/home.tsx": [
    {
      label: "incomplete form",
      loader: PUBLIC,
      action: all(status(400)),
      forms: (f) => [{}, { ...contactForm(f), email: "nao-e-email" }, { ...contactForm(f), plan: "x'--" }],
    },
    { label: "complete form", loader: PUBLIC, action: all(admitted), forms: (f) => [contactForm(f)] },
  ],
  // The contact page posts to itself, exactly like the home's section.
  "routes/site/contato.tsx": [
    {
      label: "incomplete form",
      loader: PUBLIC,
      action: all(status(400)),
      forms: (f) => [{}, { ...contactForm(f), email: "nao-e-email" }],
    },
    { label: "complete form", loader: PUBLIC, action: all(admitted), forms: (f) => [contactForm(f)] },
  ],
  "routes/site/privacidade.tsx": { loader: PUBLIC },
  "routes/site/termos.tsx": { loader: PUBLIC },
  "routes/blog/index.tsx": { loader: PUBLIC },
  "routes/blog/post.tsx": [
    { label: "published", params: (f) => ({ slug: f.postSlug }), loader: PUBLIC },
    // A draft is not public, not even for an admin browsing the site.
    { label: "draft", params: (f) => ({ slug: f.draftSlug }), loader: all(redirect("/blog")) },
    { label: "missing", params: () => ({ slug: "nao-existe'--" }), loader: all(redirect("/blog")) },
  ],
  "routes/site/not-found.tsx": { params: () => ({ "*": "nao-existe" }), loader: all(status(404)) },

  // The restaurant's own area (issue 32). Client A is the matrix's client (a paid and an open
  // charge); client B has nothing, and must never see anything of A's.
  "routes/cliente/entrar.tsx": [
    {
      label: "bad address",
      loader: { ...PUBLIC, clientA: redirect("/cliente"), clientB: redirect("/cliente") },
      action: all(status(400)),
      forms: badForgot,
    },
    {
      label: "any address",
      loader: { ...PUBLIC, clientA: redirect("/cliente"), clientB: redirect("/cliente") },
      action: { ...all(admitted), clientA: admitted, clientB: admitted },
      forms: () => [{ email: "alguem@test.dev" }],
    },
  ],
  "routes/cliente/confirmar.tsx": {
    loader: PUBLIC,
    action: all(status(400)),
    forms: (): Record<string, string>[] => [{}, { token: "inventado" }, { token: "x".repeat(500) }],
  },
  // The link e-mailed to a client's new address: the token is the credential, not a session.
  "routes/cliente/email-confirmar.tsx": {
    loader: PUBLIC,
    action: all(status(400)),
    forms: (): Record<string, string>[] => [{}, { token: "inventado" }, { token: "x".repeat(500) }],
  },
  "routes/cliente/sair.ts": {
    loader: all(redirect("/cliente")),
    action: {
      ...all(toClientSignIn),
      clientA: { kind: "redirect-writes", to: "/cliente/entrar" },
      clientB: { kind: "redirect-writes", to: "/cliente/entrar" },
    },
    // Only "Sair": "todos" would also end the matrix's own client sessions (its integration test
    // covers it: app/modules/client-area/client-area.test.ts).
    forms: () => [{}],
    freshSession: true,
  },
  "routes/cliente/layout.tsx": { loader: CLIENT_AREA, isolation: true },
  "routes/cliente/not-found.tsx": {
    params: () => ({ "*": "nao-existe" }),
    loader: { ...CLIENT_AREA, clientA: status(404), clientB: status(404) },
  },
  "routes/cliente/index.tsx": {
    loader: CLIENT_AREA,
    // "Alterar ou cancelar o plano": a request for the session's own client; ids in the form are ignored.
    action: { ...all(toClientSignIn), clientA: admitted, clientB: admitted },
    forms: (fx): Record<string, string>[] => [
      {},
      { kind: "cancelamento", reason: "preco", details: "x".repeat(5000), clientId: fx.clientId },
      { kind: "troca_plano", planId: fx.clientId, reason: "\u0000", subscriptionId: fx.clientId },
    ],
    isolation: true,
  },
  "routes/cliente/meus-dados.ts": { loader: CLIENT_AREA, isolation: true },
  "routes/cliente/dados.tsx": {
    loader: CLIENT_AREA,
    action: { ...all(toClientSignIn), clientA: admitted, clientB: admitted },
    // Always the session's own client: an id in the form is ignored.
    forms: (fx): Record<string, string>[] => [
      {},
      { name: "Nome Trocado", phone: "(11) 98888-7777", clientId: fx.clientId, id: fx.clientId },
      { name: "x".repeat(5000), phone: "\u0000" },
      { intent: "whatsapp-autorizar", phone: "5511988887777", clientId: fx.clientId },
      { intent: "whatsapp-preferencia", preference: "whatsapp", clientId: fx.clientId },
      { intent: "whatsapp-retirar", clientId: fx.clientId },
    ],
    isolation: true,
  },
  // What the restaurant sends for its menu (decision 041): always the session's own client.
  "routes/cliente/implantacao.tsx": {
    loader: CLIENT_AREA,
    action: { ...all(toClientSignIn), clientA: admitted, clientB: admitted },
    forms: (fx): (Record<string, string> | FormData)[] => [
      {},
      { intent: "horarios", value: "x".repeat(5000), clientId: fx.clientId },
      { intent: "pix", value: "\u0000" },
      { intent: "observacao", value: "Sem glúten", clientId: fx.clientId },
      menuUpload("%PDF-1.7\n%%EOF\n", "cardapio.pdf", fx.clientId),
      menuUpload("\u007fELF\u0002\u0001", "cardapio.pdf", fx.clientId),
    ],
    isolation: true,
  },
  "routes/cliente/implantacao-arquivo.ts": [
    {
      label: "A's file",
      params: (f) => ({ id: f.fileA }),
      loader: { ...CLIENT_AREA, clientB: status(404) },
    },
    {
      label: "missing or malformed id",
      params: () => ({ id: "nao-e-um-id'--" }),
      loader: { ...CLIENT_AREA, clientA: status(404), clientB: status(404) },
    },
  ],
  "routes/cliente/recibo.tsx": [
    {
      label: "A's paid charge",
      params: (f) => ({ id: f.paidChargeId }),
      loader: { ...CLIENT_AREA, clientB: status(404) },
    },
    {
      label: "A's open charge",
      params: (f) => ({ id: f.openChargeId }),
      loader: { ...CLIENT_AREA, clientA: status(404), clientB: status(404) },
    },
    {
      label: "malformed id",
      params: () => ({ id: "nao-e-um-id'--" }),
      loader: { ...CLIENT_AREA, clientA: status(404), clientB: status(404) },
    },
  ],

  "routes/representante/login.tsx": {
    loader: {
      anon: ok,
      repA: redirect("/representante/dashboard"),
      repB: redirect("/representante/dashboard"),
      admin: ok,
    },
    action: all(status(401)),
    forms: badLogin,
  },
  "routes/representante/register.tsx": { action: all(status(400)), forms: badRegister },
  "routes/representante/esqueci-senha.tsx": [
    { label: "bad address", action: all(status(400)), forms: badForgot },
    { label: "any address", action: all(admitted), forms: () => [{ email: "alguem@test.dev" }] },
  ],
  "routes/representante/redefinir-senha.tsx": { loader: PUBLIC, action: all(status(400)), forms: badReset },
  "routes/representante/logout.ts": {
    loader: all(redirect("/representante/login")),
    action: {
      anon: toRepLogin,
      repA: { kind: "redirect-writes", to: "/representante/login" },
      repB: { kind: "redirect-writes", to: "/representante/login" },
      admin: toRepLogin,
    },
    forms: () => [{}],
    freshSession: true,
  },
  "routes/representante/layout.tsx": { loader: PORTAL, isolation: true },
  "routes/representante/not-found.tsx": {
    params: () => ({ "*": "nao-existe" }),
    loader: { ...PORTAL, repA: status(404), repB: status(404) },
  },
  "routes/representante/index.ts": {
    loader: {
      anon: toRepLogin,
      repA: redirect("/representante/dashboard"),
      repB: redirect("/representante/dashboard"),
      admin: toRepLogin,
    },
  },
  "routes/representante/dashboard.tsx": { loader: PORTAL, isolation: true },
  "routes/representante/indicacoes.tsx": { loader: PORTAL, isolation: true, ownData: true },
  // Issue 14 item 6: a referral's correction page. A's referral: A reads, corrects and cancels
  // it; B is sent to its own list exactly as for an id that does not exist (nothing says A's
  // referral exists) and changes nothing; once the referral left Em análise A gets a 409.
  "routes/representante/indicacao.tsx": [
    {
      label: "A's referral in analysis",
      params: (f) => ({ id: f.referralA }),
      loader: { anon: toRepLogin, repA: ok, repB: toMyReferrals, admin: toRepLogin },
      action: { anon: toRepLogin, repA: admitted, repB: toMyReferrals, admin: toRepLogin },
      forms: referralEditForms,
      isolation: true,
      ownData: true,
    },
    {
      label: "A's completed referral",
      params: (f) => ({ id: f.completedA }),
      loader: { anon: toRepLogin, repA: ok, repB: toMyReferrals, admin: toRepLogin },
      action: { anon: toRepLogin, repA: status(409), repB: toMyReferrals, admin: toRepLogin },
      forms: referralEditForms,
      isolation: true,
    },
    {
      label: "unknown id",
      params: () => ({ id: randomUUID() }),
      loader: { ...PORTAL, repA: toMyReferrals, repB: toMyReferrals },
      action: { ...PORTAL_ACTION, repA: toMyReferrals, repB: toMyReferrals },
      forms: referralEditForms,
    },
    {
      label: "malformed id",
      params: () => ({ id: "nao-e-id'--" }),
      loader: { ...PORTAL, repA: toMyReferrals, repB: toMyReferrals },
      action: { ...PORTAL_ACTION, repA: toMyReferrals, repB: toMyReferrals },
      forms: referralEditForms,
    },
  ],
  "routes/representante/nova-indicacao.tsx": {
    loader: PORTAL,
    action: PORTAL_ACTION,
    forms: hostileForms,
    isolation: true,
  },
  "routes/representante/materiais.tsx": { loader: PORTAL, isolation: true },
  // Issue 14: the statement and its CSV show only the signed-in representative's commissions and
  // payouts (A's completed referral and payout carry the marker).
  "routes/representante/comissoes.tsx": { loader: PORTAL, isolation: true, ownData: true },
  "routes/representante/comissoes-csv.ts": { loader: PORTAL, isolation: true, ownData: true },
  // Issue 16: "Baixar meus dados" is the signed-in representative's own data, nothing of others.
  "routes/representante/meus-dados.ts": { loader: PORTAL, isolation: true, ownData: true },
  "routes/representante/conta.tsx": {
    loader: PORTAL,
    action: PORTAL_ACTION,
    forms: (fx) => [
      ...hostileForms(fx),
      ...accountForms(),
      // Issue 14: payout details, always the signed-in representative's own row.
      { intent: "profile", pixKeyType: "email", pixKey: "matriz@test.dev", representativeId: fx.repAId },
      // Issue 16: the deletion request is always the caller's own (an id in the form is ignored).
      { intent: "delete-account", representativeId: fx.repAId },
    ],
    isolation: true,
  },

  "routes/admin/login.tsx": {
    loader: { anon: ok, repA: ok, repB: ok, admin: redirect("/admin/dashboard") },
    action: all(status(401)),
    forms: badLogin,
  },
  "routes/admin/forgot-password.tsx": [
    { label: "bad address", action: all(status(400)), forms: badForgot },
    { label: "any address", action: all(admitted), forms: () => [{ email: "alguem@test.dev" }] },
  ],
  "routes/admin/reset-password.tsx": { loader: PUBLIC, action: all(status(400)), forms: badReset },
  "routes/admin/logout.ts": {
    loader: all(redirect("/admin/login")),
    action: {
      anon: toAdminLogin,
      repA: toAdminLogin,
      repB: toAdminLogin,
      admin: { kind: "redirect-writes", to: "/admin/login" },
    },
    forms: () => [{}],
    freshSession: true,
  },
  "routes/admin/invite.tsx": [
    // Public: the link's token is the credential. A missing/unknown token changes nothing.
    { label: "no token", loader: PUBLIC, action: all(status(400)), forms: () => [{}] },
    {
      label: "unknown token",
      loader: PUBLIC,
      action: all(status(410)),
      forms: () => [{ name: "Invasor", password: "senha-invasor-1", confirmPassword: "senha-invasor-1" }],
    },
  ],
  "routes/admin/layout.tsx": { loader: ADMIN },
  // An unknown admin address: the sign-in for everyone else, a 404 in the back office for the admin.
  "routes/admin/not-found.tsx": {
    params: () => ({ "*": "nao-existe" }),
    loader: { ...ADMIN, admin: status(404) },
  },
  "routes/admin/index.ts": {
    loader: {
      anon: toAdminLogin,
      repA: toAdminLogin,
      repB: toAdminLogin,
      admin: redirect("/admin/dashboard"),
    },
  },
  "routes/admin/dashboard.tsx": { loader: ADMIN, action: ADMIN_ACTION, forms: hostileForms },
  "routes/admin/clients/list.tsx": { loader: ADMIN, action: ADMIN_ACTION, forms: hostileForms },
  "routes/admin/clients/new.tsx": { loader: ADMIN, action: ADMIN_ACTION, forms: hostileForms },
  "routes/admin/clients/export.ts": { loader: ADMIN },
  "routes/admin/clients/edit.tsx": adminById((f) => f.clientId, "/admin/clients"),
  "routes/admin/plans/list.tsx": { loader: ADMIN, action: ADMIN_ACTION, forms: hostileForms },
  "routes/admin/plans/new.tsx": { loader: ADMIN, action: ADMIN_ACTION, forms: hostileForms },
  "routes/admin/plans/edit.tsx": adminById((f) => f.planId, "/admin/plans"),
  "routes/admin/leads.tsx": { loader: ADMIN, action: ADMIN_ACTION, forms: hostileForms },
  "routes/admin/leads/export.ts": { loader: ADMIN },
  "routes/admin/leads/detail.tsx": adminById((f) => f.leadId, "/admin/leads"),
  "routes/admin/blog/list.tsx": { loader: ADMIN, action: ADMIN_ACTION, forms: hostileForms },
  "routes/admin/blog/new.tsx": { loader: ADMIN, action: ADMIN_ACTION, forms: hostileForms },
  "routes/admin/blog/edit.tsx": adminById((f) => f.postId, "/admin/blog", {
    actionValidatesFirst: true,
  }),
  "routes/admin/settings.tsx": { loader: ADMIN, action: ADMIN_ACTION, forms: hostileForms },
  "routes/admin/settings/funnel.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [...hostileForms(f), { lostReasons: "Preço\nOutro", lostReasonRequired: "on" }],
  },
  "routes/admin/privacy.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [
      ...hostileForms(f),
      { term: "ninguem@nada.dev", confirm: "ANONIMIZAR" },
      { term: "x", confirm: "nao" },
    ],
  },
  // The export's download (resource route): admins only; without a person to look for, a 400.
  "routes/admin/privacy-export.ts": { loader: { ...ADMIN, admin: status(400) } },
  "routes/admin/settings/privacy.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [...hostileForms(f), { companyName: "Empresa Matriz Ltda.", contactEmail: "nao-e-email" }],
  },
  // "Testar conexão" changes nothing; it answers admins only.
  "routes/admin/settings/company.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [
      ...hostileForms(f),
      {
        companyLegalName: "Empresa Ltda",
        companyCnpj: "11.222.333/0001-81",
        companyAddress: "Rua A, 1",
        companyDistrict: "Centro",
        companyCity: "São Paulo",
        companyUf: "SP",
        companyCep: "01310-100",
      },
    ],
  },
  "routes/admin/settings/billing-provider.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [...hostileForms(f), {}],
  },
  "routes/admin/settings/whatsapp.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [...hostileForms(f), {}],
  },
  "routes/admin/billing.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [
      ...hostileForms(f),
      { intent: "pay", id: randomUUID(), paidOn: "01/01/2026", method: "pix", amount: "10,00" },
      { intent: "cancel", id: randomUUID(), reason: "x" },
      { intent: "refund", id: randomUUID() },
      { intent: "resend", id: f.openChargeId },
      { intent: "provider-resend", id: f.openChargeId },
      {
        intent: "one-off",
        clientId: f.clientId,
        description: "Serviço",
        amount: "10,00",
        dueDate: "10/12/2026",
      },
    ],
  },
  "routes/admin/revenue.tsx": { loader: ADMIN },
  "routes/admin/revenue/export.ts": { loader: ADMIN },
  "routes/admin/billing/export.ts": { loader: ADMIN },
  // The accountant's CSV and ZIP of a month's notes: admins only (clients and representatives out).
  "routes/admin/billing/invoices-export.ts": { loader: ADMIN },
  "routes/admin/billing/clients.ts": { loader: ADMIN },
  // Divergências: admins only; resolving one that does not exist, or with no choice, is refused.
  "routes/admin/billing/divergences.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [
      ...hostileForms(f),
      { id: randomUUID(), resolution: "devolvido" },
      { id: randomUUID(), resolution: "quitada" },
    ],
  },
  // The printable receipt: admins only, and only for a paid charge (404 otherwise).
  "routes/admin/billing/receipt.tsx": [
    { label: "paid charge", params: (f) => ({ id: f.paidChargeId }), loader: ADMIN },
    {
      label: "open charge",
      params: (f) => ({ id: f.openChargeId }),
      loader: { ...ADMIN, admin: status(404) },
    },
    { label: "unknown id", params: () => ({ id: randomUUID() }), loader: { ...ADMIN, admin: status(404) } },
    {
      label: "malformed id",
      params: () => ({ id: "nao-e-um-id'--" }),
      loader: { ...ADMIN, admin: status(404) },
    },
  ],
  "routes/admin/onboarding-arquivo.ts": [
    { label: "a client's file", params: (f) => ({ id: f.fileA }), loader: ADMIN },
    { label: "missing", params: () => ({ id: randomUUID() }), loader: { ...ADMIN, admin: status(404) } },
  ],
  "routes/admin/onboarding.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [
      ...hostileForms(f),
      { intent: "open", clientId: f.clientId },
      { intent: "item", id: randomUUID(), itemId: randomUUID(), done: "1" },
      { intent: "publish", id: randomUUID() },
    ],
  },
  "routes/admin/requests.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [
      ...hostileForms(f),
      { requestId: randomUUID(), decision: "aceitar" },
      { requestId: f.clientId, decision: "recusar", message: "" },
    ],
  },
  "routes/admin/settings/onboarding.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [...hostileForms(f), { dueDays: "5", targetDays: "3", checklist: "Cardápio recebido" }],
  },
  // "Emitir novamente" of a note in error (issue 47).
  "routes/admin/billing/invoices.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [...hostileForms(f), { intent: "reissue", id: randomUUID() }],
  },
  "routes/admin/settings/billing-invoice.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [...hostileForms(f), { ...INVOICE_FORM }],
  },
  "routes/admin/settings/billing.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [
      ...hostileForms(f),
      { pixKey: "email@empresa.com.br", pixName: "Empresa", pixCity: "Sao Paulo", renewalDaysBefore: "10" },
    ],
  },
  "routes/admin/referrals.tsx": { loader: ADMIN, action: ADMIN_ACTION, forms: hostileForms },
  "routes/admin/referrals/export.ts": { loader: ADMIN },
  "routes/admin/referrals/edit.tsx": adminById((f) => f.referralA, "/admin/referrals"),
  "routes/admin/representatives.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (fx) => [
      ...hostileForms(fx),
      // Issue #13 intents: an unknown id, and a no-op on representative A (already active).
      { intent: "deactivateRepresentative", id: randomUUID() },
      { intent: "reactivateRepresentative", id: fx.repAId },
      { intent: "sendPasswordReset", id: randomUUID() },
    ],
  },
  "routes/admin/representatives/detail.tsx": [
    ...adminById((f) => f.repAId, "/admin/representatives"),
    {
      label: "payout intents",
      params: (f) => ({ id: f.repAId }),
      loader: ADMIN,
      action: ADMIN_ACTION,
      forms: (f): Record<string, string>[] => [
        { intent: "record-payout", referralIds: f.completedA, paidOn: "2026-02-30", method: "pix" },
        { intent: "record-payout", referralIds: randomUUID(), paidOn: "2026-02-10", method: "boleto" },
        { intent: "cancel-payout", payoutId: randomUUID() },
        { intent: "cancel-payout", payoutId: f.payoutA },
      ],
    },
  ],
  "routes/admin/users.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (fx) => [
      ...hostileForms(fx),
      { intent: "invite", name: "Convidado Matriz", email: "convidado-matriz@test.dev" },
      { intent: "deactivate", id: "nao-existe" },
      { intent: "reactivate", id: "nao-existe" },
      { intent: "resend", id: "nao-existe'--" },
    ],
  },
  "routes/admin/account.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (fx) => [...hostileForms(fx), ...accountForms()],
  },
  "routes/admin/settings/notifications.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [...hostileForms(f), { leadAlertEmails: "invasor@evil.dev" }],
  },
  "routes/admin/settings/webhooks.tsx": {
    loader: ADMIN,
    action: ADMIN_ACTION,
    forms: (f) => [
      ...hostileForms(f),
      { intent: "create", url: "https://93.184.215.14/invasor", events: "lead.created" },
      { intent: "toggle", id: f.webhookId, active: "false" },
      { intent: "delete", id: f.webhookId },
    ],
  },
  "routes/admin/emails/list.tsx": { loader: ADMIN },
  "routes/admin/audit.tsx": { loader: ADMIN },
  "routes/admin/emails/detail.tsx": [
    ...adminById((f) => f.mailId, "/admin/emails"),
    {
      label: "resend",
      params: (f) => ({ id: f.mailId }),
      loader: ADMIN,
      action: ADMIN_ACTION,
      forms: () => [{ intent: "resend" }],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Machinery
const routes = flattenRoutes();
const cookies: Record<Role, string> = { anon: "", repA: "", repB: "", admin: "", clientA: "", clientB: "" };
const clientEmails: Record<ClientRole, string> = {
  clientA: "cliente-matriz@test.dev",
  clientB: "cliente-beta@test.dev",
};
const credentials = {
  admin: { email: "matrix-admin@test.dev", password: "senha-admin-matrix" },
  repA: { email: "matrix-rep-a@test.dev", password: "senha-rep-a-123" },
  repB: { email: "matrix-rep-b@test.dev", password: "senha-rep-b-123" },
};
let f: Fixtures;

beforeAll(async () => {
  process.env.RATE_LIMIT_LOGIN = "100000";
  process.env.RATE_LIMIT_LOGIN_ACCOUNT = "100000";
  process.env.RATE_LIMIT_CONTACT = "100000";
  process.env.RATE_LIMIT_REGISTER = "100000";
  (await import("~/lib/env.server")).resetEnvCache();
  cookies.admin = await adminCookie(credentials.admin.email, credentials.admin.password);
  const a = await representativeCookie(
    credentials.repA.email,
    credentials.repA.password,
    "Representante Alfa",
  );
  const b = await representativeCookie(
    credentials.repB.email,
    credentials.repB.password,
    "Representante Beta",
  );
  cookies.repA = a.cookie;
  cookies.repB = b.cookie;

  const db = t.db;
  const markerA = `NEGOCIO-ALFA-${randomUUID().slice(0, 8)}`;
  const [plan] = await db
    .insert(plans)
    .values({ name: "Plano Matriz", priceCents: 9900, setupFeeCents: 0 })
    .returning();
  const [client] = await db
    .insert(clients)
    .values({
      name: "Cliente Matriz",
      email: "cliente-matriz@test.dev",
      phone: "11999999999",
      businessName: "Restaurante Matriz",
      planId: plan.id,
    })
    .returning();
  await insertSubscriptions(db, {
    clientId: client.id,
    planId: plan.id,
    startDate: "2026-01-01",
    endDate: "2026-02-01",
  });
  await db.insert(clientNotes).values({ clientId: client.id, note: "nota" });
  const menu = Buffer.from("%PDF-1.7\nCardapio Matriz\n%%EOF\n");
  const [fileA] = await db
    .insert(onboardingFiles)
    .values({
      clientId: client.id,
      step: "cardapio",
      name: "cardapio-matriz.pdf",
      mime: "application/pdf",
      sizeBytes: menu.byteLength,
      sha256: "0".repeat(64),
      content: menu,
    })
    .returning({ id: onboardingFiles.id });
  await makeClient(clientEmails.clientB, "Cliente Beta", "Bar Beta");
  cookies.clientA = await clientCookie(clientEmails.clientA);
  cookies.clientB = await clientCookie(clientEmails.clientB);
  const [post] = await db
    .insert(blogPosts)
    .values({
      title: "Post Matriz",
      slug: "post-matriz",
      excerpt: "Resumo",
      content: "<p>x</p>",
      published: true,
    })
    .returning();
  await db
    .insert(blogPosts)
    .values({ title: "Rascunho", slug: "rascunho-matriz", excerpt: "r", published: false });
  const [lead] = await db
    .insert(leads)
    .values({
      name: "Lead Matriz",
      email: "lead-matriz@test.dev",
      phone: "11988887777",
      business: "Bar",
      plan: "Premium",
    })
    .returning();
  const [referral] = await db
    .insert(referrals)
    .values({
      representativeId: a.representativeId,
      businessName: markerA,
      contactName: "Contato Alfa",
      contactPhone: "11977776666",
      planId: plan.id,
    })
    .returning();
  const [completedA] = await db
    .insert(referrals)
    .values({
      representativeId: a.representativeId,
      businessName: `${markerA}-concluida`,
      contactName: "Contato Alfa",
      contactPhone: "11977775555",
      planId: plan.id,
      planName: plan.name,
      commissionCents: 10000,
      status: "concluido",
      completedAt: new Date(),
    })
    .returning();
  const [payoutA] = await db
    .insert(payouts)
    .values({
      representativeId: a.representativeId,
      paidOn: "2026-01-15",
      method: "pix",
      reference: markerA,
      amountCents: 10000,
    })
    .returning();
  await db
    .insert(payoutItems)
    .values({ payoutId: payoutA.id, referralId: completedA.id, amountCents: 10000 });
  const [material] = await db
    .insert(representativeMaterials)
    .values({ title: "Material Matriz", materialType: "text", textContent: "texto" })
    .returning();
  const [mail] = await db
    .insert(mailMessages)
    .values({
      kind: "lead.novo",
      toAddress: "destino-matriz@test.dev",
      subject: "Mensagem Matriz",
      html: "<p>x</p>",
      text: "x",
      status: "falhou",
    })
    .returning();
  const [webhook] = await db
    .insert(webhookEndpoints)
    .values({ url: "https://93.184.215.14/matriz", events: ["lead.created"], secretEncrypted: "x" })
    .returning();
  const [paidCharge, openCharge] = await db
    .insert(charges)
    .values([
      {
        number: "2026-900001",
        clientId: client.id,
        origin: "avulsa",
        dueDate: "2026-01-10",
        subtotalCents: 5000,
        amountCents: 5000,
        status: "paga",
        paidOn: "2026-01-09",
        paidAmountCents: 5000,
        paymentMethod: "pix",
        paymentSource: "manual",
        paymentRecordedAt: new Date(),
      },
      {
        number: "2026-900002",
        clientId: client.id,
        origin: "avulsa",
        dueDate: "2026-02-10",
        subtotalCents: 5000,
        amountCents: 5000,
      },
    ])
    .returning();
  await db.insert(chargeLines).values([
    {
      chargeId: paidCharge.id,
      position: 1,
      kind: "avulsa",
      description: "Serviço Matriz",
      amountCents: 5000,
    },
    {
      chargeId: openCharge.id,
      position: 1,
      kind: "avulsa",
      description: "Serviço Matriz",
      amountCents: 5000,
    },
  ]);
  f = {
    fileA: fileA.id,
    paidChargeId: paidCharge.id,
    openChargeId: openCharge.id,
    mailId: mail.id,
    webhookId: webhook.id,
    planId: plan.id,
    clientId: client.id,
    postSlug: post.slug,
    draftSlug: "rascunho-matriz",
    postId: post.id,
    leadId: lead.id,
    referralA: referral.id,
    completedA: completedA.id,
    payoutA: payoutA.id,
    materialId: material.id,
    repAId: a.representativeId,
    repACode: (
      await db
        .select({ code: representatives.referralCode })
        .from(representatives)
        .where(eq(representatives.id, a.representativeId))
    )[0].code,
    markerA,
  };
});

async function freshCookie(role: Role): Promise<string> {
  if (role === "anon") return "";
  if (role === "clientA" || role === "clientB") return clientCookie(clientEmails[role]);
  const c = credentials[role];
  const { headers } = await signIn(new Request(`${BASE}/`), {
    ...c,
    role: role === "admin" ? "admin" : "representative",
  });
  return cookieFrom(headers);
}

function describeOutcome(o: Outcome) {
  return `status ${o.status}${o.location ? ` → ${o.location}` : ""}`;
}

function check(e: Expect, o: Outcome, where: string) {
  const loginPages = ["/admin/login", "/representante/login", "/cliente/entrar"];
  switch (e.kind) {
    case "status":
      expect(o.status, `${where}: expected ${e.status}, got ${describeOutcome(o)}`).toBe(e.status);
      if (e.status === 200) expect(o.location, where).toBeNull();
      break;
    case "redirect":
    case "redirect-writes":
      expect(
        o.status >= 300 && o.status < 400,
        `${where}: expected redirect to ${e.to}, got ${describeOutcome(o)}`,
      ).toBe(true);
      expect(o.location, where).toBe(e.to);
      break;
    case "admitted":
      expect(o.status, `${where}: expected to pass the guard, got ${describeOutcome(o)}`).toBeLessThan(500);
      expect(loginPages, `${where}: sent to a login page`).not.toContain(o.location);
      break;
  }
}

async function call(
  fn: RouteFn,
  url: string,
  params: Record<string, string>,
  cookie: string,
  form?: Record<string, string> | FormData,
) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  let request: Request;
  if (form instanceof FormData) {
    request = new Request(BASE + url, { method: "POST", headers, body: form });
  } else if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    request = new Request(BASE + url, { method: "POST", headers, body: new URLSearchParams(form) });
  } else {
    request = new Request(BASE + url, { headers });
  }
  return outcome(() => fn({ request, params, context: context() }));
}

const cases = (line: Line): Case[] => (Array.isArray(line) ? line : [line]);

// ---------------------------------------------------------------------------------------------
describe("authorization matrix", () => {
  it("has exactly one line for every route of app/routes.ts", async () => {
    const inRoutes = new Set(routes.map((r) => r.file));
    const missing = [...inRoutes].filter((file) => !(file in MATRIX));
    const stale = Object.keys(MATRIX).filter((file) => !inRoutes.has(file));
    expect(missing, `routes without a line in the authorization matrix: ${missing.join(", ")}`).toEqual([]);
    expect(stale, `matrix lines for routes that no longer exist: ${stale.join(", ")}`).toEqual([]);
  });

  it("has a loader/action row exactly where the route module exports one", async () => {
    const problems: string[] = [];
    for (const r of routes) {
      const line = MATRIX[r.file];
      if (!line) continue;
      const mod = await loadRouteModule(r.file);
      const cs = cases(line);
      if (mod.loader && !cs.every((c) => c.loader))
        problems.push(`${r.file}: has a loader but no loader row`);
      if (!mod.loader && cs.some((c) => c.loader)) problems.push(`${r.file}: loader row but no loader`);
      if (mod.action && !cs.some((c) => c.action))
        problems.push(`${r.file}: has an action but no action row`);
      if (!mod.action && cs.some((c) => c.action)) problems.push(`${r.file}: action row but no action`);
    }
    expect(problems).toEqual([]);
  });
});

describe("the matrix itself", () => {
  it("catches a loader that forgets its guard and an action that writes for anyone", async () => {
    const unguarded: RouteFn = async () => ({ secret: "dados" });
    const o = await call(unguarded, "/admin/x", {}, cookies.repA);
    expect(() => check(ADMIN.repA, o, "unguarded")).toThrow();
    const before = await databaseFingerprint(t.db);
    await t.db.insert(leads).values({ name: "n", email: "e@x.dev", phone: "1", business: "b", plan: "p" });
    expect(changedTables(before, await databaseFingerprint(t.db))).toEqual(["leads"]);
  });
});

for (const r of routes) {
  const line = MATRIX[r.file];
  if (!line) continue;
  describe(`${r.pattern} (${r.file})`, () => {
    for (const c of cases(line)) {
      const label = c.label ? ` [${c.label}]` : "";
      if (c.loader) {
        it(`loader${label}`, async () => {
          const mod = await loadRouteModule(r.file);
          const params = c.params?.(f) ?? {};
          const url = fillPattern(r.pattern, params);
          // A GET never changes data, whoever asks: one fingerprint around all the roles' calls
          // (any change by any of them shows), not two per call — they were most of this file's time.
          // Fresh sessions are made first: signing a client in writes (its user, its link e-mail).
          const cookieOf: Partial<Record<Role, string>> = {};
          for (const role of ROLES) cookieOf[role] = c.freshSession ? await freshCookie(role) : cookies[role];
          const before = await databaseFingerprint(t.db, { exclude: ["session"] });
          for (const role of ROLES) {
            const o = await call(mod.loader!, url, params, cookieOf[role]!);
            check(expectOf(c.loader!, role), o, `GET ${url} as ${role}`);
            if (c.isolation && role === "clientB") {
              const body = JSON.stringify(o.data ?? "");
              expect(body, `GET ${url}: client B sees A's data`).not.toContain("Restaurante Matriz");
              expect(body, `GET ${url}: client B sees A's data`).not.toContain("Cliente Matriz");
              expect(body, `GET ${url}: client B sees A's charge`).not.toContain(f.openChargeId);
            }
            if (c.isolation && role === "repB") {
              const body = JSON.stringify(o.data ?? "");
              expect(body, `GET ${url}: representative B sees A's data`).not.toContain(f.markerA);
              expect(body, `GET ${url}: representative B sees A's data`).not.toContain("Representante Alfa");
              expect(body, `GET ${url}: representative B sees A's link`).not.toContain(`ref=${f.repACode}`);
            }
            if (c.ownData && role === "repA") {
              expect(JSON.stringify(o.data ?? ""), `GET ${url}: A does not see A's referral`).toContain(
                f.markerA,
              );
            }
          }
          expect(
            changedTables(before, await databaseFingerprint(t.db, { exclude: ["session"] })),
            `GET ${url} changed data (as one of ${ROLES.join(", ")})`,
          ).toEqual([]);
        });
      }
      if (c.action) {
        it(`action${label}: refused roles change nothing`, async () => {
          const mod = await loadRouteModule(r.file);
          const params = c.params?.(f) ?? {};
          const url = fillPattern(r.pattern, params);
          const forms = c.forms?.(f) ?? [{}];
          // The refused calls, each with its cookie made beforehand (a fresh session is a write of
          // its own); those that may write (a sign-out clearing its session) run after the others.
          const calls: { role: Role; form: (typeof forms)[number]; expected: Expect; cookie: string }[] = [];
          for (const role of ROLES) {
            const expected = expectOf(c.action!, role);
            if (expected.kind === "admitted") continue; // the admitted roles run below, last
            for (const form of forms) {
              const cookie = c.freshSession ? await freshCookie(role) : cookies[role];
              calls.push({ role, form, expected, cookie });
            }
          }
          const run = async ({ role, form, expected, cookie }: (typeof calls)[number]) => {
            const o = await call(mod.action!, url, params, cookie, form);
            check(expected, o, `POST ${url} as ${role} ${JSON.stringify(form).slice(0, 60)}`);
          };
          // Refused calls change nothing: one fingerprint around all of them (any change by any of
          // them shows), not two per call — they were most of this file's time.
          const before = await databaseFingerprint(t.db);
          const silent = calls.filter((k) => k.expected.kind !== "redirect-writes");
          for (const k of silent) await run(k);
          expect(
            changedTables(before, await databaseFingerprint(t.db)),
            `POST ${url} was refused but changed data (as one of ${[...new Set(silent.map((k) => k.role))].join(", ")})`,
          ).toEqual([]);
          for (const k of calls) if (k.expected.kind === "redirect-writes") await run(k);
        });
      }
    }
  });
}

// Admitted roles last: their calls may legitimately delete the fixtures the other checks use.
describe("admitted roles pass the guards of every action", () => {
  for (const r of routes) {
    const line = MATRIX[r.file];
    if (!line) continue;
    for (const c of cases(line)) {
      if (!c.action || !ROLES.some((role) => expectOf(c.action!, role).kind === "admitted")) continue;
      it(`${r.pattern}${c.label ? ` [${c.label}]` : ""}`, async () => {
        const mod = await loadRouteModule(r.file);
        const params = c.params?.(f) ?? {};
        const url = fillPattern(r.pattern, params);
        for (const role of ROLES) {
          if (expectOf(c.action!, role).kind !== "admitted") continue;
          const repABefore = role === "repB" ? await ownedByA() : null;
          for (const form of c.forms?.(f) ?? [{}]) {
            const o = await call(mod.action!, url, params, cookies[role], form);
            check(
              expectOf(c.action!, role),
              o,
              `POST ${url} as ${role} ${JSON.stringify(form).slice(0, 60)}`,
            );
          }
          // Representative B can act for itself, never on A's rows.
          if (repABefore)
            expect(await ownedByA(), `POST ${url} as repB touched A's rows`).toEqual(repABefore);
        }
      });
    }
  }
});

/** Everything that belongs to representative A. */
async function ownedByA() {
  const db = t.db;
  return {
    referrals: await db.select().from(referrals).where(eq(referrals.representativeId, f.repAId)),
    rep: await db.select().from(representatives).where(eq(representatives.id, f.repAId)),
    user: await db.select().from(user).where(eq(user.email, credentials.repA.email)),
  };
}
