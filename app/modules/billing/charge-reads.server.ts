import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { chargeLines, charges } from "~/db/schema";
import { isId } from "~/lib/ids";
import type { Charge } from "./charge-lock.server";

export type ChargeLine = typeof chargeLines.$inferSelect;

/** A charge with its lines (null when unknown). */
export async function getCharge({ id }: { id: string }): Promise<(Charge & { lines: ChargeLine[] }) | null> {
  if (!isId(id)) return null;
  const [charge] = await getDb().select().from(charges).where(eq(charges.id, id));
  if (!charge) return null;
  const lines = await getDb()
    .select()
    .from(chargeLines)
    .where(eq(chargeLines.chargeId, id))
    .orderBy(chargeLines.position);
  return { ...charge, lines };
}

/** A client's charges with their lines, newest due date first (the client page's "Cobranças"). */
export async function listClientCharges({ clientId, limit = 100 }: { clientId: string; limit?: number }) {
  if (!isId(clientId)) return [];
  const rows = await getDb()
    .select()
    .from(charges)
    .where(eq(charges.clientId, clientId))
    .orderBy(sql`${charges.dueDate} desc, ${charges.id} desc`)
    .limit(limit);
  if (!rows.length) return [];
  const lines = await getDb()
    .select()
    .from(chargeLines)
    .where(sql`${chargeLines.chargeId} in ${rows.map((r) => r.id)}`)
    .orderBy(chargeLines.position);
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.chargeId === r.id) }));
}

/** What a past charge became. */
