// One thing: issuing charges (DESIGN §9). The first charge of a subscription, the renewals and a
// one-off all go through the same yearly numbering, the same row and lines, and the same audit
// entry, each in the transaction of the change that causes it. Payments (payments.server),
// cancellation (reversals), a new amount (charge-amount), the overdue job (overdue) and the reads
// (charge-reads) live beside it; "today" comes from the clock.
import { eq, sql } from "drizzle-orm";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { chargeLines, charges, clients } from "~/db/schema";
import { addDays, addMonths, isoToBrDate } from "~/lib/dates";
import { isId } from "~/lib/ids";
import { recordAudit, recordAudits, type Actor, type AuditEntry } from "~/modules/audit/index.server";
import type { BillingResult, Charge } from "./charge-lock.server";
import { RENEWAL_LABELS, RENEWAL_MONTHS } from "~/modules/clients/clients.schema";
import { applyPendingPlanChange } from "~/modules/clients/index.server";
import type { RenewalType } from "~/modules/clients/clients.constants";
import { emit, emitMany } from "~/modules/events/index.server";
import { now, today as clockToday } from "~/server/clock.server";
import {
  DEFAULT_FIRST_CHARGE_BUSINESS_DAYS,
  DEFAULT_RENEWAL_DAYS_BEFORE,
  type ChargeLineKind,
  type ChargeOrigin,
} from "./billing.constants";
import { ACTIVATION_FEE_DESCRIPTION, BILLING_MESSAGES } from "./billing.messages";
import { firstChargeDueDate } from "./due-dates";
import { pixTxidFor } from "./pix-code";
import { getBillingSettings } from "./settings.server";
import { applyCredits, clientsWithCredits } from "./credits.server";

export type { BillingResult, Charge };

export interface NewLine {
  kind: ChargeLineKind;
  description: string;
  amountCents: number;
}

/** A charge's amount at issue: the sum of its lines (no discount yet). */
export const linesTotal = (lines: readonly Pick<NewLine, "amountCents">[]) =>
  lines.reduce((sum, l) => sum + l.amountCents, 0);

/** "2026-000123": the year of issue and the year's next counter value (one row lock per year). */
async function nextChargeNumber(tx: DbOrTx, year: number, count = 1): Promise<string[]> {
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`insert into charge_number_counters (year, last) values (${year}, ${count})
        on conflict (year) do update set last = charge_number_counters.last + ${count}
        returning last`,
  );
  const last = Number(row.last);
  return Array.from({ length: count }, (_, i) => `${year}-${String(last - count + 1 + i).padStart(6, "0")}`);
}

const yearOf = (iso: string) => Number(iso.slice(0, 4));

/** The period a subscription charge covers: from its start to the day before the next one. */
export function periodFor(start: string, renewalType: RenewalType) {
  const next = addMonths(start, RENEWAL_MONTHS[renewalType]);
  return { periodStart: start, periodEnd: addDays(next, -1), next };
}

export function monthlyLine(
  plan: { name: string; priceCents: number },
  renewalType: RenewalType,
  start: string,
) {
  const { periodEnd } = periodFor(start, renewalType);
  return {
    kind: "mensalidade" as const,
    description: `Plano ${plan.name} · ${RENEWAL_LABELS[renewalType]} · ${isoToBrDate(start)} a ${isoToBrDate(periodEnd)}`,
    amountCents: plan.priceCents * RENEWAL_MONTHS[renewalType],
  };
}

/**
 * The renewal charge of the period starting at a subscription's end (`endDate`), at `plan` (the one
 * in force then: a scheduled plan change, else the current plan): its period, due date (the
 * period's first day) and line. What the renewal job issues and what "Próxima cobrança"
 * (next-charge.server) announces before it is issued, so the two cannot disagree.
 */
export function renewalCharge(
  plan: { name: string; priceCents: number },
  renewalType: RenewalType,
  endDate: string,
) {
  const { periodStart, periodEnd } = periodFor(endDate, renewalType);
  return { periodStart, periodEnd, dueDate: periodStart, lines: [monthlyLine(plan, renewalType, endDate)] };
}

/** A first charge has its period's line and, maybe, the activation fee; never a one-off line. */
export type FirstChargeLine = NewLine & { kind: Extract<ChargeLineKind, "mensalidade" | "ativação"> };

/**
 * The lines of a subscription's first charge: its first period at the plan's price × the renewal
 * type's months, plus the plan's activation fee when this is the client's first subscription
 * (never on renewals or plan changes). Also what the conversion dialog announces before it is
 * issued, so the two cannot disagree.
 */
export function firstChargeLines({
  plan,
  renewalType,
  start,
  firstSubscription,
}: {
  plan: { name: string; priceCents: number; setupFeeCents: number };
  renewalType: RenewalType;
  start: string;
  firstSubscription: boolean;
}): FirstChargeLine[] {
  const lines: FirstChargeLine[] = [monthlyLine(plan, renewalType, start)];
  if (firstSubscription && plan.setupFeeCents > 0)
    lines.push({
      kind: "ativação",
      description: ACTIVATION_FEE_DESCRIPTION,
      amountCents: plan.setupFeeCents,
    });
  return lines;
}

interface IssueInput {
  clientId: string;
  subscriptionId: string | null;
  origin: ChargeOrigin;
  periodStart: string | null;
  periodEnd: string | null;
  dueDate: string;
  lines: NewLine[];
  extendsSubscription: boolean;
  number: string;
}

function chargeRow(input: IssueInput) {
  const subtotal = linesTotal(input.lines);
  return {
    number: input.number,
    clientId: input.clientId,
    subscriptionId: input.subscriptionId,
    origin: input.origin,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    dueDate: input.dueDate,
    subtotalCents: subtotal,
    discountCents: 0,
    amountCents: subtotal,
    extendsSubscription: input.extendsSubscription,
    pixTxid: pixTxidFor(input.number),
    // Issued at the injectable clock's instant ("Emitida em"), like every other date of a charge.
    createdAt: now(),
    updatedAt: now(),
  };
}

async function insertCharge(tx: DbOrTx, input: IssueInput): Promise<Charge> {
  const [charge] = await tx.insert(charges).values(chargeRow(input)).returning();
  await tx
    .insert(chargeLines)
    .values(input.lines.map((l, i) => ({ ...l, chargeId: charge.id, position: i + 1 })));
  return charge;
}

/**
 * A batch of charges in two statements (charges, then their lines). A subscription period that
 * is already charged (another instance of the job got there first) is skipped by its unique key
 * instead of failing the batch. Returns the charges inserted, each with what it was made from.
 */
async function insertChargesOnce(
  tx: DbOrTx,
  inputs: IssueInput[],
): Promise<{ charge: Charge; input: IssueInput }[]> {
  if (!inputs.length) return [];
  const rows = await tx.insert(charges).values(inputs.map(chargeRow)).onConflictDoNothing().returning();
  const byNumber = new Map(inputs.map((i) => [i.number, i]));
  const made = rows.map((charge) => ({ charge, input: byNumber.get(charge.number)! }));
  const lines = made.flatMap(({ charge, input }) =>
    input.lines.map((l, i) => ({ ...l, chargeId: charge.id, position: i + 1 })),
  );
  if (lines.length) await tx.insert(chargeLines).values(lines);
  return made;
}

function issuedEntry(charge: Charge, lines: NewLine[], actor: Actor | null, label: string): AuditEntry {
  return {
    actor,
    action: "charge.created",
    entityType: "charge",
    entityId: charge.id,
    entityLabel: `${charge.number} · ${label}`,
    changes: {
      numero: [null, charge.number],
      valor: [null, charge.amountCents],
      vencimento: [null, charge.dueDate],
      periodo: [null, charge.periodStart ? `${charge.periodStart} a ${charge.periodEnd}` : null],
      itens: [null, lines.map((l) => `${l.description}: ${l.amountCents}`).join("; ")],
    },
  };
}

async function auditIssued(tx: DbOrTx, charge: Charge, lines: NewLine[], actor: Actor | null, label: string) {
  await recordAudit(tx, issuedEntry(charge, lines, actor, label));
  await emit(tx, "charge.created", { chargeId: charge.id });
}

/**
 * The first charge of a subscription, in the transaction (`tx`) that created it (which holds the
 * client's row locked when the client existed before, see addSubscription): the lines of
 * `firstChargeLines`. Nothing for a "sem cobrança" subscription. Due "Prazo da primeira cobrança"
 * business days after today, or on the period's start if that is later (firstChargeDueDate).
 */
export async function issueFirstCharge(
  tx: DbOrTx,
  {
    subscriptionId,
    actor = null,
    today = clockToday(),
  }: { subscriptionId: string; actor?: Actor | null; today?: string },
): Promise<Charge | null> {
  const [row] = await queryRows<{
    client_id: string;
    client_name: string;
    start_date: string;
    renewal_type: RenewalType;
    no_billing: boolean;
    plan_name: string;
    price_cents: number;
    setup_fee_cents: number;
    first: boolean;
  }>(
    tx,
    sql`select s.client_id, c.name as client_name, s.start_date::text as start_date, s.renewal_type,
               s.no_billing, p.name as plan_name, p.price_cents, p.setup_fee_cents,
               not exists (select 1 from subscriptions o where o.client_id = s.client_id and o.id <> s.id)
               and not exists (select 1 from charges ch join charge_lines l on l.charge_id = ch.id
                                where ch.client_id = s.client_id and l.kind = 'ativação') as first
          from subscriptions s
          join clients c on c.id = s.client_id
          join plans p on p.id = s.plan_id
         where s.id = ${subscriptionId}`,
  );
  if (!row || row.no_billing) return null;
  const lines = firstChargeLines({
    plan: {
      name: row.plan_name,
      priceCents: Number(row.price_cents),
      setupFeeCents: Number(row.setup_fee_cents),
    },
    renewalType: row.renewal_type,
    start: row.start_date,
    firstSubscription: row.first,
  });
  const { periodStart, periodEnd } = periodFor(row.start_date, row.renewal_type);
  const businessDays =
    (await getBillingSettings(tx))?.firstChargeBusinessDays ?? DEFAULT_FIRST_CHARGE_BUSINESS_DAYS;
  const [number] = await nextChargeNumber(tx, yearOf(today));
  const charge = await insertCharge(tx, {
    clientId: row.client_id,
    subscriptionId,
    origin: "assinatura",
    periodStart,
    periodEnd,
    dueDate: firstChargeDueDate(today, periodStart, businessDays),
    lines,
    // The first period is the subscription's own: paying it changes no date.
    extendsSubscription: false,
    number,
  });
  await auditIssued(tx, charge, lines, actor, row.client_name);
  return charge;
}

// Subscriptions per transaction: each batch is a few bulk statements (charges, lines, audit) and
// one event per charge; bench/billing-renewals.ts measures it at 100 000 subscriptions.
const RENEWAL_BATCH = 500;

/**
 * The daily renewal job's work: for every ativa or suspensa (a suspended subscription
 * keeps running, its service blocked until paid, so its next period is charged too; otherwise a
 * suspension paid after the period's end would leave it "Ativa" with nothing more to pay), billed
 * subscription whose period ends within
 * `daysBefore` days (from today on: past periods are never back-billed), the next period's
 * charge, at the plan's price of today. Batches lock their subscriptions with SKIP LOCKED and
 * skip periods already charged, and the unique key (subscription, period) backs that up (the
 * batch's insert skips a period charged meanwhile): two runs at once, or a rerun, issue each
 * charge once. Memory is one batch, whatever the number of subscriptions. Returns how many.
 */
export async function issueRenewalCharges({
  today = clockToday(),
  daysBefore,
}: { today?: string; daysBefore?: number } = {}): Promise<number> {
  const days = daysBefore ?? (await getBillingSettings())?.renewalDaysBefore ?? DEFAULT_RENEWAL_DAYS_BEFORE;
  let issued = 0;
  // Keyset over (end_date, id): each batch starts after the last one, so a run reads each
  // subscription once (rescanning the window from its start made the run quadratic). The
  // "already charged" check is a LATERAL probe of the (subscription, period) unique index, one
  // per row, whatever the planner believes about a charges table that grows during the run.
  // A row another run held (SKIP LOCKED) and then gave up is picked up by the next daily run.
  let after: { endDate: string; id: string } | null = null;
  for (;;) {
    const done: { seen: number; count: number; last: { endDate: string; id: string } | null } =
      await getDb().transaction(async (tx) => {
        const due = await queryRows<{
          id: string;
          client_id: string;
          client_name: string;
          end_date: string;
          renewal_type: RenewalType;
          plan_name: string;
          price_cents: number;
          pending_plan_id: string | null;
        }>(
          tx,
          // A plan change scheduled for the renewal: the next period is charged at it.
          sql`select s.id, s.client_id, c.name as client_name, s.end_date::text as end_date, s.renewal_type,
                   p.name as plan_name, p.price_cents, s.pending_plan_id
              from subscriptions s
              join clients c on c.id = s.client_id
              join plans p on p.id = coalesce(s.pending_plan_id, s.plan_id)
              left join lateral (select 1 as done from charges ch
                                  where ch.subscription_id = s.id and ch.origin = 'assinatura'
                                    and ch.period_start = s.end_date
                                  limit 1) charged on true
             where s.status in ('ativa', 'suspensa') and not s.no_billing and s.cancel_at is null
               and s.end_date >= ${today}::date and s.end_date <= ${today}::date + ${days}::int
               and ${after ? sql`(s.end_date, s.id) > (${after.endDate}::date, ${after.id}::uuid)` : sql`true`}
               and charged.done is null
             order by s.end_date, s.id
             limit ${RENEWAL_BATCH}
               for update of s skip locked`,
        );
        if (due.length === 0) return { seen: 0, count: 0, last: null };
        const numbers = await nextChargeNumber(tx, yearOf(today), due.length);
        const made = await insertChargesOnce(
          tx,
          due.map((s, i) => ({
            clientId: s.client_id,
            subscriptionId: s.id,
            origin: "assinatura" as const,
            ...renewalCharge(
              { name: s.plan_name, priceCents: Number(s.price_cents) },
              s.renewal_type,
              s.end_date,
            ),
            extendsSubscription: true,
            number: numbers[i],
          })),
        );
        // A client's credits are taken off its renewal as it is issued (audited before its issue's
        // entry, which then states the amount after them).
        const credited = await clientsWithCredits(
          tx,
          made.map(({ input }) => input.clientId),
        );
        for (const m of made) {
          if (!credited.has(m.input.clientId)) continue;
          const applied = await applyCredits(tx, m.charge.id, { announce: false });
          if (applied) {
            m.charge = applied.charge;
            m.input = { ...m.input, lines: [...m.input.lines, ...applied.lines] };
          }
        }
        // The scheduled plan changes of the periods just charged take effect on their first day.
        const pending = new Set(due.filter((s) => s.pending_plan_id).map((s) => s.id));
        for (const { input } of made) {
          if (pending.has(input.subscriptionId!))
            await applyPendingPlanChange(tx, {
              subscriptionId: input.subscriptionId!,
              periodStart: input.periodStart!,
            });
        }
        const names = new Map(due.map((s) => [s.id, s.client_name]));
        await recordAudits(
          tx,
          made.map(({ charge, input }) =>
            issuedEntry(charge, input.lines, null, names.get(input.subscriptionId!)!),
          ),
        );
        await emitMany(
          tx,
          "charge.created",
          made.map(({ charge }) => ({ chargeId: charge.id })),
        );
        const count = made.length;
        const tail = due[due.length - 1];
        return { seen: due.length, count, last: { endDate: tail.end_date, id: tail.id } };
      });
    issued += done.count;
    after = done.last;
    if (done.seen < RENEWAL_BATCH) return issued;
  }
}

/**
 * The prorated difference of a plan upgraded "Agora" (plan-change.server): a charge of one `ajuste`
 * line for the rest of the running period, due today, tied to the subscription but outside its
 * periods (origin avulsa: no renewal key, extends nothing), in the change's transaction.
 */
export async function issueAdjustmentCharge(
  tx: DbOrTx,
  {
    clientId,
    subscriptionId,
    period,
    line,
    actor = null,
    today = clockToday(),
  }: {
    clientId: string;
    subscriptionId: string;
    period: { start: string; end: string };
    line: NewLine & { kind: "ajuste" };
    actor?: Actor | null;
    today?: string;
  },
): Promise<Charge> {
  const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  const [number] = await nextChargeNumber(tx, yearOf(today));
  const charge = await insertCharge(tx, {
    clientId,
    subscriptionId,
    origin: "avulsa",
    periodStart: period.start,
    periodEnd: period.end,
    dueDate: today,
    lines: [line],
    extendsSubscription: false,
    number,
  });
  await auditIssued(tx, charge, [line], actor, client?.name ?? "");
  return charge;
}

export interface OneOffInput {
  description: string;
  amountCents: number;
  dueDate: string;
}

/** "Nova cobrança avulsa": a one-off charge of one line for a client. */
export async function createOneOffCharge({
  clientId,
  input,
  actor = null,
  today = clockToday(),
}: {
  clientId: string;
  input: OneOffInput;
  actor?: Actor | null;
  today?: string;
}): Promise<BillingResult<Charge>> {
  if (!isId(clientId)) return { ok: false, message: BILLING_MESSAGES.clientNotFound };
  return getDb().transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(eq(clients.id, clientId));
    if (!client) return { ok: false, message: BILLING_MESSAGES.clientNotFound };
    const lines: NewLine[] = [
      { kind: "avulsa", description: input.description, amountCents: input.amountCents },
    ];
    const [number] = await nextChargeNumber(tx, yearOf(today));
    const charge = await insertCharge(tx, {
      clientId,
      subscriptionId: null,
      origin: "avulsa",
      periodStart: null,
      periodEnd: null,
      dueDate: input.dueDate,
      lines,
      extendsSubscription: false,
      number,
    });
    await auditIssued(tx, charge, lines, actor, client.name);
    return { ok: true, value: charge };
  });
}
