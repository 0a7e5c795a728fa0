import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clients, subscriptions } from "./clients";
import { personalData } from "../personal-data";

import type {
  ChargeLineKind,
  ChargeOrigin,
  ChargeStatus,
  DivergenceKind,
  DivergenceResolution,
  PaymentMethod,
  PaymentSource,
} from "../../modules/billing/billing.constants";

/**
 * A charge (cobrança): one amount due by a client. Its status and its payment (paid_on, the amount
 * actually paid, method) are separate facts, as in Asaas and Lago: a payment below the amount
 * leaves the charge open with the part paid recorded. The status moves only along the state
 * machine of charge-state.ts, which a trigger enforces here too (migration 0028). Amounts are
 * snapshotted when issued: amount = subtotal (sum of the lines) − discount.
 * Deleting a client deletes its charges (SPEC allows deleting a client; anonymising is how the
 * accounting record is kept without the person); deleting a subscription keeps its charges.
 */
export const charges = pgTable(
  "charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "AAAA-NNNNNN": the year of issue and a per-year counter (charge_number_counters). */
    number: text("number").notNull().unique("charges_number_unique"),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    origin: text("origin").$type<ChargeOrigin>().notNull(),
    periodStart: date("period_start", { mode: "string" }),
    periodEnd: date("period_end", { mode: "string" }),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<ChargeStatus>().notNull().default("pendente"),
    cancelReason: text("cancel_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Paying this charge extends its subscription by its renewal type (renewals, not the first). */
    extendsSubscription: boolean("extends_subscription").notNull().default(false),
    /** Set by the one extension a paid renewal makes: a second report of the payment finds it set. */
    extendedAt: timestamp("extended_at", { withTimezone: true }),
    // The payment, apart from the status: what was really paid (all of it, part of it, or more),
    // the day of the last payment, its method and who recorded it (an admin, or the provider).
    paidOn: date("paid_on", { mode: "string" }),
    paidAmountCents: integer("paid_amount_cents"),
    paymentMethod: text("payment_method").$type<PaymentMethod>(),
    paymentRecordedAt: timestamp("payment_recorded_at", { withTimezone: true }),
    paymentSource: text("payment_source").$type<PaymentSource>(),
    // Filled by a payment provider.
    provider: text("provider"),
    providerId: text("provider_id"),
    pixTxid: text("pix_txid"),
    /**
     * The kinds of its lines as bits (mensalidade 1, ativação 2, avulsa 4, ajuste 8, crédito 16), kept by a trigger on
     * charge_lines (migration 0021) so the Financeiro totals can filter by kind without a join.
     */
    lineKinds: smallint("line_kinds").notNull().default(0),
    /** The provider's payment page and dynamic PIX, shown instead of the static PIX. */
    providerPaymentUrl: text("provider_payment_url"),
    providerPixPayload: text("provider_pix_payload"),
    /**
     * The amount the provider's payment holds, as it last confirmed it. Its link and dynamic PIX
     * are shown only while this equals amount_cents: after "Alterar valor" the old PIX is never
     * shown, whatever the provider answers (charge-pix-code.ts).
     */
    providerAmountCents: integer("provider_amount_cents"),
    /** The last failed call to the provider about this charge, and when the job retries. */
    providerError: text("provider_error"),
    providerNextAttemptAt: timestamp("provider_next_attempt_at", { withTimezone: true }),
    /** Money given back (estornada) or taken back by the card network (contestada). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "charges_status_check",
      sql`${t.status} in ('pendente', 'paga', 'vencida', 'cancelada', 'estornada', 'contestada')`,
    ),
    check("charges_origin_check", sql`${t.origin} in ('assinatura', 'avulsa')`),
    check(
      "charges_method_check",
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('pix', 'boleto', 'cartão', 'dinheiro', 'transferência')`,
    ),
    check("charges_number_format", sql`${t.number} ~ '^[0-9]{4}-[0-9]{6,}$'`),
    check(
      "charges_amounts_check",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.amountCents} = ${t.subtotalCents} - ${t.discountCents} and ${t.amountCents} >= 0`,
    ),
    check(
      "charges_period_check",
      sql`(${t.periodStart} is null) = (${t.periodEnd} is null)
      and (${t.periodEnd} is null or ${t.periodEnd} >= ${t.periodStart})`,
    ),
    check(
      "charges_subscription_period_check",
      sql`${t.origin} <> 'assinatura' or ${t.periodStart} is not null`,
    ),
    check("charges_cancel_check", sql`(${t.status} = 'cancelada') = (${t.cancelReason} is not null)`),
    // A payment has its date, amount and method together; a paid charge has received at least its
    // amount; a partial payment leaves it open; a cancelled, refunded or charged-back charge holds
    // no money (the payment's facts stay in its audit entries and the provider's events).
    check(
      "charges_paid_check",
      sql`(${t.paidOn} is null) = (${t.paidAmountCents} is null)
        and (${t.paidOn} is null or (${t.paymentMethod} is not null and ${t.paymentSource} is not null and ${t.paidAmountCents} > 0))
        and (${t.status} <> 'paga' or (${t.paidOn} is not null and ${t.paidAmountCents} >= ${t.amountCents}))
        and (${t.status} in ('paga', 'pendente', 'vencida') or ${t.paidOn} is null)
        and (${t.status} not in ('pendente', 'vencida') or ${t.paidOn} is null or ${t.paidAmountCents} < ${t.amountCents})`,
    ),
    check(
      "charges_payment_source_check",
      sql`${t.paymentSource} is null or ${t.paymentSource} in ('manual', 'provedor')`,
    ),
    // Never billed twice: one charge per subscription and period, whoever issues it.
    uniqueIndex("charges_subscription_period_unique")
      .on(t.subscriptionId, t.periodStart)
      .where(sql`${t.origin} = 'assinatura'`),
    uniqueIndex("charges_provider_unique")
      .on(t.provider, t.providerId)
      .where(sql`${t.providerId} is not null`),
    // Financeiro list: default order, each filter with its order, the client page, the totals.
    index("charges_due_idx").on(t.dueDate, t.id),
    index("charges_status_due_idx").on(t.status, t.dueDate, t.id),
    index("charges_client_due_idx").on(t.clientId, t.dueDate, t.id),
    index("charges_method_due_idx").on(t.paymentMethod, t.dueDate, t.id),
    index("charges_paid_on_idx")
      .on(t.paidOn, t.id)
      .where(sql`${t.paidOn} is not null`),
    index("charges_created_idx").on(t.createdAt, t.id),
    index("charges_amount_idx").on(t.amountCents, t.id),
    index("charges_subscription_idx").on(t.subscriptionId, t.periodStart),
  ],
);

/**
 * Money owed back to a client, to be taken off its next charges: the days left of a paid period
 * after a plan change "Agora" to a cheaper plan (plan-change.server.ts). What is left of it is its
 * amount less its credit lines on charges not cancelled, so a cancelled charge gives its part back.
 */
export const clientCredits = pgTable(
  "client_credits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    /** Why, as the charge line shows it ("Crédito da troca de plano Black → Premium …"). */
    description: text("description").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("client_credits_amount_check", sql`${t.amountCents} > 0`),
    check("client_credits_description_check", sql`length(btrim(${t.description})) > 0`),
    index("client_credits_client_idx").on(t.clientId, t.createdAt),
  ],
);

export const clientCreditsPersonalData = personalData({
  table: clientCredits,
  owners: { clientId: "client" },
  personal: {},
  notPersonal: ["description"],
});

/** What a charge is made of, each amount snapshotted when issued. */
export const chargeLines = pgTable(
  "charge_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chargeId: uuid("charge_id")
      .notNull()
      .references(() => charges.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").$type<ChargeLineKind>().notNull(),
    description: text("description").notNull(),
    /** Negative for a credit line only (what it takes off the charge); the sum of lines is the subtotal. */
    amountCents: integer("amount_cents").notNull(),
    /** A credit line's credit (client_credits): what of it this charge used (migration 0036). */
    creditId: uuid("credit_id").references(() => clientCredits.id),
  },
  (t) => [
    check(
      "charge_lines_kind_check",
      sql`${t.kind} in ('mensalidade', 'ativação', 'avulsa', 'ajuste', 'crédito')`,
    ),
    check(
      "charge_lines_amount_check",
      sql`case when ${t.kind} = 'crédito' then ${t.amountCents} < 0 and ${t.creditId} is not null
               else ${t.amountCents} >= 0 and ${t.creditId} is null end`,
    ),
    // A credit is used once per charge: issuing or repricing again adds no second line of it.
    uniqueIndex("charge_lines_credit_unique")
      .on(t.chargeId, t.creditId)
      .where(sql`${t.creditId} is not null`),
    index("charge_lines_credit_idx")
      .on(t.creditId)
      .where(sql`${t.creditId} is not null`),
    check("charge_lines_description_check", sql`length(btrim(${t.description})) > 0`),
    uniqueIndex("charge_lines_position_unique").on(t.chargeId, t.position),
    // The Financeiro "tipo" filter: charges having a line of a kind.
    index("charge_lines_kind_idx").on(t.kind, t.chargeId),
  ],
);

/**
 * Financeiro's totals, kept by statement triggers on charges in the transaction of every change
 * (migration 0021, decision 030): per day, the sums of the charges due that day ("due") and of the
 * payments received that day ("paid", status paga), by status, method and line kinds. Summing a
 * few thousand of these rows replaces summing a million charges; a filter by client, which an
 * index already narrows, still reads the charges (chargeTotals).
 */
export const chargeTotals = pgTable(
  "charge_totals",
  {
    /**
     * `due`: charges by due date; `paid`: money received (whole or partial) by payment date;
     * `partial`: what open charges have received in part, by due date (subtracted from "A receber").
     */
    basis: text("basis").$type<"due" | "paid" | "partial">().notNull(),
    day: date("day", { mode: "string" }).notNull(),
    status: text("status").$type<ChargeStatus>().notNull(),
    /** '' when no method is recorded (a key column cannot be null). */
    paymentMethod: text("payment_method").notNull(),
    lineKinds: smallint("line_kinds").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    charges: integer("charges").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.basis, t.day, t.status, t.paymentMethod, t.lineKinds] }),
    check("charge_totals_basis_check", sql`${t.basis} in ('due', 'paid', 'partial')`),
  ],
);

/**
 * The per-year counter behind charge numbers: `insert … on conflict do update … returning` takes
 * the year's row lock, so two issuers at once get consecutive numbers, never the same one.
 */
export const chargeNumberCounters = pgTable(
  "charge_number_counters",
  {
    year: integer("year").primaryKey(),
    last: integer("last").notNull(),
  },
  (t) => [check("charge_number_counters_last_check", sql`${t.last} >= 0`)],
);

/** Configurações → Financeiro, one row: the company's PIX data and the renewal lead time. */
export const billingSettings = pgTable(
  "billing_settings",
  {
    id: integer("id").primaryKey().default(1),
    pixKey: text("pix_key"),
    pixName: text("pix_name"),
    pixCity: text("pix_city"),
    /** The seeded demonstration key is labelled as such in the settings page. */
    pixKeyIsDemo: boolean("pix_key_is_demo").notNull().default(false),
    renewalDaysBefore: integer("renewal_days_before").notNull().default(10),
    /**
     * The reminder schedule (decision 033): days from the effective due date, negative
     * before it ("vence em 3 dias"), 0 on it, positive after ("venceu há 7 dias"). Ascending.
     */
    reminderOffsets: integer("reminder_offsets")
      .array()
      .notNull()
      .default(sql`'{-3,0,3,7}'::integer[]`),
    /** A subscription is suspended when a started period's charge is overdue more than this. */
    suspensionDays: integer("suspension_days").notNull().default(15),
    /**
     * "Prazo da primeira cobrança": a subscription's first charge is due this many business days
     * after it is issued (decision 040), never on the day it arrives.
     */
    firstChargeBusinessDays: integer("first_charge_business_days").notNull().default(3),
    /** "Dados da empresa": the issuer printed on every receipt (required before receipts are mailed). */
    companyLegalName: text("company_legal_name"),
    /** 14 digits, check digits verified. */
    companyCnpj: text("company_cnpj"),
    /** Logradouro, número e complemento. */
    companyAddress: text("company_address"),
    companyDistrict: text("company_district"),
    companyCity: text("company_city"),
    companyUf: text("company_uf"),
    /** 8 digits. */
    companyCep: text("company_cep"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("billing_settings_single_row", sql`${t.id} = 1`),
    check("billing_settings_days_check", sql`${t.renewalDaysBefore} between 1 and 60`),
    check("billing_settings_suspension_days_check", sql`${t.suspensionDays} between 1 and 90`),
    check("billing_settings_first_charge_days_check", sql`${t.firstChargeBusinessDays} between 1 and 30`),
    check(
      "billing_settings_reminders_check",
      sql`coalesce(array_length(${t.reminderOffsets}, 1), 0) <= 8 and -30 <= all(${t.reminderOffsets}) and 60 >= all(${t.reminderOffsets})`,
    ),
    check("billing_settings_pix_name_check", sql`${t.pixName} is null or length(${t.pixName}) <= 25`),
    check("billing_settings_pix_city_check", sql`${t.pixCity} is null or length(${t.pixCity}) <= 15`),
  ],
);

/**
 * Charges are accounting records: anonymising a client keeps their amounts, dates and numbers and
 * removes what an admin typed about the person (the cancellation reason). Charge lines say what was
 * sold (plan and period, activation fee, a one-off service) and are not about a person.
 */
export const chargesPersonalData = personalData({
  table: charges,
  owners: { clientId: "client" },
  personal: { cancelReason: "text" },
  // The provider's page, PIX payload and error are about the charge (our company is the payee).
  notPersonal: [
    "number",
    "origin",
    "status",
    "paymentMethod",
    "paymentSource",
    "provider",
    "providerId",
    "pixTxid",
    "providerPaymentUrl",
    "providerPixPayload",
    "providerError",
  ],
  exportAs: { key: "charges", label: "Cobranças" },
});
export const chargeLinesPersonalData = personalData({
  table: chargeLines,
  personal: {},
  notPersonal: ["kind", "description"],
});
export const chargeTotalsPersonalData = personalData({
  table: chargeTotals,
  personal: {},
  // Sums by day, status and method: no person in them.
  notPersonal: ["basis", "status", "paymentMethod"],
});
export const billingSettingsPersonalData = personalData({
  table: billingSettings,
  personal: {},
  // The company's own PIX data, not a data subject's.
  notPersonal: [
    "pixKey",
    "pixName",
    "pixCity",
    "companyLegalName",
    "companyCnpj",
    "companyAddress",
    "companyDistrict",
    "companyCity",
    "companyUf",
    "companyCep",
  ],
});

/**
 * Money that does not match its charge ("Divergências" in Financeiro): a payment below or above
 * the amount, money received for a cancelled charge, a charge paid twice (here and at the
 * provider), or a provider payment for a charge already linked to another. Recorded once per
 * charge, kind and provider payment, audited and e-mailed to the admins; an admin resolves it.
 */
export const paymentDivergences = pgTable(
  "payment_divergences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chargeId: uuid("charge_id")
      .notNull()
      .references(() => charges.id, { onDelete: "cascade" }),
    kind: text("kind").$type<DivergenceKind>().notNull(),
    provider: text("provider"),
    /** The provider's payment the money came through; '' for a payment recorded here. */
    providerPaymentId: text("provider_payment_id").notNull().default(""),
    /** What the charge asked for, and what was received (cents). */
    expectedCents: integer("expected_cents").notNull(),
    receivedCents: integer("received_cents").notNull(),
    detectedAt: timestamp("detected_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution").$type<DivergenceResolution>(),
    resolvedById: text("resolved_by_id"),
    resolvedByName: text("resolved_by_name"),
  },
  (t) => [
    check(
      "payment_divergences_kind_check",
      sql`${t.kind} in ('parcial', 'excedente', 'cobranca_cancelada', 'duplicidade', 'pagamento_nao_vinculado')`,
    ),
    check(
      "payment_divergences_resolution_check",
      sql`(${t.resolvedAt} is null) = (${t.resolution} is null)
        and (${t.resolution} is null or ${t.resolution} in ('devolvido', 'aplicado', 'quitada', 'sem_acao'))`,
    ),
    uniqueIndex("payment_divergences_unique").on(t.chargeId, t.kind, t.providerPaymentId),
    index("payment_divergences_open_idx")
      .on(t.detectedAt, t.id)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/** About a charge and our company's money; the admin who resolved it is a team member (a user). */
export const paymentDivergencesPersonalData = personalData({
  table: paymentDivergences,
  personal: { resolvedByName: { kind: "name", owner: "resolvedById", ownerKind: "user" } },
  notPersonal: ["kind", "provider", "providerPaymentId", "resolution", "resolvedById"],
});

/**
 * Every webhook a payment provider sent, raw, once per (provider, event id): deliveries
 * are at least once, so the unique key is the dedupe. Applied by a job; `outcome` says what it did.
 */
export const providerEvents = pgTable(
  "provider_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    outcome: text("outcome"),
  },
  (t) => [
    uniqueIndex("provider_events_provider_event_unique").on(t.provider, t.eventId),
    index("provider_events_received_idx").on(t.receivedAt),
  ],
);

/**
 * A provider's event names its payment and customer by the provider's ids (Asaas's webhook body
 * carries "cus_…", never the payer's name or e-mail): nothing in it identifies a person by itself.
 */
export const providerEventsPersonalData = personalData({
  table: providerEvents,
  personal: {},
  notPersonal: ["provider", "eventId", "type", "payload", "outcome"],
});

/**
 * Receipt e-mails ("Pagamento recebido") held because "Dados da empresa" was not set when the
 * charge was paid: a receipt without the issuer's CNPJ is no use to the accountant. Saving the
 * company data releases them (one e-mail per charge, by the mail's dedupe key) and empties this.
 */
export const heldReceiptMails = pgTable("held_receipt_mails", {
  chargeId: uuid("charge_id")
    .primaryKey()
    .references(() => charges.id, { onDelete: "cascade" }),
  heldAt: timestamp("held_at", { withTimezone: true }).notNull().defaultNow(),
});

export const heldReceiptMailsPersonalData = personalData({
  table: heldReceiptMails,
  personal: {},
  notPersonal: [],
});
