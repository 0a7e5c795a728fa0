import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { personalData } from "../personal-data";

// The audit log: who changed what, when, with the changed fields before → after. Written in the
// transaction of the change. The app never edits or deletes entries; the database refuses it too
// (trigger in the migration), except the privacy anonymiser, which may redact personal values.
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The user who did it (null: the system, e.g. a scheduled job). */
    actorId: text("actor_id"),
    /** The actor's name then (kept when the user is renamed or removed). */
    actorName: text("actor_name"),
    /** What was done: "<entity>.<verb>", e.g. "lead.moved", "user.deactivated". */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** A short pt-BR description of the entity (e.g. the lead's name), for the list. */
    entityLabel: text("entity_label"),
    /** Changed fields: { field: [before, after] }. */
    changes: jsonb("changes").$type<Record<string, [unknown, unknown]>>(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.at.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.at.desc()),
  ],
);

// Personal data (decision 019): in the entries of one person's entities, the fields
// their declaration calls personal; the actor's name in the entries they made.
export const auditLogPersonalData = personalData({
  table: auditLog,
  personal: {
    actorName: { kind: "name", owner: "actorId", ownerKind: "user" },
    entityLabel: "log",
    changes: "log",
  },
  notPersonal: ["actorId", "action", "entityType", "entityId"],
  exportAs: { key: "auditLog", label: "Auditoria" },
});
