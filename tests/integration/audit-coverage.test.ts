/**
 * Issue #15 item 8: every admin action of the authorization matrix that changes data writes an
 * audit entry, by the signed-in admin, in the same transaction. The routes are enumerated from
 * app/routes.ts: an admin route with an action and no line here fails the first test (as the
 * authorization matrix does), so a new action cannot skip the audit log unnoticed.
 *
 * Each case posts a VALID form as the admin; when any table changed, the audit log must have a
 * new entry by that admin with the expected action. Every case must change something (a case
 * that changes nothing would prove nothing).
 */
import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  accountDeletionRequests,
  auditLog,
  blogPosts,
  clientRequests,
  paymentDivergences,
  payoutItems,
  payouts,
  clientNotes,
  clients,
  leads,
  mailMessages,
  onboardingItems,
  plans,
  referrals,
  representativeMaterials,
  user,
  webhookDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import { createOneOffCharge } from "~/modules/billing/billing.server";
import { openOnboardingByHand } from "~/modules/onboarding/onboarding.server";
import { useTestDatabase } from "../support/db";
import { adminCookie, BASE, context, outcome, representativeCookie } from "../support/requests";
import { fillPattern, flattenRoutes } from "../support/route-list";
import { changedTables, databaseFingerprint } from "./support/fingerprint";
import { auditActionLabel } from "~/components/admin/audit/audit-labels";
import { loadRouteModule } from "./support/route-modules";
import { insertSubscriptions } from "../../tests/support/subscriptions";
import { INVOICE_FORM } from "../support/invoice-settings";

const t = useTestDatabase();

interface Fx {
  planId: string;
  sparePlanId: string;
  clientId: string;
  spareClientId: string;
  subscriptionId: string;
  noteId: string;
  postId: string;
  spareePostId: string;
  leadNovo: string;
  leadNegociando: string;
  leadSpare: string;
  referralId: string;
  materialId: string;
  repId: string;
  mailId: string;
  webhookId: string;
  spareWebhookId: string;
  deliveryId: string;
  otherAdminId: string;
  unpaidReferralId: string;
  payoutId: string;
  subjectEmail: string;
  deletionRepEmail: string;
  /** Open one-off charges of R$ 100,00 (one to pay, one to cancel, one to discount). */
  charges: string[];
  /** A client with no onboarding ("Pagamento confirmado"), and an open onboarding with an item. */
  onboardingClientId: string;
  onboardingId: string;
  onboardingItemId: string;
  /** An open cancellation request from /cliente (issue 32), of the onboarding client. */
  clientRequestId: string;
  /** A payment that does not match its charge, open (Financeiro → Divergências). */
  divergenceId: string;
}

interface Step {
  label: string;
  params?: (f: Fx) => Record<string, string>;
  form: (f: Fx) => Record<string, string | string[]>;
  /** The audit action the step must write. */
  action: string;
}

/** Admin routes whose action changes no data of the app (or is not an admin's change). */
const NO_DATA_CHANGE: Record<string, string> = {
  "routes/admin/login.tsx": "signs in (sessions are not audited)",
  "routes/admin/logout.ts": "signs out",
  "routes/admin/forgot-password.tsx": "asks for a reset e-mail (no admin is signed in)",
  "routes/admin/reset-password.tsx": "sets a password with a token (no admin is signed in)",
  "routes/admin/invite.tsx": "accepting an invitation is audited by team.server (user.invitation_accepted)",
  "routes/admin/dashboard.tsx": "405: the dashboard has no action",
  "routes/admin/settings/billing-provider.tsx": "'Testar conexão' only reads the provider's account",
  "routes/admin/billing/invoices.tsx":
    "'Emitir novamente' needs a provider that issues notes: its entry (invoice.reissued) is asserted against the fake Asaas in modules/invoices/invoices.test.ts",
  "routes/admin/settings/whatsapp.tsx":
    "'Testar conexão' only reads the phone number's details at Meta; 'Enviar teste' needs the channel on: its entry (whatsapp.teste_enviado) is asserted against the fake Cloud API in modules/whatsapp/manual-sends.test.ts",
};

const STEPS: Record<string, Step[]> = {
  "routes/admin/clients/new.tsx": [
    {
      label: "create",
      form: (f) => ({
        name: "Cliente Auditado",
        email: "auditado@exemplo.com",
        phone: "(11) 98888-7777",
        businessName: "Bar Auditado",
        planId: f.planId,
        status: "ativo",
      }),
      action: "client.created",
    },
  ],
  "routes/admin/clients/edit.tsx": [
    {
      label: "whatsapp-registrar",
      params: (f) => ({ id: f.clientId }),
      form: () => ({
        intent: "whatsapp-registrar",
        phone: "(11) 97777-6666",
        sourceNote: "Autorizou por telefone em 10/04",
      }),
      action: "whatsapp.consentimento_registrado",
    },
    {
      label: "whatsapp-retirar",
      params: (f) => ({ id: f.clientId }),
      form: () => ({ intent: "whatsapp-retirar" }),
      action: "whatsapp.consentimento_retirado",
    },
    {
      label: "whatsapp-preferencia",
      params: (f) => ({ id: f.clientId }),
      form: () => ({ intent: "whatsapp-preferencia", preference: "whatsapp" }),
      action: "client.preferencia_de_canal",
    },
    {
      label: "update",
      params: (f) => ({ id: f.clientId }),
      form: (f) => ({
        intent: "update",
        name: "Cliente Renomeado",
        email: "cliente-audit@exemplo.com",
        phone: "(11) 98888-7777",
        businessName: "Restaurante Auditoria",
        planId: f.planId,
        status: "inativo",
      }),
      action: "client.updated",
    },
    {
      label: "add-subscription",
      params: (f) => ({ id: f.clientId }),
      form: (f) => ({
        intent: "add-subscription",
        planId: f.planId,
        startDate: "2026-05-01",
        renewalType: "anual",
      }),
      action: "subscription.created",
    },
    {
      label: "change-plan",
      params: (f) => ({ id: f.clientId }),
      form: (f) => ({ intent: "change-plan", subscriptionId: f.subscriptionId, planId: f.sparePlanId }),
      action: "subscription.plan_changed",
    },
    {
      // …and back, so the spare plan is free again for the plans list's delete case.
      label: "change-plan back",
      params: (f) => ({ id: f.clientId }),
      form: (f) => ({ intent: "change-plan", subscriptionId: f.subscriptionId, planId: f.planId }),
      action: "subscription.plan_changed",
    },
    {
      label: "change-plan at the next renewal",
      params: (f) => ({ id: f.clientId }),
      form: (f) => ({
        intent: "change-plan",
        subscriptionId: f.subscriptionId,
        planId: f.sparePlanId,
        when: "renovacao",
      }),
      action: "subscription.plan_change_scheduled",
    },
    {
      label: "undo-plan-change",
      params: (f) => ({ id: f.clientId }),
      form: (f) => ({ intent: "undo-plan-change", subscriptionId: f.subscriptionId }),
      action: "subscription.plan_change_unscheduled",
    },
    {
      label: "suspension-exempt",
      params: (f) => ({ id: f.clientId }),
      form: (f) => ({ intent: "suspension-exempt", subscriptionId: f.subscriptionId, exempt: "true" }),
      action: "subscription.suspension_exempted",
    },
    {
      label: "cancel-subscription",
      params: (f) => ({ id: f.clientId }),
      form: (f) => ({
        intent: "cancel-subscription",
        subscriptionId: f.subscriptionId,
        when: "fim_do_periodo",
      }),
      action: "subscription.cancelled",
    },
    {
      label: "delete-subscription",
      params: (f) => ({ id: f.clientId }),
      form: (f) => ({ intent: "delete-subscription", subscriptionId: f.subscriptionId }),
      action: "subscription.deleted",
    },
    {
      label: "add-note",
      params: (f) => ({ id: f.clientId }),
      form: () => ({ intent: "add-note", note: "Ligou pedindo desconto" }),
      action: "client.note_added",
    },
    {
      label: "delete-note",
      params: (f) => ({ id: f.clientId }),
      form: (f) => ({ intent: "delete-note", noteId: f.noteId }),
      action: "client.note_deleted",
    },
  ],
  "routes/admin/clients/list.tsx": [
    { label: "delete", form: (f) => ({ intent: "delete", id: f.spareClientId }), action: "client.deleted" },
  ],
  "routes/admin/plans/new.tsx": [
    {
      label: "create",
      form: () => ({
        name: "Plano Auditado",
        price: "49,90",
        setupFee: "0",
        description: "d",
        features: ["a"],
      }),
      action: "plan.created",
    },
  ],
  "routes/admin/plans/edit.tsx": [
    {
      label: "update",
      params: (f) => ({ id: f.planId }),
      form: () => ({
        name: "Plano Auditoria 2",
        price: "59,90",
        setupFee: "10",
        description: "d",
        features: ["a"],
      }),
      action: "plan.updated",
    },
  ],
  "routes/admin/plans/list.tsx": [
    { label: "delete", form: (f) => ({ intent: "delete", id: f.sparePlanId }), action: "plan.deleted" },
  ],
  "routes/admin/leads.tsx": [
    {
      label: "move",
      form: (f) => ({ intent: "move", id: f.leadNovo, from: "novo", to: "contatado" }),
      action: "lead.moved",
    },
    {
      label: "convert",
      form: (f) => ({ intent: "convert", id: f.leadNegociando, planId: f.planId }),
      action: "lead.converted",
    },
  ],
  "routes/admin/leads/detail.tsx": [
    {
      label: "add-note",
      params: (f) => ({ id: f.leadSpare }),
      form: () => ({ intent: "add-note", note: "Pediu retorno" }),
      action: "lead.note_added",
    },
    {
      label: "follow-up",
      params: (f) => ({ id: f.leadSpare }),
      form: () => ({ intent: "follow-up", nextContactAt: "2026-12-01T10:00" }),
      action: "lead.follow_up_set",
    },
    {
      label: "delete",
      params: (f) => ({ id: f.leadSpare }),
      form: () => ({ intent: "delete" }),
      action: "lead.deleted",
    },
  ],
  "routes/admin/blog/new.tsx": [
    {
      label: "create",
      form: () => ({ title: "Post Auditado", slug: "post-auditado", excerpt: "Resumo", content: "<p>x</p>" }),
      action: "post.created",
    },
  ],
  "routes/admin/blog/edit.tsx": [
    {
      label: "update",
      params: (f) => ({ id: f.postId }),
      form: () => ({
        title: "Post Reescrito",
        slug: "post-auditoria",
        excerpt: "Novo resumo",
        content: "<p>y</p>",
      }),
      action: "post.updated",
    },
  ],
  "routes/admin/blog/list.tsx": [
    { label: "toggle", form: (f) => ({ intent: "toggle", id: f.postId }), action: "post.published" },
    { label: "delete", form: (f) => ({ intent: "delete", id: f.spareePostId }), action: "post.deleted" },
  ],
  "routes/admin/settings.tsx": [
    { label: "save", form: () => ({ title: "Site Auditado" }), action: "settings.updated" },
  ],
  "routes/admin/settings/funnel.tsx": [
    {
      label: "save",
      form: () => ({ lostReasons: "Preço\nOutro\nSumiu" }),
      action: "settings.funnel_updated",
    },
  ],
  "routes/admin/settings/notifications.tsx": [
    {
      label: "save",
      form: () => ({ leadAlertEmails: "vendas@exemplo.com" }),
      action: "settings.notifications_updated",
    },
  ],
  "routes/admin/settings/webhooks.tsx": [
    {
      label: "create",
      form: () => ({ intent: "create", url: "https://93.184.215.14/auditoria", events: "lead.created" }),
      action: "webhook.created",
    },
    {
      label: "toggle",
      form: (f) => ({ intent: "toggle", id: f.webhookId, active: "false" }),
      action: "webhook.paused",
    },
    {
      label: "redeliver",
      form: (f) => ({ intent: "redeliver", id: f.deliveryId }),
      action: "webhook.redelivered",
    },
    { label: "delete", form: (f) => ({ intent: "delete", id: f.spareWebhookId }), action: "webhook.deleted" },
  ],
  "routes/admin/referrals.tsx": [
    {
      label: "status",
      form: (f) => ({ intent: "status", id: f.referralId, status: "concluido" }),
      action: "referral.status_changed",
    },
  ],
  // Issue 14 item 6: the admin corrects a referral (the reassignment is covered in
  // app/modules/referrals/editing.test.ts, with its before → after).
  "routes/admin/referrals/edit.tsx": [
    {
      label: "edit",
      params: (f) => ({ id: f.referralId }),
      form: (f) => ({
        businessName: "Negócio Corrigido",
        contactName: "Contato Corrigido",
        contactPhone: "(11) 98888-7777",
        planId: "",
        representativeId: f.repId,
      }),
      action: "referral.updated",
    },
  ],
  // Before the representatives page's steps: they end by deleting the representative.
  "routes/admin/representatives/detail.tsx": [
    {
      label: "record-payout",
      params: (f) => ({ id: f.repId }),
      form: (f) => ({
        intent: "record-payout",
        referralIds: [f.unpaidReferralId],
        paidOn: "2026-11-20",
        method: "transferencia",
        reference: "comprovante 123",
      }),
      action: "payout.recorded",
    },
    {
      label: "cancel-payout",
      params: (f) => ({ id: f.repId }),
      form: (f) => ({ intent: "cancel-payout", payoutId: f.payoutId }),
      action: "payout.cancelled",
    },
  ],
  "routes/admin/representatives.tsx": [
    {
      label: "addMaterial",
      form: () => ({
        intent: "addMaterial",
        title: "Tabela de preços",
        materialType: "text",
        textContent: "x",
      }),
      action: "material.created",
    },
    {
      label: "updateMaterial",
      form: (f) => ({
        intent: "updateMaterial",
        id: f.materialId,
        title: "Material Auditoria (revisto)",
        materialType: "text",
        textContent: "texto novo",
      }),
      action: "material.updated",
    },
    {
      label: "deleteMaterial",
      form: (f) => ({ intent: "deleteMaterial", id: f.materialId }),
      action: "material.deleted",
    },
    {
      label: "deactivateRepresentative",
      form: (f) => ({ intent: "deactivateRepresentative", id: f.repId }),
      action: "user.deactivated",
    },
    {
      label: "reactivateRepresentative",
      form: (f) => ({ intent: "reactivateRepresentative", id: f.repId }),
      action: "user.reactivated",
    },
    {
      label: "deleteRepresentative",
      form: (f) => ({ intent: "deleteRepresentative", id: f.repId }),
      action: "representative.deleted",
    },
  ],
  "routes/admin/privacy.tsx": [
    {
      label: "anonymise",
      form: (f) => ({ term: f.subjectEmail, confirm: "ANONIMIZAR" }),
      action: "privacy.anonymised",
    },
    {
      // A representative's deletion request (/representante/conta), completed by anonymising them.
      label: "anonymise (account deletion request)",
      form: (f) => ({ term: f.deletionRepEmail, confirm: "ANONIMIZAR" }),
      action: "privacy.anonymised",
    },
  ],
  "routes/admin/settings/privacy.tsx": [
    {
      label: "save",
      form: () => ({
        companyName: "Cardápio Auditoria Ltda.",
        contactEmail: "privacidade@exemplo.com",
        privacyPolicy: "",
        termsOfUse: "",
        leadRetentionMonths: "18",
      }),
      action: "settings.privacy_updated",
    },
  ],
  "routes/admin/billing.tsx": [
    {
      label: "pay",
      form: (f) => ({
        intent: "pay",
        id: f.charges[0],
        paidOn: "01/01/2026",
        method: "pix",
        amount: "100,00",
      }),
      action: "charge.paid",
    },
    {
      // The charge just paid by hand: "Estornar pagamento" records the refund at once.
      label: "refund",
      form: (f) => ({ intent: "refund", id: f.charges[0] }),
      action: "charge.refunded",
    },
    {
      label: "cancel",
      form: (f) => ({ intent: "cancel", id: f.charges[1], reason: "Lançada por engano" }),
      action: "charge.cancelled",
    },
    {
      label: "amount",
      form: (f) => ({ intent: "amount", id: f.charges[2], amount: "80,00" }),
      action: "charge.amount_changed",
    },
    {
      label: "resend",
      form: (f) => ({ intent: "resend", id: f.charges[2] }),
      action: "charge.resent",
    },
    {
      label: "one-off",
      form: (f) => ({
        intent: "one-off",
        clientId: f.clientId,
        description: "Fotos do cardápio",
        amount: "250,00",
        dueDate: "20/12/2026",
      }),
      action: "charge.created",
    },
  ],
  "routes/admin/billing/divergences.tsx": [
    {
      label: "resolve",
      form: (f) => ({ id: f.divergenceId, resolution: "devolvido" }),
      action: "charge.divergence_resolved",
    },
  ],
  "routes/admin/requests.tsx": [
    {
      label: "refuse",
      form: (f) => ({ requestId: f.clientRequestId, decision: "recusar", message: "Fale conosco antes" }),
      action: "client_request.refused",
    },
  ],
  "routes/admin/onboarding.tsx": [
    {
      label: "open",
      form: (f) => ({ intent: "open", clientId: f.onboardingClientId }),
      action: "onboarding.opened",
    },
    {
      label: "item",
      form: (f) => ({ intent: "item", id: f.onboardingId, itemId: f.onboardingItemId, done: "1" }),
      action: "onboarding.item_checked",
    },
    {
      label: "publish",
      form: (f) => ({
        intent: "publish",
        id: f.onboardingId,
        menuUrl: "https://cardapio.exemplo.com.br",
        confirmOpenSteps: "1",
      }),
      action: "onboarding.published",
    },
  ],
  "routes/admin/settings/onboarding.tsx": [
    {
      label: "save",
      form: () => ({ dueDays: "6", targetDays: "4", checklist: "Cardápio recebido\nTreinamento feito" }),
      action: "settings.onboarding_updated",
    },
  ],
  "routes/admin/settings/billing-invoice.tsx": [
    { label: "save", form: () => ({ ...INVOICE_FORM }), action: "settings.invoice_updated" },
  ],
  "routes/admin/settings/billing.tsx": [
    {
      label: "save",
      form: () => ({
        pixKey: "financeiro@exemplo.com",
        pixName: "Cardapio Auditoria",
        pixCity: "Sao Paulo",
        renewalDaysBefore: "12",
        firstChargeBusinessDays: "5",
      }),
      action: "settings.billing_updated",
    },
  ],
  "routes/admin/settings/company.tsx": [
    {
      label: "save",
      form: () => ({
        companyLegalName: "Cardápio Digital Ltda",
        companyCnpj: "11.222.333/0001-81",
        companyAddress: "Av. Paulista, 1000, sala 10",
        companyDistrict: "Bela Vista",
        companyCity: "São Paulo",
        companyUf: "SP",
        companyCep: "01310-100",
      }),
      action: "settings.company_updated",
    },
  ],
  "routes/admin/users.tsx": [
    {
      label: "invite",
      form: () => ({ intent: "invite", name: "Nova Admin", email: "nova-admin@exemplo.com" }),
      action: "user.invited",
    },
    {
      label: "deactivate",
      form: (f) => ({ intent: "deactivate", id: f.otherAdminId }),
      action: "user.deactivated",
    },
    {
      label: "reactivate",
      form: (f) => ({ intent: "reactivate", id: f.otherAdminId }),
      action: "user.reactivated",
    },
  ],
  "routes/admin/account.tsx": [
    { label: "name", form: () => ({ intent: "name", name: "Admin Auditora" }), action: "user.renamed" },
  ],
  "routes/admin/emails/detail.tsx": [
    {
      label: "resend",
      params: (f) => ({ id: f.mailId }),
      form: () => ({ intent: "resend" }),
      action: "mail.resent",
    },
  ],
};

const routes = flattenRoutes();
let admin = "";
let adminId = "";
let f: Fx;

beforeAll(async () => {
  admin = await adminCookie("auditora@test.dev", "senha-auditora-123");
  const db = t.db;
  adminId = (await db.select({ id: user.id }).from(user).where(eq(user.email, "auditora@test.dev")))[0].id;
  await adminCookie("outra-admin@test.dev", "senha-outra-123");
  const otherAdminId = (
    await db.select({ id: user.id }).from(user).where(eq(user.email, "outra-admin@test.dev"))
  )[0].id;
  const rep = await representativeCookie("rep-audit@test.dev", "senha-rep-123", "Rep Auditoria");
  const leaving = await representativeCookie("rep-exclusao@test.dev", "senha-rep-123", "Rep Exclusão");
  await db.insert(accountDeletionRequests).values({ representativeId: leaving.representativeId });
  const [plan, spare] = await db
    .insert(plans)
    .values([
      { name: "Plano Auditoria", priceCents: 9900, setupFeeCents: 0 },
      { name: "Plano Sobrando", priceCents: 100, setupFeeCents: 0 },
    ])
    .returning();
  const [client, spareClient] = await db
    .insert(clients)
    .values([
      {
        name: "Cliente Auditoria",
        email: "cliente-audit@exemplo.com",
        phone: "11999999999",
        businessName: "Restaurante Auditoria",
        planId: plan.id,
      },
      { name: "Cliente Sobrando", email: "sobra@exemplo.com", phone: "11999999998", businessName: "Sobra" },
    ])
    .returning();
  const [sub] = await insertSubscriptions(db, {
    clientId: client.id,
    planId: plan.id,
    startDate: "2026-01-01",
    endDate: "2026-02-01",
  });
  const [note] = await db.insert(clientNotes).values({ clientId: client.id, note: "nota" }).returning();
  const [post, sparePost] = await db
    .insert(blogPosts)
    .values([
      {
        title: "Post Auditoria",
        slug: "post-auditoria",
        excerpt: "r",
        content: "<p>x</p>",
        published: false,
      },
      { title: "Post Sobrando", slug: "post-sobrando", excerpt: "r", content: "<p>x</p>", published: true },
    ])
    .returning();
  const lead = (name: string, stage: "novo" | "negociando") => ({
    name,
    email: `${name.replace(/\W/g, "").toLowerCase()}@exemplo.com`,
    phone: "11988887777",
    business: "Bar",
    plan: "Plano Auditoria",
    statusFunil: stage,
    status: stage,
  });
  const [l1, l2, l3] = await db
    .insert(leads)
    .values([lead("Lead Novo", "novo"), lead("Lead Negocia", "negociando"), lead("Lead Sobra", "novo")])
    .returning();
  const [referral] = await db
    .insert(referrals)
    .values({
      representativeId: rep.representativeId,
      businessName: "Indicação Auditoria",
      contactName: "Contato",
      contactPhone: "11977776666",
      planId: plan.id,
    })
    .returning();
  // Two completed commissions of the representative: one to pay, one already paid (to cancel).
  const done = (businessName: string) => ({
    representativeId: rep.representativeId,
    businessName,
    contactName: "Contato",
    contactPhone: "11966665555",
    planId: plan.id,
    planName: plan.name,
    commissionCents: 10000,
    status: "concluido" as const,
    completedAt: new Date(),
  });
  const [unpaid, paid] = await db
    .insert(referrals)
    .values([done("Comissão a pagar"), done("Comissão paga")])
    .returning();
  const [payout] = await db
    .insert(payouts)
    .values({
      representativeId: rep.representativeId,
      paidOn: "2026-11-01",
      method: "pix",
      amountCents: 10000,
    })
    .returning();
  await db.insert(payoutItems).values({ payoutId: payout.id, referralId: paid.id, amountCents: 10000 });
  // A person who asks for the anonymisation of their data.
  await db
    .insert(leads)
    .values({ ...lead("Titular Auditoria", "novo"), email: "titular.auditoria@exemplo.com" });
  const [material] = await db
    .insert(representativeMaterials)
    .values({ title: "Material Auditoria", materialType: "text", textContent: "texto" })
    .returning();
  const [mail] = await db
    .insert(mailMessages)
    .values({
      kind: "lead.novo",
      toAddress: "x@exemplo.com",
      subject: "Assunto",
      html: "<p>x</p>",
      text: "x",
      status: "falhou",
    })
    .returning();
  const [hook, spareHook] = await db
    .insert(webhookEndpoints)
    .values([
      { url: "https://93.184.215.14/a", events: ["lead.created"], secretEncrypted: "x" },
      { url: "https://93.184.215.14/b", events: ["lead.created"], secretEncrypted: "x" },
    ])
    .returning();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: hook.id,
      event: "lead.created",
      eventId: randomUUID(),
      body: "{}",
      status: "falhou",
    })
    .returning();
  f = {
    planId: plan.id,
    sparePlanId: spare.id,
    clientId: client.id,
    spareClientId: spareClient.id,
    subscriptionId: sub.id,
    noteId: note.id,
    postId: post.id,
    spareePostId: sparePost.id,
    leadNovo: l1.id,
    leadNegociando: l2.id,
    leadSpare: l3.id,
    referralId: referral.id,
    materialId: material.id,
    repId: rep.representativeId,
    mailId: mail.id,
    webhookId: hook.id,
    spareWebhookId: spareHook.id,
    deliveryId: delivery.id,
    otherAdminId,
    unpaidReferralId: unpaid.id,
    payoutId: payout.id,
    subjectEmail: "titular.auditoria@exemplo.com",
    deletionRepEmail: "rep-exclusao@test.dev",
    charges: [],
    ...(await onboardingFixtures()),
    clientRequestId: "",
    divergenceId: "",
  };
  const [reqSub] = await insertSubscriptions(db, {
    clientId: f.onboardingClientId,
    planId: plan.id,
    startDate: "2026-01-01",
    endDate: "2026-02-01",
  });
  const [clientRequest] = await db
    .insert(clientRequests)
    .values({
      clientId: f.onboardingClientId,
      subscriptionId: reqSub.id,
      // A plan change: a cancellation cannot be refused.
      kind: "troca_plano",
      requestedPlanId: plan.id,
      reason: "preco",
    })
    .returning();
  f.clientRequestId = clientRequest.id;
  for (let i = 0; i < 3; i++) {
    const made = await createOneOffCharge({
      clientId: client.id,
      input: { description: `Serviço ${i}`, amountCents: 10000, dueDate: "2026-12-10" },
    });
    if (made.ok) f.charges.push(made.value.id);
  }
  const [divergence] = await db
    .insert(paymentDivergences)
    .values({ chargeId: f.charges[2], kind: "excedente", expectedCents: 10000, receivedCents: 12000 })
    .returning();
  f.divergenceId = divergence.id;
});

async function onboardingFixtures() {
  const [fresh, opened] = await t.db
    .insert(clients)
    .values([
      {
        name: "Cliente Implantação",
        email: "implanta@exemplo.com",
        phone: "11999990001",
        businessName: "Bar A",
      },
      { name: "Cliente Publicar", email: "publica@exemplo.com", phone: "11999990002", businessName: "Bar B" },
    ])
    .returning();
  const made = await openOnboardingByHand({ clientId: opened.id, actor: null });
  if (!made.ok) throw new Error(made.message);
  const [item] = await t.db
    .select()
    .from(onboardingItems)
    .where(eq(onboardingItems.onboardingId, made.value.id));
  return { onboardingClientId: fresh.id, onboardingId: made.value.id, onboardingItemId: item.id };
}

const adminRoutesWithAction = async () => {
  const out: { file: string; pattern: string }[] = [];
  for (const r of routes) {
    if (!r.pattern.startsWith("/admin")) continue;
    const mod = await loadRouteModule(r.file);
    if (mod.action) out.push(r);
  }
  return out;
};

describe("audit coverage", () => {
  it("has a line for every admin route with an action", async () => {
    const missing = (await adminRoutesWithAction())
      .map((r) => r.file)
      .filter((file) => !(file in STEPS) && !(file in NO_DATA_CHANGE));
    expect(missing, `admin actions without an audit case: ${missing.join(", ")}`).toEqual([]);
  });

  for (const [file, steps] of Object.entries(STEPS)) {
    for (const step of steps) {
      it(`${file} [${step.label}] writes "${step.action}" by the signed-in admin`, async () => {
        const r = routes.find((x) => x.file === file)!;
        const mod = await loadRouteModule(file);
        const params = step.params?.(f) ?? {};
        const url = fillPattern(r.pattern, params);
        const form = step.form(f);
        const body = new URLSearchParams();
        for (const [k, v] of Object.entries(form)) for (const one of [v].flat()) body.append(k, one);
        const [last] = await t.db
          .select()
          .from(auditLog)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(1);
        const before = await databaseFingerprint(t.db, { exclude: ["audit_log", "session"] });
        const o = await outcome(() =>
          mod.action!({
            request: new Request(BASE + url, {
              method: "POST",
              headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded" },
              body,
            }),
            params,
            context: context(),
          }),
        );
        expect(o.status, `${file} [${step.label}]: ${JSON.stringify(o.data ?? o.location)}`).toBeLessThan(
          400,
        );
        const changed = changedTables(
          before,
          await databaseFingerprint(t.db, { exclude: ["audit_log", "session"] }),
        );
        expect(
          changed.length,
          `${file} [${step.label}] changed nothing: the case proves nothing`,
        ).toBeGreaterThan(0);
        const entries = (
          await t.db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(20)
        ).filter(
          (e) => !last || e.at > last.at || (e.at.getTime() === last.at.getTime() && e.id !== last.id),
        );
        expect(
          entries.map((e) => e.action),
          `${file} [${step.label}] changed ${changed.join(", ")} without an audit entry`,
        ).toContain(step.action);
        const entry = entries.find((e) => e.action === step.action)!;
        expect(entry.actorId).toBe(adminId);
        expect(entry.actorName).toBeTruthy();
      });
    }
  }

  // After every case above (and what the fixtures wrote): /admin/audit says each action in pt-BR.
  it("every action written has its pt-BR label on the audit page", async () => {
    const written = await t.db.selectDistinct({ action: auditLog.action }).from(auditLog);
    const unlabelled = written.map((w) => w.action).filter((a) => auditActionLabel(a) === a);
    expect(unlabelled).toEqual([]);
    expect(written.length).toBeGreaterThan(30);
  });
});
