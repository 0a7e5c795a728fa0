import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { leads, plans, referrals } from "~/db/schema";
import type { FieldErrors } from "~/lib/validation";
import { checkForm, type FormFields } from "~/server/http/form.server";
import { emit } from "~/modules/events/index.server";
import { untilPublicContentChanges } from "~/server/cache/public-content.server";
import { EMPTY_ATTRIBUTION, type Attribution } from "~/modules/site/index.server";
import {
  isAlreadyReferred,
  lockReferralPhone,
  findRepresentativeByCode,
} from "~/modules/referrals/index.server";
import { currentPrivacyVersion } from "~/modules/legal/index.server";
import {
  CONTACT_FIELDS,
  HONEYPOT_FIELD,
  PLAN_REPRESENTATIVE,
  PLAN_REPRESENTATIVE_LABEL,
  PLAN_UNSURE,
  PLAN_UNSURE_LABEL,
  type ContactValues,
} from "./contact.options";
import { CONTACT_MESSAGES, ContactSchema, type ContactInput } from "./contact.schema";
import { now as clockNow } from "~/server/clock.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The select's value as the lead stores it (SPEC §3: readable, never the raw value): the plan's
 * name, or a text for 'unsure'/'representative'. Null when the value names no plan.
 */
export async function resolvePlanChoice({ value }: { value: string }): Promise<PlanChoice | null> {
  if (value === PLAN_UNSURE) return { plan: PLAN_UNSURE_LABEL, isRepresentative: false };
  if (value === PLAN_REPRESENTATIVE) return { plan: PLAN_REPRESENTATIVE_LABEL, isRepresentative: true };
  if (!UUID.test(value)) return null;
  // The plans as of the last public-content change (every plan write announces one); an id not
  // among them is looked up, so a plan created a moment ago on another path is still found.
  const row =
    (await knownPlans()).get(value) ??
    (
      await getDb()
        .select({ id: plans.id, name: plans.name, commissionCents: plans.commissionCents })
        .from(plans)
        .where(eq(plans.id, value))
        .limit(1)
    )[0];
  return row
    ? {
        plan: row.name,
        isRepresentative: false,
        chosenPlan: { id: row.id, name: row.name, commissionCents: row.commissionCents },
      }
    : null;
}

const knownPlans = untilPublicContentChanges(async () => {
  const rows = await getDb()
    .select({ id: plans.id, name: plans.name, commissionCents: plans.commissionCents })
    .from(plans);
  return new Map(rows.map((r) => [r.id, r]));
});

export interface PlanChoice {
  plan: string;
  isRepresentative: boolean;
  /** The plan picked in the select (absent for 'unsure'/'representative'). */
  chosenPlan?: { id: string; name: string; commissionCents: number | null };
}

/**
 * SPEC §7 contatos insert: status and status_funil 'novo', created_at set now. The `lead.created`
 * event (admin alert, webhooks) is published in the same transaction.
 */
export async function createLead({
  input,
  plan,
  isRepresentative,
  attribution,
  privacyNotice = null,
  chosenPlan,
  referralCode = null,
}: {
  /** The WhatsApp box is optional for every other caller (wizard, tests): unticked. */
  input: Omit<ContactInput, "whatsappConsent"> & { whatsappConsent?: boolean };
  plan: string;
  isRepresentative: boolean;
  chosenPlan?: PlanChoice["chosenPlan"];
  /** The code of the representative link the visitor opened (cookie); unknown codes are ignored. */
  referralCode?: string | null;
  attribution: Attribution | null;
  /** The privacy notice the form showed (LGPD): when it was accepted by sending, and its version. */
  privacyNotice?: { at: Date; version: string } | null;
}) {
  const now = clockNow();
  return getDb().transaction(async (tx) => {
    // Sent after opening a representative's link: the lead names them, and a referral in
    // analise is created for them unless the establishment was already referred or is a client
    // (checked before this lead exists; the first representative keeps the credit). Someone
    // asking to become a representative is not an establishment: no referral.
    const rep = referralCode ? await findRepresentativeByCode(referralCode, tx) : null;
    let newReferral = false;
    if (rep && !isRepresentative) {
      await lockReferralPhone(tx, input.phone);
      newReferral = !(await isAlreadyReferred(tx, input.phone));
    }
    const [row] = await tx
      .insert(leads)
      .values({
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        business: input.business,
        plan,
        message: input.message,
        isRepresentative,
        status: "novo",
        statusFunil: "novo",
        ...(attribution ?? EMPTY_ATTRIBUTION),
        privacyNoticeAt: privacyNotice?.at ?? null,
        privacyNoticeVersion: privacyNotice?.version ?? null,
        whatsappConsentAt: input.whatsappConsent ? now : null,
        referredById: rep?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: leads.id });
    if (rep && newReferral) {
      await tx.insert(referrals).values({
        representativeId: rep.id,
        leadId: row.id,
        businessName: input.business,
        contactName: input.name,
        contactPhone: input.phone,
        planId: chosenPlan?.id ?? null,
        // The same snapshot as the wizard's; without a plan the rule's default applies.
        planName: chosenPlan?.name ?? null,
        commissionCents: chosenPlan?.commissionCents ?? null,
        status: "analise",
        createdAt: now,
        updatedAt: now,
      });
    }
    await emit(tx, "lead.created", { leadId: row.id });
    return row;
  });
}

export type ContactResult =
  | { kind: "created"; id: string }
  | { kind: "bot" }
  | { kind: "invalid"; fieldErrors: FieldErrors; values: ContactValues };

/**
 * The contact form end to end: honeypot, validation (SPEC §5 plus length limits and an e-mail
 * check), plan resolution and the insert. A bot or bad input stores nothing.
 */
export async function submitContactForm({
  fields: raw,
  attribution,
  referralCode = null,
}: {
  /** The form's text fields, as the one form pipeline reads them (readForm). */
  fields: FormFields;
  attribution: Attribution | null;
  referralCode?: string | null;
}): Promise<ContactResult> {
  if ((raw[HONEYPOT_FIELD] ?? "").trim() !== "") return { kind: "bot" };
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((f) => [f, (raw[f] ?? "").slice(0, 4000)]),
  ) as ContactValues;
  const parsed = checkForm(values, ContactSchema, (errors) => errors);
  if (!parsed.ok) return { kind: "invalid", fieldErrors: parsed.reply, values };
  const choice = await resolvePlanChoice({ value: parsed.data.plan });
  if (!choice) return { kind: "invalid", fieldErrors: { plan: CONTACT_MESSAGES.planInvalid }, values };
  // The notice next to the form links to the policy in force now: its version goes with the lead.
  const privacyNotice = { at: clockNow(), version: await currentPrivacyVersion() };
  const row = await createLead({ input: parsed.data, ...choice, attribution, privacyNotice, referralCode });
  return { kind: "created", id: row.id };
}
