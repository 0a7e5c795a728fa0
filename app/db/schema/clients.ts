import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  integer,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { plans } from "./catalog";

import type { ClientStatus, RenewalType, SubscriptionStatus } from "../../modules/clients/clients.constants";
import type {
  ClientRequestKind,
  ClientRequestReason,
  ClientRequestStatus,
} from "../../modules/client-requests/requests.constants";

// The lists live with the domain, client-safe (the browser must not load this file).
export {
  CLIENT_STATUSES,
  RENEWAL_TYPES,
  SUBSCRIPTION_STATUSES,
  type ClientStatus,
  type RenewalType,
  type SubscriptionStatus,
} from "../../modules/clients/clients.constants";
import type { MessagePreference } from "../../modules/notifications/notifications.constants";
import { personalData } from "../personal-data";

export const clients = pgTable(
  "clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // Stored lower-cased by the clients module; unique in the database.
    email: text("email").notNull().unique("clients_email_unique"),
    phone: text("phone").notNull(),
    businessName: text("business_name").notNull(),
    // A plan in use cannot be deleted (SPEC §5): RESTRICT.
    planId: uuid("plan_id").references(() => plans.id, { onDelete: "restrict" }),
    status: text("status").$type<ClientStatus>().notNull().default("ativo"),
    /** CPF or CNPJ, digits only (CNPJ may be alphanumeric), optional; a payment provider needs it for boleto. */
    document: text("document"),
    // The fiscal address a tax invoice (NFS-e) needs (app/lib/br-address.ts): all or nothing, the
    // complement aside; CEP and IBGE code digits only, UF its two letters.
    addressCep: text("address_cep"),
    addressStreet: text("address_street"),
    addressNumber: text("address_number"),
    addressComplement: text("address_complement"),
    addressDistrict: text("address_district"),
    addressCity: text("address_city"),
    addressCityIbge: text("address_city_ibge"),
    addressUf: text("address_uf"),
    /**
     * The login of the restaurant's own area /cliente (decision 032): a `user` of role
     * `client` created at the first link asked for. Its e-mail is a placeholder, never the
     * client's: the client's address may also be an admin's or a representative's login.
     */
    authId: text("auth_id")
      .unique("clients_auth_id_unique")
      .references(() => user.id, { onDelete: "set null" }),
    /** Where the client wants its notices; null: not chosen ("ambos"). Decision 044. */
    messagePreference: text("message_preference").$type<MessagePreference>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("clients_status_check", sql`${t.status} in ('ativo', 'inativo', 'pendente')`),
    check(
      "clients_message_preference_check",
      sql`${t.messagePreference} is null or ${t.messagePreference} in ('ambos', 'email', 'whatsapp')`,
    ),
    check(
      "clients_document_check",
      sql`${t.document} is null or ${t.document} ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'`,
    ),
    check("clients_address_cep_check", sql`${t.addressCep} is null or ${t.addressCep} ~ '^[0-9]{8}$'`),
    check(
      "clients_address_city_ibge_check",
      sql`${t.addressCityIbge} is null or ${t.addressCityIbge} ~ '^[0-9]{7}$'`,
    ),
    check("clients_address_uf_check", sql`${t.addressUf} is null or ${t.addressUf} ~ '^[A-Z]{2}$'`),
    index("clients_document_idx").on(t.document),
    index("clients_created_at_idx").on(t.createdAt, t.id),
    index("clients_name_idx").on(t.name, t.id),
    index("clients_business_name_idx").on(t.businessName, t.id),
    index("clients_status_created_idx").on(t.status, t.createdAt),
    index("clients_plan_id_idx").on(t.planId),
    index("clients_name_unaccent_trgm_idx").using("gin", sql`immutable_unaccent(${t.name}) gin_trgm_ops`),
    index("clients_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("clients_business_unaccent_trgm_idx").using(
      "gin",
      sql`immutable_unaccent(${t.businessName}) gin_trgm_ops`,
    ),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull().default("ativa"),
    renewalType: text("renewal_type").$type<RenewalType>().notNull().default("mensal"),
    /** "Sem cobrança" (courtesy, legacy): no charge is issued for it. */
    noBilling: boolean("no_billing").notNull().default(false),
    /** Cancelled at the end of the paid period: no renewal is issued; it ends then. */
    cancelAt: date("cancel_at", { mode: "string" }),
    /** Never suspended for an overdue charge: an admin's audited exemption. */
    suspensionExempt: boolean("suspension_exempt").notNull().default(false),
    /** "Trocar plano" at the next renewal: the plan the next period is charged at. */
    pendingPlanId: uuid("pending_plan_id").references(() => plans.id, { onDelete: "set null" }),
    /**
     * Bumped by every change of plan, status, dates, renewal or billing, each of which must come
     * with its history event of the same version: the database refuses one without
     * (migration 0031, `subscription_history_guard`), so no path can move revenue unrecorded.
     */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("subscriptions_status_check", sql`${t.status} in ('ativa', 'inativa', 'cancelada', 'suspensa')`),
    check(
      "subscriptions_renewal_check",
      sql`${t.renewalType} in ('mensal', 'trimestral', 'semestral', 'anual')`,
    ),
    check("subscriptions_dates_check", sql`${t.endDate} >= ${t.startDate}`),
    index("subscriptions_client_idx").on(t.clientId, t.createdAt),
    index("subscriptions_plan_idx").on(t.planId),
    // The renewal job's window: running (ativa, or suspensa: still charged) subscriptions by end.
    index("subscriptions_active_end_idx")
      .on(t.endDate)
      .where(sql`${t.status} in ('ativa', 'suspensa')`),
  ],
);

export const clientNotes = pgTable(
  "client_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    note: text("note").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("client_notes_nonempty", sql`length(btrim(${t.note})) > 0`),
    index("client_notes_client_idx").on(t.clientId, t.createdAt),
  ],
);

// Personal data (decision 019; app/db/personal-data.ts).
export const clientsPersonalData = personalData({
  table: clients,
  subject: "client",
  auditEntity: "client",
  // The area's login (a placeholder user): anonymising the client deactivates it and ends its sessions.
  owners: { authId: "user" },
  // The fiscal address is the person's (a MEI's is often their home): exported, nulled on erasure.
  personal: {
    name: "name",
    email: "email",
    phone: "phone",
    businessName: "name",
    document: "trace",
    addressCep: "trace",
    addressStreet: "trace",
    addressNumber: "trace",
    addressComplement: "trace",
    addressDistrict: "trace",
    addressCity: "trace",
    addressCityIbge: "trace",
    addressUf: "trace",
    // A choice about the person (exported; back to "not chosen" on anonymisation).
    messagePreference: "trace",
  },
  notPersonal: ["status", "authId"],
  auditFields: ["note"],
  exportAs: { key: "clients", label: "Clientes" },
});
export const subscriptionsPersonalData = personalData({
  table: subscriptions,
  owners: { clientId: "client" },
  personal: {},
  notPersonal: ["status", "renewalType"],
  exportAs: { key: "subscriptions", label: "Assinaturas" },
});
export const clientNotesPersonalData = personalData({
  table: clientNotes,
  owners: { clientId: "client" },
  personal: { note: "text" },
  notPersonal: [],
  exportAs: { key: "clientNotes", label: "Anotações de clientes" },
});

/**
 * A restaurant's request from /cliente: a plan change or a cancellation, with a
 * reason from a list and its own words. Nothing changes until an admin accepts it; at most one
 * open request per subscription and kind.
 */
export const clientRequests = pgTable(
  "client_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ClientRequestKind>().notNull(),
    /** The plan asked for ("troca_plano" only). */
    requestedPlanId: uuid("requested_plan_id").references(() => plans.id, { onDelete: "set null" }),
    /** Asked for a cancellation or a move to a cheaper plan only (requests.schema). */
    reason: text("reason").$type<ClientRequestReason>(),
    details: text("details").notNull().default(""),
    status: text("status").$type<ClientRequestStatus>().notNull().default("aberta"),
    adminMessage: text("admin_message"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("client_requests_kind_check", sql`${t.kind} in ('troca_plano', 'cancelamento')`),
    check("client_requests_status_check", sql`${t.status} in ('aberta', 'aceita', 'recusada')`),
    check("client_requests_details_check", sql`length(${t.details}) <= 1000`),
    uniqueIndex("client_requests_one_open_idx")
      .on(t.subscriptionId, t.kind)
      .where(sql`${t.status} = 'aberta'`),
    index("client_requests_client_idx").on(t.clientId, t.createdAt),
    index("client_requests_status_idx").on(t.status, t.createdAt),
  ],
);

export const clientRequestsPersonalData = personalData({
  table: clientRequests,
  owners: { clientId: "client" },
  personal: { details: "text", adminMessage: "text" },
  notPersonal: ["kind", "reason", "status", "decidedBy"],
  exportAs: { key: "clientRequests", label: "Solicitações de clientes" },
});

/**
 * A client's pending "Trocar e-mail" (/cliente/dados): at most one per client, so a newer request
 * replaces the older one, and "Sair de todos os dispositivos", an admin's change of the address,
 * a confirmed change and anonymisation each delete it. The e-mailed link's token is stored only
 * as its SHA-256; the link is single use (the confirmation deletes the row) and valid 24 hours.
 */
export const clientEmailChanges = pgTable("client_email_changes", {
  id: uuid("id").primaryKey().defaultRandom(),
  clientId: uuid("client_id")
    .notNull()
    .unique("client_email_changes_client_unique")
    .references(() => clients.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique("client_email_changes_token_unique"),
  newEmail: text("new_email").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const clientEmailChangesPersonalData = personalData({
  table: clientEmailChanges,
  owners: { clientId: "client" },
  personal: { newEmail: "email", tokenHash: "secret" },
  notPersonal: [],
  erase: "delete",
});
