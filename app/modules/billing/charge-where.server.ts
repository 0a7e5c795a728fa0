import { and, eq, exists, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { chargeLines, charges, clients } from "~/db/schema";
import { clientSearchWithDocument } from "~/modules/clients/index.server";
import type { ChargeFilters } from "./charge-filters";

/** The list's WHERE for a filter: the rows shown, the CSV, and the cards' totals. */
export function chargeFilter(f: ChargeFilters): SQL | undefined {
  return and(
    f.status ? eq(charges.status, f.status) : undefined,
    f.from ? gte(charges.dueDate, f.from) : undefined,
    f.to ? lte(charges.dueDate, f.to) : undefined,
    // A payment date range keeps charges with money in (paid_on is null otherwise): charges_paid_on_idx.
    f.paidFrom ? gte(charges.paidOn, f.paidFrom) : undefined,
    f.paidTo ? lte(charges.paidOn, f.paidTo) : undefined,
    f.clientId ? eq(charges.clientId, f.clientId) : undefined,
    // The matching clients first (their trigram indexes), then their charges (charges_client index).
    f.q
      ? inArray(
          charges.clientId,
          getDb().select({ id: clients.id }).from(clients).where(clientSearchWithDocument(f.q)),
        )
      : undefined,
    f.method ? eq(charges.paymentMethod, f.method) : undefined,
    f.kind
      ? exists(
          getDb()
            .select({ one: sql`1` })
            .from(chargeLines)
            .where(and(eq(chargeLines.chargeId, charges.id), eq(chargeLines.kind, f.kind))),
        )
      : undefined,
  );
}
