import { randomUUID } from "node:crypto";
import { eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { leads, plans, referrals } from "~/db/schema";
import { fieldErrors, formToObject, type FieldErrors } from "~/lib/validation";
import { emit, emitManyWith } from "~/modules/events/events.server";
import { createBatcher } from "~/server/db-tools/batcher.server";
import { untilPublicContentChanges } from "~/server/cache/public-content.server";
import { EMPTY_ATTRIBUTION, type Attribution } from "~/modules/site/attribution.server";
import { isAlreadyReferred, lockReferralPhone } from "~/modules/referrals/duplicates.server";
import { findRepresentativeByCode } from "~/modules/referrals/referral-link.server";
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
  input: ContactInput;
  plan: string;
  isRepresentative: boolean;
  chosenPlan?: PlanChoice["chosenPlan"];
  /** The code of the representative link the visitor opened (cookie); unknown codes are ignored. */
  referralCode?: string | null;
  attribution: Attribution | null;
  /** The privacy notice the form showed (LGPD): when it was accepted by sending, and its version. */
  privacyNotice?: { at: Date; version: string } | null;
}) {
  // Most submissions carry no representative link: they are written in groups (group commit).
  if (!referralCode) {
    const done = await leadBatch({ input, plan, isRepresentative, attribution, privacyNotice });
    if ("error" in done) throw done.error;
    return { id: done.id };
  }
  const now = new Date();
  return getDb().transaction(async (tx) => {
    // Sent after opening a representative's link: the lead names them, and a referral in
    // analise is created for them unless the establishment was already referred or is a client
    // (checked before this lead exists; the first representative keeps the credit). Someone
    // asking to become a representative is not an establishment: no referral.
    const rep = await findRepresentativeByCode(referralCode, tx);
    let newReferral = false;
    if (rep && !isRepresentative) {
      await lockReferralPhone(tx, input.phone);
      newReferral = !(await isAlreadyReferred(tx, input.phone));
    }
    const [row] = await tx
      .insert(leads)
      .values(
        leadRow(
          { input, plan, isRepresentative, attribution, privacyNotice },
          { now, referredById: rep?.id ?? null },
        ),
      )
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

interface LeadDraft {
  input: ContactInput;
  plan: string;
  isRepresentative: boolean;
  attribution: Attribution | null;
  privacyNotice: { at: Date; version: string } | null;
}

/** SPEC §7 contatos insert: status and status_funil 'novo', created_at set now. */
function leadRow(d: LeadDraft, { now, referredById }: { now: Date; referredById: string | null }) {
  return {
    name: d.input.name,
    email: d.input.email.toLowerCase(),
    phone: d.input.phone,
    business: d.input.business,
    plan: d.plan,
    message: d.input.message,
    isRepresentative: d.isRepresentative,
    status: "novo" as const,
    statusFunil: "novo" as const,
    ...(d.attribution ?? EMPTY_ATTRIBUTION),
    privacyNoticeAt: d.privacyNotice?.at ?? null,
    privacyNoticeVersion: d.privacyNotice?.version ?? null,
    referredById,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Writes `drafts` as leads with their `lead.created` events in ONE statement (the insert as a CTE
 * of the job insert, emitManyWith): the rows and jobs N `createLead` calls would write, committed
 * together, in one round trip.
 */
async function insertLeads(drafts: LeadDraft[]): Promise<{ id: string }[]> {
  const now = new Date();
  const rows = drafts.map((d) => ({ id: randomUUID(), ...leadRow(d, { now, referredById: null }) }));
  await emitManyWith(
    getDb(),
    leadInsert(rows),
    "lead.created",
    rows.map((r) => ({ leadId: r.id })),
  );
  return rows.map((r) => ({ id: r.id }));
}

/** The leads table's column names by property name (`leadRow`'s keys). */
const LEAD_COLUMNS: Record<string, string> = Object.fromEntries(
  Object.entries(getTableColumns(leads)).map(([key, column]) => [key, column.name]),
);

/**
 * `insert into leads` of a batch with ONE JSON parameter (json_populate_recordset): what
 * `insert(leads).values(rows)` writes, without building and mapping a placeholder per column and
 * row in Node (the query builder was the largest part of the form's CPU under a burst). Dates go
 * as ISO strings (Date#toJSON), which PostgreSQL reads as timestamptz.
 */
function leadInsert(rows: Record<string, unknown>[]): SQL {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const names = keys.map((k) => {
    const name = LEAD_COLUMNS[k];
    if (!name) throw new Error(`leads has no column for ${k}`);
    return `"${name}"`;
  });
  const json = JSON.stringify(
    rows.map((r) => Object.fromEntries(keys.map((k) => [LEAD_COLUMNS[k], r[k] ?? null]))),
  );
  const cols = sql.raw(names.join(", "));
  return sql`insert into leads (${cols}) select ${cols} from json_populate_recordset(null::leads, ${json}::json)`;
}

/**
 * The contact form's group commit (issue 19 item 4): concurrent submissions share a transaction.
 * Each caller is answered only once its row has committed. If a batch fails, its drafts are
 * written one by one, so one bad row fails only its own submission.
 */
const leadBatch = createBatcher<LeadDraft, { id: string } | { error: unknown }>(async (drafts) => {
  try {
    return await insertLeads(drafts);
  } catch (err) {
    if (drafts.length === 1) return [{ error: err }];
    return Promise.all(
      drafts.map((d) =>
        insertLeads([d]).then(
          ([row]) => row,
          (error: unknown) => ({ error }),
        ),
      ),
    );
  }
});

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
  referralCode = null,
}: {
  formData: FormData | URLSearchParams;
  attribution: Attribution | null;
  referralCode?: string | null;
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
  const row = await createLead({ input: parsed.data, ...choice, attribution, privacyNotice, referralCode });
  return { kind: "created", id: row.id };
}
