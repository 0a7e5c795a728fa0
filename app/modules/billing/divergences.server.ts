import { and, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { charges, clients, paymentDivergences } from "~/db/schema";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { now } from "~/server/clock.server";
import { readCounts } from "~/server/db-tools/counts.server";
import type { DivergenceKind, DivergenceResolution } from "./billing.constants";
import { DIVERGENCE_KIND_LABELS } from "./billing.schema";
import type { LockedCharge } from "./charge-lock.server";

/**
 * Money that does not match its charge (DESIGN §10: a difference is shown for review, never
 * rounded into "paga"). Each is recorded once per charge, kind and provider payment (a webhook
 * delivered again, a job retried, the reconciliation run daily find the row there), audited in the
 * transaction that found it, and announced (`charge.divergence`) so the admins get an e-mail.
 */

export const DIVERGENCE_MESSAGES = {
  notFound: "Divergência não encontrada.",
  alreadyResolved: "Esta divergência já foi resolvida.",
  resolved: "Divergência marcada como resolvida.",
  invalid: "Escolha o que foi feito com o valor.",
  actionError: "Erro ao resolver a divergência",
} as const;

export interface NewDivergence {
  kind: DivergenceKind;
  provider: string | null;
  providerPaymentId: string | null;
  expectedCents: number;
  receivedCents: number;
  actor: Actor | null;
}

/** Records a divergence of the locked charge; false when it was already recorded. */
export async function recordDivergence(tx: DbOrTx, found: LockedCharge, d: NewDivergence): Promise<boolean> {
  const [row] = await tx
    .insert(paymentDivergences)
    .values({
      chargeId: found.charge.id,
      kind: d.kind,
      provider: d.provider,
      providerPaymentId: d.providerPaymentId ?? "",
      expectedCents: d.expectedCents,
      receivedCents: d.receivedCents,
      detectedAt: now(),
    })
    .onConflictDoNothing()
    .returning({ id: paymentDivergences.id });
  if (!row) return false;
  await recordAudit(tx, {
    actor: d.actor,
    action: "charge.divergence",
    entityType: "charge",
    entityId: found.charge.id,
    entityLabel: `${found.charge.number} · ${found.clientName}`,
    changes: {
      divergencia: [null, DIVERGENCE_KIND_LABELS[d.kind]],
      valorEsperado: [null, d.expectedCents],
      valorRecebido: [null, d.receivedCents],
      ...(d.providerPaymentId ? { pagamentoNoProvedor: [null, d.providerPaymentId] } : {}),
    },
  });
  await emit(tx, "charge.divergence", { divergenceId: row.id, chargeId: found.charge.id });
  return true;
}

/** The rest of a partly paid charge came in: its "pago a menos" is settled by itself. */
export async function settlePartialDivergences(
  tx: DbOrTx,
  chargeId: string,
  resolution: DivergenceResolution,
) {
  await tx
    .update(paymentDivergences)
    .set({ resolvedAt: now(), resolution })
    .where(
      and(
        eq(paymentDivergences.chargeId, chargeId),
        eq(paymentDivergences.kind, "parcial"),
        isNull(paymentDivergences.resolvedAt),
      ),
    );
}

export const DIVERGENCE_PAGE_SIZE = 30;

/**
 * Financeiro → Divergências: the open ones (or the resolved ones), newest first, a page at a
 * time. They are few (each is a problem someone looks at), so the count is exact.
 */
export async function listDivergences({
  open = true,
  page = 1,
  pageSize = DIVERGENCE_PAGE_SIZE,
}: {
  open?: boolean;
  page?: number;
  pageSize?: number;
}) {
  const db = getDb();
  const where = open ? isNull(paymentDivergences.resolvedAt) : isNotNull(paymentDivergences.resolvedAt);
  const [rows, count] = await Promise.all([
    db
      .select({
        id: paymentDivergences.id,
        kind: paymentDivergences.kind,
        provider: paymentDivergences.provider,
        providerPaymentId: paymentDivergences.providerPaymentId,
        expectedCents: paymentDivergences.expectedCents,
        receivedCents: paymentDivergences.receivedCents,
        detectedAt: paymentDivergences.detectedAt,
        resolvedAt: paymentDivergences.resolvedAt,
        resolution: paymentDivergences.resolution,
        resolvedByName: paymentDivergences.resolvedByName,
        chargeId: charges.id,
        chargeNumber: charges.number,
        chargeStatus: charges.status,
        clientId: clients.id,
        clientName: clients.name,
        businessName: clients.businessName,
      })
      .from(paymentDivergences)
      .innerJoin(charges, eq(charges.id, paymentDivergences.chargeId))
      .innerJoin(clients, eq(clients.id, charges.clientId))
      .where(where)
      .orderBy(desc(paymentDivergences.detectedAt), desc(paymentDivergences.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(paymentDivergences, where),
  ]);
  return { rows, count };
}
export type DivergenceRow = Awaited<ReturnType<typeof listDivergences>>["rows"][number];

/** How many divergences wait for an admin (the Financeiro tab's count, the digest). */
export async function countOpenDivergences(db: DbOrTx = getDb()): Promise<number> {
  return (await readCounts({ n: openDivergencesCount() }, db)).n;
}

/** The divergences waiting for an admin, as a scalar subquery (readCounts). */
export const openDivergencesCount = (): SQL =>
  sql`(select count(*) from ${paymentDivergences} where ${paymentDivergences.resolvedAt} is null)`;

/** One divergence with its charge and client, for its e-mail. */
export async function getDivergence(id: string) {
  if (!isId(id)) return null;
  const [row] = await getDb()
    .select({
      divergence: paymentDivergences,
      chargeNumber: charges.number,
      clientName: clients.name,
      businessName: clients.businessName,
    })
    .from(paymentDivergences)
    .innerJoin(charges, eq(charges.id, paymentDivergences.chargeId))
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .where(eq(paymentDivergences.id, id));
  return row ?? null;
}

/** "Resolver": what the admin did with the money, audited; refused once resolved. */
export async function resolveDivergence({
  id,
  resolution,
  actor,
}: {
  id: string;
  resolution: Exclude<DivergenceResolution, "quitada">;
  actor: Actor;
}): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!isId(id)) return { ok: false, message: DIVERGENCE_MESSAGES.notFound };
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ divergence: paymentDivergences, number: charges.number, clientName: clients.name })
      .from(paymentDivergences)
      .innerJoin(charges, eq(charges.id, paymentDivergences.chargeId))
      .innerJoin(clients, eq(clients.id, charges.clientId))
      .where(eq(paymentDivergences.id, id))
      .for("update", { of: paymentDivergences });
    if (!row) return { ok: false, message: DIVERGENCE_MESSAGES.notFound };
    if (row.divergence.resolvedAt) return { ok: false, message: DIVERGENCE_MESSAGES.alreadyResolved };
    await tx
      .update(paymentDivergences)
      .set({ resolvedAt: now(), resolution, resolvedById: actor.id, resolvedByName: actor.name })
      .where(eq(paymentDivergences.id, id));
    await recordAudit(tx, {
      actor,
      action: "charge.divergence_resolved",
      entityType: "charge",
      entityId: row.divergence.chargeId,
      entityLabel: `${row.number} · ${row.clientName}`,
      changes: {
        divergencia: [DIVERGENCE_KIND_LABELS[row.divergence.kind], null],
        resolucao: [null, resolution],
      },
    });
    return { ok: true };
  });
}

/** The open divergences for the daily digest, oldest first (at most `limit`). */
export async function listDivergencesForDigest({ limit = 20 }: { limit?: number } = {}) {
  return getDb()
    .select({
      id: paymentDivergences.id,
      kind: paymentDivergences.kind,
      expectedCents: paymentDivergences.expectedCents,
      receivedCents: paymentDivergences.receivedCents,
      chargeNumber: charges.number,
      clientName: clients.name,
    })
    .from(paymentDivergences)
    .innerJoin(charges, eq(charges.id, paymentDivergences.chargeId))
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .where(isNull(paymentDivergences.resolvedAt))
    .orderBy(paymentDivergences.detectedAt, paymentDivergences.id)
    .limit(limit);
}

/** Used by tests and the consistency of the digest: every divergence of a charge. */
export async function divergencesOfCharge(chargeId: string) {
  return getDb()
    .select()
    .from(paymentDivergences)
    .where(eq(paymentDivergences.chargeId, chargeId))
    .orderBy(paymentDivergences.detectedAt, sql`${paymentDivergences.kind}`);
}
