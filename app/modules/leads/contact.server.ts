import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { leads, plans } from "~/db/schema";
import { fieldErrors, formToObject, type FieldErrors } from "~/lib/validation";
import { emit } from "~/modules/events/events.server";
import { EMPTY_ATTRIBUTION, type Attribution } from "~/modules/site/attribution.server";
import { currentPrivacyVersion } from "~/modules/privacy/privacy-settings.server";
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The select's value as the lead stores it (SPEC §3: readable, never the raw value): the plan's
 * name, or a text for 'unsure'/'representative'. Null when the value names no plan.
 */
export async function resolvePlanChoice({
  value,
}: {
  value: string;
}): Promise<{ plan: string; isRepresentative: boolean } | null> {
  if (value === PLAN_UNSURE) return { plan: PLAN_UNSURE_LABEL, isRepresentative: false };
  if (value === PLAN_REPRESENTATIVE) return { plan: PLAN_REPRESENTATIVE_LABEL, isRepresentative: true };
  if (!UUID.test(value)) return null;
  const [row] = await getDb().select({ name: plans.name }).from(plans).where(eq(plans.id, value)).limit(1);
  return row ? { plan: row.name, isRepresentative: false } : null;
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
}: {
  input: ContactInput;
  plan: string;
  isRepresentative: boolean;
  attribution: Attribution | null;
  /** The privacy notice the form showed (LGPD): when it was accepted by sending, and its version. */
  privacyNotice?: { at: Date; version: string } | null;
}) {
  const now = new Date();
  return getDb().transaction(async (tx) => {
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
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: leads.id });
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
  formData,
  attribution,
}: {
  formData: FormData;
  attribution: Attribution | null;
}): Promise<ContactResult> {
  const raw = formToObject(formData);
  if ((raw[HONEYPOT_FIELD] ?? "").trim() !== "") return { kind: "bot" };
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((f) => [f, (raw[f] ?? "").slice(0, 4000)]),
  ) as ContactValues;
  const parsed = ContactSchema.safeParse(values);
  if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrors(parsed.error), values };
  const choice = await resolvePlanChoice({ value: parsed.data.plan });
  if (!choice) return { kind: "invalid", fieldErrors: { plan: CONTACT_MESSAGES.planInvalid }, values };
  // The notice next to the form links to the policy in force now: its version goes with the lead.
  const privacyNotice = { at: new Date(), version: await currentPrivacyVersion() };
  const row = await createLead({ input: parsed.data, ...choice, attribution, privacyNotice });
  return { kind: "created", id: row.id };
}
