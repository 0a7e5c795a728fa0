import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { InvoiceStatus, IssueWhen, TaxRegime } from "../../modules/invoices/invoices.constants";
import { personalData } from "../personal-data";
import { charges } from "./billing";

/**
 * Configurações → Financeiro → Nota fiscal (one row; decision 045). Rates are integer basis points
 * (200 = 2,00 %), as money is integer cents: no float ever reaches the database. Without this row
 * no note is issued.
 */
export const invoiceSettings = pgTable(
  "invoice_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Notes are issued by themselves only while on. */
    enabled: boolean("enabled").notNull().default(true),
    taxRegime: text("tax_regime").$type<TaxRegime>().notNull(),
    municipalRegistration: text("municipal_registration").notNull(),
    /** LC 116 item and the city's own code and name, for the subscription and the activation fee. */
    subscriptionServiceItem: text("subscription_service_item").notNull(),
    subscriptionServiceCode: text("subscription_service_code").notNull(),
    subscriptionServiceName: text("subscription_service_name").notNull(),
    activationServiceItem: text("activation_service_item").notNull(),
    activationServiceCode: text("activation_service_code").notNull(),
    activationServiceName: text("activation_service_name").notNull(),
    issRateBp: integer("iss_rate_bp").notNull(),
    issWithheld: boolean("iss_withheld").notNull().default(false),
    pisRateBp: integer("pis_rate_bp").notNull().default(0),
    cofinsRateBp: integer("cofins_rate_bp").notNull().default(0),
    csllRateBp: integer("csll_rate_bp").notNull().default(0),
    irRateBp: integer("ir_rate_bp").notNull().default(0),
    inssRateBp: integer("inss_rate_bp").notNull().default(0),
    descriptionTemplate: text("description_template").notNull(),
    issueWhen: text("issue_when").$type<IssueWhen>().notNull().default("pagamento"),
    /** The IBS/CBS group (NT 004): required of Lucro Presumido and Real in 2026, optional else. */
    ibsCbsCst: text("ibs_cbs_cst"),
    ibsCbsClassification: text("ibs_cbs_classification"),
    ibsCbsOperationIndicator: text("ibs_cbs_operation_indicator"),
    nbsCode: text("nbs_code"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("invoice_settings_single_row", sql`${t.id} = 1`),
    check(
      "invoice_settings_regime_check",
      sql`${t.taxRegime} in ('mei', 'simples_nacional', 'lucro_presumido', 'lucro_real')`,
    ),
    check("invoice_settings_issue_when_check", sql`${t.issueWhen} in ('pagamento', 'vencimento')`),
    check(
      "invoice_settings_rates_check",
      sql`${t.issRateBp} between 0 and 500 and ${t.pisRateBp} between 0 and 2000
        and ${t.cofinsRateBp} between 0 and 2000 and ${t.csllRateBp} between 0 and 2000
        and ${t.irRateBp} between 0 and 2000 and ${t.inssRateBp} between 0 and 2000`,
    ),
    check(
      "invoice_settings_ibs_cbs_check",
      sql`${t.taxRegime} not in ('lucro_presumido', 'lucro_real')
        or (${t.ibsCbsCst} is not null and ${t.ibsCbsClassification} is not null)`,
    ),
  ],
);

/**
 * One tax invoice (NFS-e) per charge (the unique index: a job run twice finds the row). `provider_id`
 * is null until the provider has the note (or when it was never sent: the error says why).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chargeId: uuid("charge_id")
      .notNull()
      .references(() => charges.id, { onDelete: "cascade" }),
    provider: text("provider"),
    providerId: text("provider_id"),
    status: text("status").$type<InvoiceStatus>().notNull().default("agendada"),
    /** The provider's own status, as last read, for the record. */
    providerStatus: text("provider_status"),
    valueCents: integer("value_cents").notNull(),
    serviceDescription: text("service_description").notNull(),
    serviceCode: text("service_code").notNull(),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    number: text("number"),
    validationCode: text("validation_code"),
    pdfUrl: text("pdf_url"),
    xmlUrl: text("xml_url"),
    /** Why the note is not issued (an error, a client without CPF/CNPJ), or why its cancellation was denied. */
    errorReason: text("error_reason"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "invoices_status_check",
      sql`${t.status} in ('agendada', 'emitida', 'erro', 'cancelada', 'cancelamento_negado')`,
    ),
    check("invoices_value_check", sql`${t.valueCents} > 0`),
    uniqueIndex("invoices_charge_unique").on(t.chargeId),
    uniqueIndex("invoices_provider_unique").on(t.provider, t.providerId),
    index("invoices_status_created_idx").on(t.status, t.createdAt.desc()),
  ],
);

export const invoiceSettingsPersonalData = personalData({
  table: invoiceSettings,
  personal: {},
  // The company's own fiscal data, not a data subject's.
  notPersonal: [
    "taxRegime",
    "municipalRegistration",
    "subscriptionServiceItem",
    "subscriptionServiceCode",
    "subscriptionServiceName",
    "activationServiceItem",
    "activationServiceCode",
    "activationServiceName",
    "descriptionTemplate",
    "issueWhen",
    "ibsCbsCst",
    "ibsCbsClassification",
    "ibsCbsOperationIndicator",
    "nbsCode",
  ],
});

/**
 * Notes are fiscal records, kept as the law keeps them (like charges); the description names the
 * plan and period, not the person. The provider's links open the note, which names the client.
 */
export const invoicesPersonalData = personalData({
  table: invoices,
  personal: {},
  notPersonal: [
    "provider",
    "providerId",
    "status",
    "providerStatus",
    "serviceDescription",
    "serviceCode",
    "number",
    "validationCode",
    "pdfUrl",
    "xmlUrl",
    "errorReason",
  ],
});
