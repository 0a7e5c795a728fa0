import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { clients, leads, plans } from "~/db/schema";
import { likeContains } from "~/lib/list-params";
import { canMove, LEAD_MESSAGES, LEADS_PAGE_SIZE, STAGES, type Stage } from "./leads.schema";

export type StageCounts = Record<Stage, number>;

export interface LeadCard {
  id: string;
  name: string;
  email: string;
  phone: string;
  business: string;
  plan: string;
  message: string | null;
  isRepresentative: boolean;
  statusFunil: Stage;
  createdAt: Date;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
  landingPage: string | null;
  convertedClientId: string | null;
}

/** ?q= over name, email, business and phone (the phone also by its digits, "11 9999" finds "(11) 9999-…"). */
function searchFilter(q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  const p = likeContains(term);
  const parts: SQL[] = [
    ilike(leads.name, p),
    ilike(leads.email, p),
    ilike(leads.business, p),
    ilike(leads.phone, p),
  ];
  const digits = term.replace(/\D/g, "");
  if (digits.length >= 3 && digits.length !== term.length) {
    parts.push(sql`regexp_replace(${leads.phone}, '\\D', '', 'g') like ${`%${digits}%`}`);
  }
  return or(...parts);
}

/** One GROUP BY for the six count tabs (zeros included). */
export async function countLeadsByStage({ q = "" }: { q?: string } = {}): Promise<StageCounts> {
  const where = searchFilter(q);
  const rows = await queryRows<{ stage: Stage; n: number }>(
    getDb(),
    sql`select ${leads.statusFunil} as stage, count(*)::int as n from ${leads}
        ${where ? sql`where ${where}` : sql``} group by ${leads.statusFunil}`,
  );
  const counts = Object.fromEntries(STAGES.map((s) => [s, 0])) as StageCounts;
  for (const r of rows) counts[r.stage] = Number(r.n);
  return counts;
}

/**
 * One column, newest first, the first `pages` pages (served by the (status_funil, created_at, id)
 * index: a column with 10 000 leads reads only what is shown).
 */
export async function listStageLeads({
  stage,
  q = "",
  pages = 1,
  pageSize = LEADS_PAGE_SIZE,
}: {
  stage: Stage;
  q?: string;
  pages?: number;
  pageSize?: number;
}): Promise<{ leads: LeadCard[]; hasMore: boolean }> {
  const limit = pages * pageSize;
  const rows = await getDb()
    .select({
      id: leads.id,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      business: leads.business,
      plan: leads.plan,
      message: leads.message,
      isRepresentative: leads.isRepresentative,
      statusFunil: leads.statusFunil,
      createdAt: leads.createdAt,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      referrer: leads.referrer,
      landingPage: leads.landingPage,
      convertedClientId: leads.convertedClientId,
    })
    .from(leads)
    .where(and(eq(leads.statusFunil, stage), searchFilter(q)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit + 1);
  return { leads: rows.slice(0, limit) as LeadCard[], hasMore: rows.length > limit };
}

/** The whole board: counts plus each column's first pages. */
export async function loadFunnel({
  q = "",
  pages = {},
}: {
  q?: string;
  pages?: Partial<Record<Stage, number>>;
}) {
  const [counts, ...columns] = await Promise.all([
    countLeadsByStage({ q }),
    ...STAGES.map((stage) => listStageLeads({ stage, q, pages: pages[stage] ?? 1 })),
  ]);
  return {
    counts,
    columns: Object.fromEntries(STAGES.map((s, i) => [s, columns[i]])) as Record<
      Stage,
      { leads: LeadCard[]; hasMore: boolean }
    >,
  };
}

export type MoveResult = { ok: true } | { ok: false; reason: "transition" | "stale" };

/**
 * Moves a lead along an allowed edge only. The UPDATE matches the stage the admin saw
 * (`status_funil = from`), so a concurrent move makes this one fail instead of skipping a stage.
 * status and status_funil always move together.
 */
export async function moveLead({
  id,
  from,
  to,
}: {
  id: string;
  from: Stage;
  to: Stage;
}): Promise<MoveResult> {
  if (!canMove(from, to)) return { ok: false, reason: "transition" };
  const rows = await getDb()
    .update(leads)
    .set({ statusFunil: to, status: to, updatedAt: new Date() })
    .where(and(eq(leads.id, id), eq(leads.statusFunil, from)))
    .returning({ id: leads.id });
  return rows.length ? { ok: true } : { ok: false, reason: "stale" };
}

export type ConvertResult =
  | { ok: true; clientId: string }
  | { ok: false; code: "duplicate_email" | "not_found" | "wrong_stage"; message: string };

class ConversionRefused extends Error {
  constructor(
    public code: "duplicate_email" | "not_found" | "wrong_stage",
    message: string,
  ) {
    super(message);
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * SPEC §4 lead → client, in ONE transaction: the lead row is locked, must be `negociando`, no
 * client may have its e-mail; the client is created `ativo` (plan_id only when the lead's plan
 * text is a plan's name) and the lead becomes `convertido` pointing at it. Two admins converting
 * at once: the second waits on the lock, then finds `convertido` and is refused.
 */
export async function convertLead({ id }: { id: string }): Promise<ConvertResult> {
  try {
    const clientId = await getDb().transaction(async (tx) => {
      const [lead] = await queryRows<{
        id: string;
        name: string;
        email: string;
        phone: string;
        business: string;
        plan: string;
        status_funil: Stage;
      }>(
        tx,
        sql`select id, name, email, phone, business, plan, status_funil from ${leads}
            where ${leads.id} = ${id} for update`,
      );
      if (!lead) throw new ConversionRefused("not_found", "lead não encontrado");
      if (lead.status_funil !== "negociando")
        throw new ConversionRefused("wrong_stage", "o lead não está em negociação");
      const email = lead.email.trim().toLowerCase();
      const [dup] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.email, email))
        .limit(1);
      if (dup) throw new ConversionRefused("duplicate_email", LEAD_MESSAGES.duplicateEmail);
      const [plan] = await tx
        .select({ id: plans.id })
        .from(plans)
        .where(eq(plans.name, lead.plan.trim()))
        .orderBy(plans.priceCents, plans.id)
        .limit(1);
      const [client] = await tx
        .insert(clients)
        .values({
          name: lead.name.trim(),
          email,
          phone: lead.phone.trim(),
          businessName: lead.business.trim(),
          planId: plan?.id ?? null,
          status: "ativo",
        })
        .returning({ id: clients.id });
      await tx
        .update(leads)
        .set({
          statusFunil: "convertido",
          status: "convertido",
          convertedClientId: client.id,
          updatedAt: new Date(),
        })
        .where(eq(leads.id, lead.id));
      return client.id;
    });
    return { ok: true, clientId };
  } catch (err) {
    if (err instanceof ConversionRefused) return { ok: false, code: err.code, message: err.message };
    // Another conversion with the same e-mail committed between our check and our insert.
    if (isUniqueViolation(err))
      return { ok: false, code: "duplicate_email", message: LEAD_MESSAGES.duplicateEmail };
    throw err;
  }
}
