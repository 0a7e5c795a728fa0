import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { onboardingItems, onboardings } from "~/db/schema";
import { businessDaysBetween } from "~/lib/business-days";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { now, today as clockToday } from "~/server/clock.server";
import { fieldErrors, type FieldErrors } from "~/lib/validation";
import { ONBOARDING_MESSAGES, PUBLISH_MESSAGES } from "./onboarding.constants";
import { publishSchema, type PublishInput } from "./onboarding.schema";
import { lockOnboarding, type Onboarding } from "./onboarding.server";

// "Publicar" apart from opening and ticking: it is the onboarding's end, with its own checks (the
// links, the open steps' confirmation) and the event whose subscribers complete the referral.

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
