import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { clients, onboardingItems, onboardings } from "~/db/schema";
import { businessDaysBetween, promiseDates } from "~/lib/business-days";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { now, today as clockToday } from "~/server/clock.server";
import { fieldErrors, type FieldErrors } from "~/lib/validation";
import {
  ONBOARDING_MESSAGES,
  PUBLISH_MESSAGES,
  type OnboardingHealth,
  type OnboardingSource,
} from "./onboarding.constants";
import { publishSchema, type PublishInput } from "./onboarding.schema";

import { CLIENT_STEP_LABELS, CLIENT_STEPS, type ClientStep } from "./client-steps.constants";
import { getOnboardingSettings } from "./onboarding-settings.server";

/**
 * Onboarding (implantação, decision 029): opened in the transaction of the
 * payment that confirms it (or by an admin), a checklist ticked by the team, and "Publicar".
 * One per client, enforced by the database; every change audited in its transaction.
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
async function lockOnboarding(tx: DbOrTx, id: string) {
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

export type PublishResult =
  | { ok: true; value: Onboarding }
  | { ok: false; message: string; fieldErrors?: FieldErrors; openSteps?: string[] };

/**
 * "Publicar": closes the onboarding with the menu's public address (and the app's), the business
 * days it took (opened → today) and how many checklist steps were still open, in one transaction
 * with its audit entry and the `onboarding.published` event. Open steps need the admin's explicit
 * confirmation (decision 042): without it nothing changes and the open steps are returned. The
 * referral that brought the client completes with it, in the same transaction.
 */
export async function publishOnboarding({
  onboardingId,
  input,
  actor,
}: {
  onboardingId: string;
  input: PublishInput;
  actor: Actor | null;
}): Promise<PublishResult> {
  const parsed = publishSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, message: PUBLISH_MESSAGES.invalidForm, fieldErrors: fieldErrors(parsed.error) };
  const { menuUrl, androidUrl, iosUrl, confirmOpenSteps } = parsed.data;
  return getDb().transaction(async (tx) => {
    const found = await lockOnboarding(tx, onboardingId);
    if (!found) return { ok: false, message: ONBOARDING_MESSAGES.notFound };
    const { onboarding } = found;
    if (onboarding.status === "publicado")
      return { ok: false, message: ONBOARDING_MESSAGES.alreadyPublished };
    const open = await tx
      .select({ label: onboardingItems.label })
      .from(onboardingItems)
      .where(and(eq(onboardingItems.onboardingId, onboarding.id), isNull(onboardingItems.doneAt)))
      .orderBy(asc(onboardingItems.position));
    if (open.length && !confirmOpenSteps)
      return {
        ok: false,
        message: PUBLISH_MESSAGES.confirmOpenSteps(open.length),
        openSteps: open.map((i) => i.label),
      };
    const publishedOn = clockToday();
    const taken = Math.max(0, businessDaysBetween(onboarding.openedOn, publishedOn));
    const [published] = await tx
      .update(onboardings)
      .set({
        status: "publicado",
        publishedAt: now(),
        publishedOn,
        publishedById: actor?.id ?? null,
        publishedByName: actor?.name ?? null,
        businessDaysTaken: taken,
        openStepsAtPublish: open.length,
        menuUrl,
        androidUrl,
        iosUrl,
        updatedAt: now(),
      })
      .where(eq(onboardings.id, onboarding.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: "onboarding.published",
      entityType: "onboarding",
      entityId: onboarding.id,
      entityLabel: found.clientName,
      changes: {
        status: [onboarding.status, "publicado"],
        diasUteis: [null, taken],
        etapasEmAberto: [null, open.length],
        cardapio: [null, menuUrl],
        ...(androidUrl ? { appAndroid: [null, androidUrl] } : {}),
        ...(iosUrl ? { appIos: [null, iosUrl] } : {}),
      },
    });
    // The referral that brought the client completes in this same transaction.
    // Its subscribers: the referral is completed and its commission becomes payable.
    await emit(
      tx,
      "onboarding.published",
      { onboardingId: onboarding.id, clientId: onboarding.clientId },
      { actor },
    );
    return { ok: true, value: published };
  });
}

export interface OnboardingView extends Onboarding {
  clientName: string;
  businessName: string;
  health: OnboardingHealth;
  /** Business days left to the due date (negative when late); null once published. */
  daysLeft: number | null;
  items: OnboardingItem[];
}

export async function itemsOf(ids: string[]): Promise<Map<string, OnboardingItem[]>> {
  const map = new Map<string, OnboardingItem[]>();
  if (!ids.length) return map;
  const rows = await getDb()
    .select()
    .from(onboardingItems)
    .where(sql`${onboardingItems.onboardingId} in ${ids}`)
    .orderBy(asc(onboardingItems.position));
  for (const r of rows) map.set(r.onboardingId, [...(map.get(r.onboardingId) ?? []), r]);
  return map;
}

export function toView(
  row: Onboarding & { clientName: string; businessName: string },
  items: OnboardingItem[],
  today: string,
): OnboardingView {
  return {
    ...row,
    items,
    health: onboardingHealth(row, today),
    daysLeft: row.status === "publicado" ? null : businessDaysBetween(today, row.dueDate),
  };
}

/** The client page's section: the client's onboarding with its checklist, or null. */
export async function getClientOnboarding({
  clientId,
  today = clockToday(),
}: {
  clientId: string;
  today?: string;
}): Promise<OnboardingView | null> {
  if (!isId(clientId)) return null;
  const [row] = await getDb()
    .select({ ...onboardingColumns, clientName: clients.name, businessName: clients.businessName })
    .from(onboardings)
    .innerJoin(clients, eq(clients.id, onboardings.clientId))
    .where(eq(onboardings.clientId, clientId));
  if (!row) return null;
  return toView(row, (await itemsOf([row.id])).get(row.id) ?? [], today);
}

export const onboardingColumns = {
  id: onboardings.id,
  clientId: onboardings.clientId,
  source: onboardings.source,
  chargeId: onboardings.chargeId,
  openedOn: onboardings.openedOn,
  openedAt: onboardings.openedAt,
  openedById: onboardings.openedById,
  openedByName: onboardings.openedByName,
  dueDate: onboardings.dueDate,
  targetDate: onboardings.targetDate,
  atRiskOn: onboardings.atRiskOn,
  status: onboardings.status,
  publishedAt: onboardings.publishedAt,
  publishedOn: onboardings.publishedOn,
  publishedById: onboardings.publishedById,
  publishedByName: onboardings.publishedByName,
  businessDaysTaken: onboardings.businessDaysTaken,
  menuUrl: onboardings.menuUrl,
  androidUrl: onboardings.androidUrl,
  iosUrl: onboardings.iosUrl,
  openStepsAtPublish: onboardings.openStepsAtPublish,
  createdAt: onboardings.createdAt,
  updatedAt: onboardings.updatedAt,
};
