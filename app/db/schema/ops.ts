import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Fixed-window rate-limit counters, shared by every app instance on the same database.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
