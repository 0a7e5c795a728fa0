import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { clients, onboardingItems, onboardings } from "~/db/schema";
import { businessDaysBetween } from "~/lib/business-days";
import { isId } from "~/lib/ids";
import { today as clockToday } from "~/server/clock.server";
import type { OnboardingHealth } from "./onboarding.constants";
import { onboardingHealth, type Onboarding, type OnboardingItem } from "./onboarding.server";

// The onboarding as the pages read it: the client page's section and the board's views (with their
// health and the business days left), built from the same columns and checklist query.

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
