import { asc, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "~/db/client.server";
import { chargeLines, charges, clientCredits } from "~/db/schema";
import type { Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { now } from "~/server/clock.server";
import { auditChange, lockCharge, type Charge } from "./charge-lock.server";

/**
 * A client's credits (client_credits: the days left of a paid period after a move to a cheaper
 * plan "Agora") taken off its next subscription charges, each use a `crédito` line of its own. What
 * is left of a credit is its amount less its lines on charges not cancelled, so a cancelled charge
 * gives its part back and a rerun finds nothing more to take: a credit is on a charge at most once
 * (unique index), and a charge issued once (the renewal's unique key) takes it once.
 */

/**
 * A credit never takes a charge below this, and never to nothing: a charge of R$ 0,00 can be neither
 * paid (a payment is > 0) nor sent to a provider, so its period would never be renewed. R$ 5,00 is
 * a common floor of Brazilian payment providers (several refuse a charge under it; Asaas's own limit
 * is to be confirmed against its current terms). What does not fit is carried to the next charge.
 */
export const MIN_CHARGE_AFTER_CREDIT_CENTS = 500;

/** Of `clientIds`, those with a credit (used up or not): the renewal batch asks once. */
export async function clientsWithCredits(tx: DbOrTx, clientIds: string[]): Promise<Set<string>> {
  if (!clientIds.length) return new Set();
  const rows = await tx
    .selectDistinct({ clientId: clientCredits.clientId })
    .from(clientCredits)
    .where(inArray(clientCredits.clientId, [...new Set(clientIds)]));
  return new Set(rows.map((r) => r.clientId));
}

/** What is left of each of a client's credits, oldest first (not counting those already on `chargeId`). */
export async function creditsLeft(tx: DbOrTx, clientId: string, chargeId: string | null = null) {
  const rows = await queryRows<{ id: string; description: string; left_cents: number; here: boolean }>(
    tx,
    sql`select cc.id, cc.description,
               cc.amount_cents + coalesce((select sum(l.amount_cents) from charge_lines l
                                              join charges c on c.id = l.charge_id
                                             where l.credit_id = cc.id and c.status <> 'cancelada'), 0) as left_cents,
               exists (select 1 from charge_lines l where l.credit_id = cc.id and l.charge_id = ${chargeId}) as here
          from client_credits cc
         where cc.client_id = ${clientId}
         order by cc.created_at, cc.id`,
  );
  return rows
    .map((r) => ({ id: r.id, description: r.description, leftCents: Number(r.left_cents), here: r.here }))
    .filter((r) => r.leftCents > 0 && !r.here);
}

export interface CreditLine {
  kind: "crédito";
  description: string;
  amountCents: number;
}

/**
 * The lines a charge of `amountCents` takes from `credits` (oldest first), down to
 * MIN_CHARGE_AFTER_CREDIT_CENTS: what a renewal will take, and what "Próxima cobrança" shows.
 */
export function creditUses(
  amountCents: number,
  credits: { id: string; description: string; leftCents: number }[],
): { creditId: string; line: CreditLine }[] {
  let room = amountCents - MIN_CHARGE_AFTER_CREDIT_CENTS;
  const uses: { creditId: string; line: CreditLine }[] = [];
  for (const credit of credits) {
    if (room <= 0) break;
    const use = Math.min(credit.leftCents, room);
    room -= use;
    uses.push({
      creditId: credit.id,
      line: { kind: "crédito", description: credit.description, amountCents: -use },
    });
  }
  return uses;
}

/**
 * Takes the client's credits off an open subscription charge with nothing paid, oldest credit first,
 * down to MIN_CHARGE_AFTER_CREDIT_CENTS, each as a negative `crédito` line; the charge's subtotal and
 * amount follow, audited. `announce`: the charge was already issued, so the provider's payment
 * follows its new amount (charge.amount_changed); a charge being issued is announced by its issuer.
 * Returns the charge as changed and the lines added, or null when nothing was taken.
 */
export async function applyCredits(
  tx: DbOrTx,
  chargeId: string,
  { actor = null, announce }: { actor?: Actor | null; announce: boolean },
): Promise<{ charge: Charge; lines: CreditLine[] } | null> {
  const found = await lockCharge(tx, chargeId);
  if (!found) return null;
  const { charge } = found;
  if (charge.origin !== "assinatura" || (charge.status !== "pendente" && charge.status !== "vencida"))
    return null;
  if (charge.paidAmountCents) return null;
  // The client's credits locked in one order: two charges of one client take each cent once.
  await tx
    .select({ id: clientCredits.id })
    .from(clientCredits)
    .where(eq(clientCredits.clientId, charge.clientId))
    .orderBy(asc(clientCredits.id))
    .for("update");
  if (charge.amountCents <= MIN_CHARGE_AFTER_CREDIT_CENTS) return null;
  const uses = creditUses(charge.amountCents, await creditsLeft(tx, charge.clientId, charge.id));
  if (!uses.length) return null;
  const [{ last }] = await queryRows<{ last: number }>(
    tx,
    sql`select coalesce(max(position), 0) as last from charge_lines where charge_id = ${charge.id}`,
  );
  await tx.insert(chargeLines).values(
    uses.map((u, i) => ({
      ...u.line,
      chargeId: charge.id,
      creditId: u.creditId,
      position: Number(last) + i + 1,
    })),
  );
  const taken = uses.reduce((sum, u) => sum - u.line.amountCents, 0);
  const [changed] = await tx
    .update(charges)
    .set({
      subtotalCents: charge.subtotalCents - taken,
      amountCents: charge.amountCents - taken,
      updatedAt: now(),
    })
    .where(eq(charges.id, charge.id))
    .returning();
  await auditChange(tx, found, actor, "charge.credit_applied", {
    valor: [charge.amountCents, changed.amountCents],
    itens: [null, uses.map((u) => `${u.line.description}: ${u.line.amountCents}`).join("; ")],
  });
  if (announce) await emit(tx, "charge.amount_changed", { chargeId: charge.id });
  return { charge: changed, lines: uses.map((u) => u.line) };
}

/**
 * The credit lines of an open charge removed (its credits given back), before the charge is priced
 * again; returns what they took off (cents, positive).
 */
export async function removeCreditLines(tx: DbOrTx, chargeId: string): Promise<number> {
  const removed = await tx
    .delete(chargeLines)
    .where(sql`${chargeLines.chargeId} = ${chargeId} and ${chargeLines.kind} = 'crédito'`)
    .returning({ amountCents: chargeLines.amountCents });
  return removed.reduce((sum, l) => sum - l.amountCents, 0);
}
