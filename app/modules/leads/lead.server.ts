import { now } from "~/server/clock.server";
import { and, asc, desc, eq, isNotNull, lte, notInArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { clientNotes, leadNotes, leads, representatives } from "~/db/schema";
import { isId } from "~/lib/ids";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";

export type Lead = typeof leads.$inferSelect;
export type LeadNote = typeof leadNotes.$inferSelect;

/** One lead with every field, or null (also for an id that is not a UUID). */
export async function getLead({ id }: { id: string }): Promise<Lead | null> {
  if (!isId(id)) return null;
  const [row] = await getDb().select().from(leads).where(eq(leads.id, id));
  return row ?? null;
}

/** The lead a client was converted from (the client page links back to it), or null. */
export async function getClientLead({
  clientId,
}: {
  clientId: string;
}): Promise<{ id: string; name: string } | null> {
  if (!isId(clientId)) return null;
  const [row] = await getDb()
    .select({ id: leads.id, name: leads.name })
    .from(leads)
    .where(eq(leads.convertedClientId, clientId))
    .orderBy(desc(leads.updatedAt))
    .limit(1);
  return row ?? null;
}

/** Where a client came from: its lead's attribution, and the referral if any. */
export interface ClientOrigin {
  id: string;
  name: string;
  createdAt: Date;
  source: string | null;
  campaign: string | null;
  landingPage: string | null;
  referrer: string | null;
  representative: { id: string; name: string } | null;
  referral: { id: string; status: string } | null;
}

export async function getClientOrigin({ clientId }: { clientId: string }): Promise<ClientOrigin | null> {
  if (!isId(clientId)) return null;
  const [row] = await getDb()
    .select({
      id: leads.id,
      name: leads.name,
      createdAt: leads.createdAt,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      campaign: leads.utmCampaign,
      landingPage: leads.landingPage,
      referrer: leads.referrer,
      repId: representatives.id,
      repName: representatives.name,
      referralId: sql<string | null>`(select r.id from referrals r where r.lead_id = ${leads.id} limit 1)`,
      referralStatus: sql<
        string | null
      >`(select r.status from referrals r where r.lead_id = ${leads.id} limit 1)`,
    })
    .from(leads)
    .leftJoin(representatives, eq(representatives.id, leads.referredById))
    .where(eq(leads.convertedClientId, clientId))
    .orderBy(desc(leads.updatedAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    source: [row.utmSource, row.utmMedium].filter(Boolean).join(" / ") || null,
    campaign: row.campaign,
    landingPage: row.landingPage,
    referrer: row.referrer,
    representative: row.repId && row.repName ? { id: row.repId, name: row.repName } : null,
    referral: row.referralId ? { id: row.referralId, status: row.referralStatus ?? "" } : null,
  };
}

/**
 * "Indicado por": the representative whose referral link the visitor opened,
 * and whether a referral was created for them (none when the establishment was already referred
 * or a client). Null when the lead did not come through a link, or the representative is gone.
 */
export async function getLeadReferrer({
  lead,
}: {
  lead: Pick<Lead, "id" | "referredById">;
}): Promise<{ representativeName: string; referralCreated: boolean } | null> {
  if (!lead.referredById) return null;
  const [row] = await getDb()
    .select({
      representativeName: representatives.name,
      referralCreated: sql<boolean>`exists (select 1 from referrals r where r.lead_id = ${lead.id})`,
    })
    .from(representatives)
    .where(eq(representatives.id, lead.referredById));
  return row ?? null;
}

export async function listLeadNotes({ leadId }: { leadId: string }): Promise<LeadNote[]> {
  if (!isId(leadId)) return [];
  return getDb()
    .select()
    .from(leadNotes)
    .where(eq(leadNotes.leadId, leadId))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id))
    .limit(500);
}

/**
 * Adds a note to a lead, audited. A converted lead's note goes to its client's notes as well
 * (the notes are "kept on the client after conversion"). Null when the lead does not exist.
 */
export async function addLeadNote({
  leadId,
  note,
  actor,
}: {
  leadId: string;
  note: string;
  actor: Actor | null;
}): Promise<LeadNote | null> {
  if (!isId(leadId)) return null;
  return getDb().transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, name: leads.name, convertedClientId: leads.convertedClientId })
      .from(leads)
      .where(eq(leads.id, leadId));
    if (!lead) return null;
    const text = note.trim();
    const [row] = await tx
      .insert(leadNotes)
      // The injectable clock's time: the first contact's promise counts from the lead's arrival,
      // which is dated by it too (and the demo business moves it through the past year).
      .values({
        leadId,
        note: text,
        authorId: actor?.id ?? null,
        authorName: actor?.name ?? null,
        createdAt: now(),
      })
      .returning();
    if (lead.convertedClientId) {
      await tx
        .insert(clientNotes)
        .values({ clientId: lead.convertedClientId, note: text, createdAt: row.createdAt });
    }
    await recordAudit(tx, {
      actor,
      action: "lead.note_added",
      entityType: "lead",
      entityId: leadId,
      entityLabel: lead.name,
    });
    return row;
  });
}

/**
 * Sets (or clears, with null) when to contact an open lead next, audited. "closed" for a converted
 * or lost lead, null when it does not exist.
 */
export async function setFollowUp({
  id,
  at,
  actor,
}: {
  id: string;
  at: Date | null;
  actor: Actor | null;
}): Promise<"ok" | "closed" | null> {
  if (!isId(id)) return null;
  return getDb().transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for("update");
    if (!lead) return null;
    if (lead.statusFunil === "convertido" || lead.statusFunil === "perdido") return "closed";
    await tx.update(leads).set({ nextContactAt: at, updatedAt: now() }).where(eq(leads.id, id));
    await recordAudit(tx, {
      actor,
      action: "lead.follow_up_set",
      entityType: "lead",
      entityId: id,
      entityLabel: lead.name,
      changes: diffFields({ nextContactAt: lead.nextContactAt }, { nextContactAt: at }),
    });
    return "ok";
  });
}

export interface FollowUpRow {
  id: string;
  name: string;
  business: string;
  nextContactAt: Date;
  overdue: boolean;
}

/** Open leads whose next contact is due by `until` (overdue ones first), for the dashboard. */
export async function listDueFollowUps({
  until,
  at = now(),
  limit = 20,
}: {
  until: Date;
  /** "Overdue" is before this instant (the injectable clock). */
  at?: Date;
  limit?: number;
}): Promise<FollowUpRow[]> {
  const rows = await getDb()
    .select({
      id: leads.id,
      name: leads.name,
      business: leads.business,
      nextContactAt: leads.nextContactAt,
      overdue: sql<boolean>`${leads.nextContactAt} < ${at.toISOString()}::timestamptz`,
    })
    .from(leads)
    .where(
      and(
        isNotNull(leads.nextContactAt),
        lte(leads.nextContactAt, until),
        notInArray(leads.statusFunil, ["convertido", "perdido"]),
      ),
    )
    .orderBy(asc(leads.nextContactAt), asc(leads.id))
    .limit(limit);
  return rows as FollowUpRow[];
}

/**
 * Deletes a lead (spam, tests) with its notes, recording its name in the audit log. A client made
 * from it stays. False when it does not exist.
 */
export async function deleteLead({ id, actor }: { id: string; actor: Actor | null }): Promise<boolean> {
  if (!isId(id)) return false;
  return getDb().transaction(async (tx) => {
    const [gone] = await tx.delete(leads).where(eq(leads.id, id)).returning();
    if (!gone) return false;
    await recordAudit(tx, {
      actor,
      action: "lead.deleted",
      entityType: "lead",
      entityId: id,
      entityLabel: gone.name,
      changes: {
        name: [gone.name, null],
        email: [gone.email, null],
        business: [gone.business, null],
        statusFunil: [gone.statusFunil, null],
      },
    });
    return true;
  });
}

/** On conversion (inside its transaction): the lead's notes become the client's, dates kept. */
export async function copyNotesToClient(
  tx: DbOrTx,
  { leadId, clientId }: { leadId: string; clientId: string },
) {
  const notes = await tx
    .select({ note: leadNotes.note, createdAt: leadNotes.createdAt })
    .from(leadNotes)
    .where(eq(leadNotes.leadId, leadId))
    .orderBy(asc(leadNotes.createdAt));
  if (notes.length) {
    await tx
      .insert(clientNotes)
      .values(notes.map((n) => ({ clientId, note: n.note, createdAt: n.createdAt })));
  }
}
