import { and, eq, sql } from "drizzle-orm";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { clients, onboardingItems, onboardings } from "~/db/schema";
import { promiseDates } from "~/lib/business-days";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { now, today as clockToday } from "~/server/clock.server";
import { ONBOARDING_MESSAGES, type OnboardingHealth, type OnboardingSource } from "./onboarding.constants";

import { CLIENT_STEP_LABELS, CLIENT_STEPS, type ClientStep } from "./client-steps.constants";
import { getOnboardingSettings } from "./onboarding-settings.server";

/**
 * Onboarding (implantação, decision 029): opened in the transaction of the
 * payment that confirms it (or by an admin) and a checklist ticked by the team. One per client,
 * enforced by the database; every change audited in its transaction. "Publicar" is in
 * publish.server, the reads (the client page's section, the board's views) in onboarding-reads.server.
 */

export type Onboarding = typeof onboardings.$inferSelect;
export type OnboardingItem = typeof onboardingItems.$inferSelect;
export type OnboardingResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Where an onboarding stands (decision 029): open ones against today, published ones as they ended. */
export function onboardingHealth(
  o: Pick<Onboarding, "status" | "dueDate" | "atRiskOn" | "publishedOn">,
  today: string,
): OnboardingHealth {
  if (o.status === "publicado") return o.publishedOn && o.publishedOn <= o.dueDate ? "no_prazo" : "atrasada";
  if (today > o.dueDate) return "atrasada";
  if (today >= o.atRiskOn) return "em_risco";
  return "no_prazo";
}

interface OpenInput {
  clientId: string;
  source: OnboardingSource;
  chargeId?: string | null;
  actor?: Actor | null;
}

/**
 * The template's items, then the client's steps it lacks (decision 041): a template item with a
 * client step's label ("Cardápio recebido") is that step, ticked when the client sends it.
 */
export function checklistItems(onboardingId: string, template: readonly string[]) {
  const items = template.map((label, i) => ({
    onboardingId,
    position: i + 1,
    label,
    clientStep: null as ClientStep | null,
  }));
  for (const step of CLIENT_STEPS) {
    const same = items.find((i) => i.label === CLIENT_STEP_LABELS[step] && !i.clientStep);
    if (same) same.clientStep = step;
    else
      items.push({
        onboardingId,
        position: items.length + 1,
        label: CLIENT_STEP_LABELS[step],
        clientStep: step,
      });
  }
  return items;
}

/**
 * Opens the client's onboarding through `tx` unless they have one: the unique key makes a second
 * call (a payment reported twice, two admins at once) a no-op. Returns the new row, or null.
 */
async function openOnce(tx: DbOrTx, { clientId, source, chargeId = null, actor = null }: OpenInput) {
  const settings = await getOnboardingSettings(tx);
  const openedOn = clockToday();
  const [row] = await tx
    .insert(onboardings)
    .values({
      clientId,
      source,
      chargeId,
      openedOn,
      openedAt: now(),
      openedById: actor?.id ?? null,
      openedByName: actor?.name ?? null,
      ...promiseDates(openedOn, settings),
    })
    .onConflictDoNothing({ target: onboardings.clientId })
    .returning();
  if (!row) return null;
  await tx.insert(onboardingItems).values(checklistItems(row.id, settings.checklist));
  const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  await recordAudit(tx, {
    actor,
    action: "onboarding.opened",
    entityType: "onboarding",
    entityId: row.id,
    entityLabel: client?.name ?? null,
    changes: {
      origem: [null, source],
      prazo: [null, row.dueDate],
      meta: [null, row.targetDate],
    },
  });
  await emit(tx, "onboarding.opened", { onboardingId: row.id, clientId });
  return row;
}

/**
 * Called by billing in the transaction of a payment (recordPayment): when the paid charge is the
 * client's first paid charge, their onboarding opens (once). Audited as made by whoever recorded
 * the payment, or "pelo sistema" when a provider reported it (actor null).
 */
export async function openOnboardingOnFirstPayment(
  tx: DbOrTx,
  { clientId, chargeId, actor = null }: { clientId: string; chargeId: string; actor?: Actor | null },
): Promise<Onboarding | null> {
  const [earlier] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from charges
         where client_id = ${clientId} and status = 'paga' and id <> ${chargeId}`,
  );
  if (Number(earlier.n) > 0) return null;
  return openOnce(tx, { clientId, source: "automatica", chargeId, actor });
}

/** "Pagamento confirmado" on the client page, for a client billed elsewhere. */
export async function openOnboardingByHand({
  clientId,
  actor,
}: {
  clientId: string;
  actor: Actor | null;
}): Promise<OnboardingResult<Onboarding>> {
  if (!isId(clientId)) return { ok: false, message: ONBOARDING_MESSAGES.clientNotFound };
  return getDb().transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    if (!client) return { ok: false, message: ONBOARDING_MESSAGES.clientNotFound };
    const row = await openOnce(tx, { clientId, source: "manual", actor });
    return row ? { ok: true, value: row } : { ok: false, message: ONBOARDING_MESSAGES.alreadyOpen };
  });
}

/** Locks an onboarding with its client's name; null when the id is unknown. */
export async function lockOnboarding(tx: DbOrTx, id: string) {
  if (!isId(id)) return null;
  const [row] = await tx
    .select({ onboarding: onboardings, clientName: clients.name })
    .from(onboardings)
    .innerJoin(clients, eq(clients.id, onboardings.clientId))
    .where(eq(onboardings.id, id))
    .for("update", { of: onboardings });
  return row ?? null;
}

/**
 * Ticks (or unticks) a checklist item, recording who and when. The first tick moves the
 * onboarding from "A fazer" to "Em andamento". A published onboarding no longer changes.
 */
export async function setOnboardingItem({
  onboardingId,
  itemId,
  done,
  actor,
}: {
  onboardingId: string;
  itemId: string;
  done: boolean;
  actor: Actor | null;
}): Promise<OnboardingResult<OnboardingItem>> {
  return getDb().transaction(async (tx) => {
    const found = await lockOnboarding(tx, onboardingId);
    if (!found) return { ok: false, message: ONBOARDING_MESSAGES.notFound };
    if (found.onboarding.status === "publicado")
      return { ok: false, message: ONBOARDING_MESSAGES.publishedLocked };
    if (!isId(itemId)) return { ok: false, message: ONBOARDING_MESSAGES.itemNotFound };
    const [item] = await tx
      .update(onboardingItems)
      .set(
        done
          ? { doneAt: now(), doneById: actor?.id ?? null, doneByName: actor?.name ?? null }
          : { doneAt: null, doneById: null, doneByName: null },
      )
      .where(and(eq(onboardingItems.id, itemId), eq(onboardingItems.onboardingId, onboardingId)))
      .returning();
    if (!item) return { ok: false, message: ONBOARDING_MESSAGES.itemNotFound };
    const moved = done && found.onboarding.status === "a_fazer";
    if (moved)
      await tx
        .update(onboardings)
        .set({ status: "em_andamento", updatedAt: now() })
        .where(eq(onboardings.id, onboardingId));
    await recordAudit(tx, {
      actor,
      action: done ? "onboarding.item_checked" : "onboarding.item_unchecked",
      entityType: "onboarding",
      entityId: onboardingId,
      entityLabel: found.clientName,
      changes: {
        item: [null, item.label],
        ...(moved ? { status: ["a_fazer", "em_andamento"] } : {}),
      },
    });
    return { ok: true, value: item };
  });
}
