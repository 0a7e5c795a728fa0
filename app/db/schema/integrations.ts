import { sql } from "drizzle-orm";
import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryStatus,
} from "../../modules/webhooks/webhooks.constants";
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { personalData } from "../personal-data";

// Outgoing webhooks (settings → Webhooks): an admin's URL, the events it receives, and the
// signing secret, encrypted at rest with a key derived from AUTH_SECRET (shown once on creation).
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  events: text("events").array().notNull(),
  secretEncrypted: text("secret_encrypted").notNull(),
  active: boolean("active").notNull().default(true),
  createdBy: text("created_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus };

// One row per event per endpoint: the exact body sent (so the signature can be checked against
// it), and how each attempt went.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    eventId: text("event_id").notNull(),
    body: text("body").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pendente"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("webhook_deliveries_status_check", sql`${t.status} in ('pendente', 'entregue', 'falhou')`),
    unique("webhook_deliveries_endpoint_event_unique").on(t.endpointId, t.eventId),
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    index("webhook_deliveries_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

// Personal data (decision 019). A delivery's body is the event's entity (a lead, a
// client, a referral): scrubbed of one person's values in the deliveries that carry their ids.
export const webhookEndpointsPersonalData = personalData({
  table: webhookEndpoints,
  personal: {},
  notPersonal: ["url", "events", "secretEncrypted", "createdBy"],
});
export const webhookDeliveriesPersonalData = personalData({
  table: webhookDeliveries,
  personal: { body: "log", lastError: "log" },
  notPersonal: ["event", "eventId", "status"],
  exportAs: { key: "webhookDeliveries", label: "Webhooks" },
});
