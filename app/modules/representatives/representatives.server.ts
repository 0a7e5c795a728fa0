import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { containsText } from "~/server/db-tools/search.server";
import { getDb, queryRows } from "~/db/client.server";
import { mailMessages, representatives, user, type ReferralStatus, type UserStatus } from "~/db/schema";
import { isId } from "~/lib/ids";
import type { PixKeyType } from "./profile.constants";
import {
  REPRESENTATIVE_SORTS,
  REPRESENTATIVE_SORT_DEFAULT_DIR,
  type RepresentativeSort,
} from "./representatives.schema";

export { REPRESENTATIVE_SORTS, REPRESENTATIVE_SORT_DEFAULT_DIR, type RepresentativeSort };
import type { RepresentativeProfile } from "./profile.schema";
import { likeContains, parseListParams } from "~/lib/list-params";
import { deactivateUser, reactivateUser } from "~/modules/accounts/index.server";
import { type Actor, recordAudit } from "~/modules/audit/index.server";
import { getAuth } from "~/modules/auth/index.server";
import { ACCOUNT_MESSAGES, mailQueuedMessage } from "~/modules/accounts/accounts.schema";
import { backgroundSettled } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";

export interface AdminRepresentativeRow {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  status: UserStatus;
  /** Referrals, cancelled ones excluded (they are never counted). */
  referralsCount: number;
  completedCount: number;
  /** Issue 14 item 7: per status (the four, then the cancelled ones, shown apart). */
  byStatus: Record<ReferralStatus, number>;
  cancelledCount: number;
  /** Completed / referrals (cancelled excluded); null without referrals. */
  conversion: number | null;
  /** Completed commissions not in an active payout / in one (cents). */
  dueCents: number;
  paidCents: number;
  /** The latest change to one of their referrals (created, corrected, cancelled, moved). */
  lastActivityAt: Date | null;
}

const SORT_SQL: Record<RepresentativeSort, SQL> = {
  name: sql`lower(r.name)`,
  email: sql`lower(r.email)`,
  referrals: sql`"referralsCount"`,
  completed: sql`"completedCount"`,
  conversion: sql`"conversion"`,
  due: sql`"dueCents"`,
  paid: sql`"paidCents"`,
  last_activity: sql`"lastActivityAt"`,
  created_at: sql`r.created_at`,
};

/** Sorts on the representative's own columns: the page can be cut before the figures. */
const OWN_COLUMN_SORTS = new Set<RepresentativeSort>(["name", "email", "created_at"]);

/** The list's URL state: ?q=&sort=&dir=&page= (unknown sort → name; no dir → the column's default). */
export function parseRepresentativeListParams(url: URL, pageSize = 20) {
  const params = parseListParams(url, { sorts: REPRESENTATIVE_SORTS, defaultSort: "name", pageSize });
  const dir = url.searchParams.get("dir") ? params.dir : REPRESENTATIVE_SORT_DEFAULT_DIR[params.sort];
  return { q: params.q, sort: params.sort, dir, page: params.page };
}

interface MetricsRow {
  id: string;
  name: string;
  email: string;
  createdAt: Date | string;
  status: UserStatus;
  referralsCount: number | string;
  completedCount: number | string;
  analise: number | string;
  aguardando_pagamento: number | string;
  producao: number | string;
  cancelledCount: number | string;
  conversion: number | string | null;
  dueCents: number | string;
  paidCents: number | string;
  lastActivityAt: Date | string | null;
  total: number | string;
}

/**
 * SPEC §7 list (search by name or e-mail, paged) with each representative's figures (issue 14
 * item 7), in ONE statement: the referrals are aggregated once per representative (GROUP BY,
 * with the active payout items joined), never one query per row; the sort is a column of that
 * result picked from an allow-list. `count(*) over ()` gives the total for the pager.
 */
export async function listRepresentativesAdmin({
  q = "",
  sort = "name",
  dir = "asc",
  page = 1,
  pageSize = 20,
}: {
  q?: string;
  sort?: RepresentativeSort;
  dir?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}): Promise<{ rows: AdminRepresentativeRow[]; total: number }> {
  const term = q.trim();
  const where = term
    ? sql`where ${or(containsText(representatives.name, term), ilike(representatives.email, likeContains(term)))}`
    : sql``;
  const order = SORT_SQL[sort] ?? SORT_SQL.name;
  const direction = dir === "asc" ? sql`asc` : sql`desc`;
  const offset = (page - 1) * pageSize;
  const ordering = sql`order by ${order} ${direction} nulls last, lower(r.name) asc, r.id asc`;
  // Sorted by the representative's own columns (the default, by name), the page is cut first and
  // only its 20 representatives' referrals are aggregated; a sort by a figure needs them all.
  // At 2 000 representatives and 100 000 referrals: 51 ms → a few ms (bench/admin-lists).
  const pageFirst = OWN_COLUMN_SORTS.has(sort);
  const paged = pageFirst
    ? sql`, paged as (
        select r.id, count(*) over () as total
        from "representatives" r join matching m on m.id = r.id
        ${ordering} limit ${pageSize} offset ${offset}
      )`
    : sql``;
  const rows = await queryRows<MetricsRow>(
    getDb(),
    sql`
    with matching as (
      select "representatives".id from "representatives" ${where}
    )${paged},
    figures as (
      select f.representative_id,
        count(*) filter (where f.status <> 'cancelada') as "referralsCount",
        count(*) filter (where f.status = 'concluido') as "completedCount",
        count(*) filter (where f.status = 'analise') as analise,
        count(*) filter (where f.status = 'aguardando_pagamento') as aguardando_pagamento,
        count(*) filter (where f.status = 'producao') as producao,
        count(*) filter (where f.status = 'cancelada') as "cancelledCount",
        coalesce(sum(f.commission_cents) filter (where f.status = 'concluido' and pi.referral_id is null), 0) as "dueCents",
        coalesce(sum(pi.amount_cents) filter (where f.status = 'concluido'), 0) as "paidCents",
        max(f.updated_at) as "lastActivityAt"
      from referrals f
      left join payout_items pi on pi.referral_id = f.id and pi.active
      where f.representative_id in (select id from ${pageFirst ? sql`paged` : sql`matching`})
      group by f.representative_id
    )
    select r.id, r.name, r.email, r.created_at as "createdAt",
      coalesce(u.status, 'active') as status,
      coalesce(g."referralsCount", 0) as "referralsCount",
      coalesce(g."completedCount", 0) as "completedCount",
      coalesce(g.analise, 0) as analise,
      coalesce(g.aguardando_pagamento, 0) as aguardando_pagamento,
      coalesce(g.producao, 0) as producao,
      coalesce(g."cancelledCount", 0) as "cancelledCount",
      case when coalesce(g."referralsCount", 0) > 0
        then g."completedCount"::float8 / g."referralsCount" end as conversion,
      coalesce(g."dueCents", 0) as "dueCents",
      coalesce(g."paidCents", 0) as "paidCents",
      g."lastActivityAt",
      ${pageFirst ? sql`m.total` : sql`count(*) over ()`} as total
    from "representatives" r
    join ${pageFirst ? sql`paged` : sql`matching`} m on m.id = r.id
    left join figures g on g.representative_id = r.id
    left join "user" u on u.id = r.auth_id
    ${ordering}
    ${pageFirst ? sql`` : sql`limit ${pageSize} offset ${offset}`}
  `,
  );
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page > 1) {
    const [{ n }] = await getDb()
      .select({ n: count() })
      .from(representatives)
      .where(
        term
          ? or(containsText(representatives.name, term), ilike(representatives.email, likeContains(term)))
          : undefined,
      );
    total = Number(n);
  }
  const date = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
  return {
    rows: rows.map((r) => {
      const completed = Number(r.completedCount);
      return {
        id: r.id,
        name: r.name,
        email: r.email,
        createdAt: date(r.createdAt)!,
        status: r.status,
        referralsCount: Number(r.referralsCount),
        completedCount: completed,
        byStatus: {
          analise: Number(r.analise),
          aguardando_pagamento: Number(r.aguardando_pagamento),
          producao: Number(r.producao),
          concluido: completed,
        },
        cancelledCount: Number(r.cancelledCount),
        conversion: r.conversion === null ? null : Number(r.conversion),
        dueCents: Number(r.dueCents),
        paidCents: Number(r.paidCents),
        lastActivityAt: date(r.lastActivityAt),
      };
    }),
    total,
  };
}

/**
 * Deleting a representative deletes their login user, in ONE transaction: the database cascades
 * to the representatives row, their sessions and their credential (so they can no longer sign
 * in), and keeps their referrals with representative_id set to null (the sales history stays).
 * Only a user with role `representative` is ever deleted here.
 */
export async function deleteRepresentative({
  id,
  actor = null,
}: {
  id: string;
  actor?: Actor | null;
}): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [rep] = await tx
      .select({
        id: representatives.id,
        authId: representatives.authId,
        name: representatives.name,
        email: representatives.email,
      })
      .from(representatives)
      .where(eq(representatives.id, id))
      .for("update");
    if (!rep) return false;
    const removed = await tx
      .delete(user)
      .where(and(eq(user.id, rep.authId), eq(user.role, "representative")))
      .returning({ id: user.id });
    if (removed.length === 0) await tx.delete(representatives).where(eq(representatives.id, rep.id));
    await recordAudit(tx, {
      actor,
      action: "representative.deleted",
      entityType: "representative",
      entityId: rep.id,
      entityLabel: `${rep.name} <${rep.email}>`,
      changes: { name: [rep.name, null], email: [rep.email, null] },
    });
    return true;
  });
}

async function authIdOf(representativeId: string) {
  const [rep] = await getDb()
    .select({ authId: representatives.authId, email: representatives.email, name: representatives.name })
    .from(representatives)
    .where(eq(representatives.id, representativeId));
  return rep ?? null;
}

/** Deactivates a representative's login (history kept, sessions ended). False when unknown. */
export async function setRepresentativeActive(
  actor: Actor,
  representativeId: string,
  active: boolean,
): Promise<boolean> {
  const rep = await authIdOf(representativeId);
  if (!rep) return false;
  if (active) await reactivateUser(actor, rep.authId, { role: "representative" });
  else await deactivateUser(actor, rep.authId, { role: "representative" });
  return true;
}

export class RepresentativeInactiveError extends Error {
  constructor() {
    super("representative deactivated");
  }
}

/**
 * Sends the representative better-auth's reset-password e-mail (its requestPasswordReset, which
 * enqueues the mail job). Only for an active representative. Returns the message's id in the mail
 * log (the page links to it when no SMTP is configured), or false when there is no such account.
 */
export async function sendRepresentativePasswordReset(actor: Actor, representativeId: string) {
  const rep = await authIdOf(representativeId);
  if (!rep) return false;
  const [account] = await getDb()
    .select({ status: user.status, email: user.email })
    .from(user)
    .where(eq(user.id, rep.authId));
  if (!account) return false;
  if (account.status !== "active") throw new RepresentativeInactiveError();
  await getAuth().api.requestPasswordReset({ body: { email: account.email } });
  // The auth hook queues the message in the background (the public form must answer in constant
  // time); the admin waits for it, to link to it.
  await backgroundSettled();
  const [mail] = await getDb()
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.kind, "auth.redefinir-senha"),
        eq(mailMessages.entityType, "user"),
        eq(mailMessages.entityId, rep.authId),
      ),
    )
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  await recordAudit(getDb(), {
    actor,
    action: "user.password_reset_sent",
    entityType: "user",
    entityId: rep.authId,
    entityLabel: `${rep.name} <${rep.email}>`,
  });
  return { mailId: mail?.id ?? null };
}

const ACCESS_INTENTS = ["deactivateRepresentative", "reactivateRepresentative", "sendPasswordReset"] as const;
type AccessIntent = (typeof ACCESS_INTENTS)[number];

export function isAccessIntent(v: unknown): v is AccessIntent {
  return (ACCESS_INTENTS as readonly unknown[]).includes(v);
}

/** The admin list's access buttons: what happened, as the toast says it. */
export async function representativeAccess(
  actor: Actor,
  representativeId: string,
  intent: AccessIntent,
): Promise<{ ok: boolean; message: string; resetMailId?: string | null }> {
  try {
    if (intent === "sendPasswordReset") {
      const sent = await sendRepresentativePasswordReset(actor, representativeId);
      if (!sent) return { ok: false, message: ACCOUNT_MESSAGES.notFound };
      return { ok: true, message: mailQueuedMessage("redefinicao"), resetMailId: sent.mailId };
    }
    const active = intent === "reactivateRepresentative";
    const ok = await setRepresentativeActive(actor, representativeId, active);
    const done = active ? ACCOUNT_MESSAGES.repReactivated : ACCOUNT_MESSAGES.repDeactivated;
    return { ok, message: ok ? done : ACCOUNT_MESSAGES.notFound };
  } catch (err) {
    if (err instanceof RepresentativeInactiveError)
      return { ok: false, message: ACCOUNT_MESSAGES.resetNeedsActive };
    log.error({ err, intent }, "representative access action failed");
    return { ok: false, message: ACCOUNT_MESSAGES.actionFailed };
  }
}

/** One representative for the admin's page (/admin/representatives/{id}), or null. */
export async function getRepresentativeAdmin({ id }: { id: string }) {
  if (!isId(id)) return null;
  const [row] = await getDb()
    .select({ id: representatives.id, name: representatives.name, email: representatives.email })
    .from(representatives)
    .where(eq(representatives.id, id));
  return row ?? null;
}

export interface RepresentativeProfileRow {
  phone: string | null;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  document: string | null;
}

/** The payout details of one representative (their own page, or the admin's payout screen). */
export async function getRepresentativeProfile({
  representativeId,
}: {
  representativeId: string;
}): Promise<RepresentativeProfileRow | null> {
  if (!isId(representativeId)) return null;
  const [row] = await getDb()
    .select({
      phone: representatives.phone,
      pixKeyType: representatives.pixKeyType,
      pixKey: representatives.pixKey,
      document: representatives.document,
    })
    .from(representatives)
    .where(eq(representatives.id, representativeId));
  return row ?? null;
}

/** Saves the signed-in representative's payout details (audited, without the values: personal data). */
export async function saveRepresentativeProfile({
  representativeId,
  input,
  actor,
}: {
  representativeId: string;
  input: RepresentativeProfile;
  actor: Actor;
}): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({
        phone: representatives.phone,
        pixKeyType: representatives.pixKeyType,
        pixKey: representatives.pixKey,
        document: representatives.document,
      })
      .from(representatives)
      .where(eq(representatives.id, representativeId))
      .for("update");
    if (!before) return;
    await tx.update(representatives).set(input).where(eq(representatives.id, representativeId));
    const changed = Object.keys(input).filter(
      (k) => before[k as keyof typeof before] !== input[k as keyof RepresentativeProfile],
    );
    if (changed.length > 0) {
      await recordAudit(tx, {
        actor,
        action: "representative.profile_updated",
        entityType: "representative",
        entityId: representativeId,
        // Which fields changed, not their values (personal data stays out of the audit log).
        changes: { fields: [null, changed] },
      });
    }
  });
}
