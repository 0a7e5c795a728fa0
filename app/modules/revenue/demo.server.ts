import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "~/db/client.server";
import { addDays, addMonths } from "~/lib/dates";
import { recordSubscriptionEvent, monthlyValueCents } from "~/modules/clients/index.server";

interface DemoSub {
  id: string;
  client_id: string;
  plan_id: string;
  price_cents: number;
  start_date: string;
  end_date: string;
  status: string;
  no_billing: boolean;
  renewal_type: string;
}

/**
 * The demo business's subscription history (issue 33 item 5), written with the same function as
 * real changes. The demo's subscriptions are inserted directly (dev-data knows no module), so
 * each gets its start; and, so that Receita shows every kind of movement on a first start, one
 * older client left last month and came back this month (reactivation), one started a plan lower
 * (expansion this month), one a plan higher (contraction this month), and the inactive ones end
 * (churn). The former clients, who came and left during the year, spread the story over twelve
 * months: the first moved up a plan three months in, the second down.
 */
export async function seedDemoRevenue(tx: DbOrTx, today: string): Promise<void> {
  const subs = await queryRows<DemoSub>(
    tx,
    sql`select s.id, s.client_id, s.plan_id, p.price_cents, s.start_date::text as start_date,
               s.end_date::text as end_date, s.status, s.no_billing, s.renewal_type
          from subscriptions s join plans p on p.id = s.plan_id
         order by s.start_date, s.id`,
  );
  const plans = await queryRows<{ id: string; price_cents: number }>(
    tx,
    sql`select id, price_cents from plans order by price_cents, id`,
  );
  const lower = (cents: number) => [...plans].reverse().find((p) => p.price_cents < cents);
  const higher = (cents: number) => plans.find((p) => p.price_cents > cents);
  // Movements are monthly: a change shows as expansion (not as a bigger "new") only in a later
  // month than the start, so the changes land in this month and the absence in the last one.
  const thisMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = addMonths(thisMonth, -1);
  const running = subs.filter((s) => s.status === "ativa" && !s.no_billing && s.start_date < thisMonth);
  type Story = { kind: "reactivation" | "expansion" | "contraction"; on: string };
  const story = new Map<string, Story>();
  const back = running.find((s) => s.start_date < lastMonth);
  if (back) story.set(back.id, { kind: "reactivation", on: thisMonth });
  const up = running.find((s) => !story.has(s.id) && lower(s.price_cents));
  if (up) story.set(up.id, { kind: "expansion", on: thisMonth });
  const down = running.find((s) => !story.has(s.id) && higher(s.price_cents));
  if (down) story.set(down.id, { kind: "contraction", on: thisMonth });
  // Former clients: a change on the first day of their fourth month, while they were still here.
  const former = subs.filter((s) => s.status !== "ativa" && !s.no_billing);
  const fourthMonth = (s: DemoSub) => addMonths(`${s.start_date.slice(0, 7)}-01`, 3);
  const formerUp = former.find((s) => lower(s.price_cents) && fourthMonth(s) < s.end_date);
  if (formerUp) story.set(formerUp.id, { kind: "expansion", on: fourthMonth(formerUp) });
  const formerDown = former.find(
    (s) => !story.has(s.id) && higher(s.price_cents) && fourthMonth(s) < s.end_date,
  );
  if (formerDown) story.set(formerDown.id, { kind: "contraction", on: fourthMonth(formerDown) });

  for (const s of subs) {
    const value = monthlyValueCents(s.price_cents, s.no_billing);
    const base = { clientId: s.client_id, subscriptionId: s.id, renewalType: s.renewal_type };
    const change = story.get(s.id)?.on ?? thisMonth;
    const kind = story.get(s.id)?.kind;
    if (kind === "expansion" || kind === "contraction") {
      const first = kind === "expansion" ? lower(s.price_cents)! : higher(s.price_cents)!;
      await recordSubscriptionEvent(tx, {
        ...base,
        kind: "inicio",
        effectiveOn: s.start_date,
        mrrBeforeCents: 0,
        mrrAfterCents: first.price_cents,
        planAfterId: first.id,
      });
      await recordSubscriptionEvent(tx, {
        ...base,
        kind: "troca_plano",
        effectiveOn: change,
        mrrBeforeCents: first.price_cents,
        mrrAfterCents: value,
        planBeforeId: first.id,
        planAfterId: s.plan_id,
      });
    } else {
      await recordSubscriptionEvent(tx, {
        ...base,
        kind: "inicio",
        effectiveOn: s.start_date,
        mrrBeforeCents: 0,
        mrrAfterCents: value,
        planAfterId: s.plan_id,
      });
    }
    if (kind === "reactivation") {
      // Left for a few weeks in the middle of its history, then came back on the same plan.
      const left = addDays(lastMonth, 2);
      await recordSubscriptionEvent(tx, {
        ...base,
        kind: "cancelamento",
        effectiveOn: left,
        mrrBeforeCents: value,
        mrrAfterCents: 0,
        planBeforeId: s.plan_id,
      });
      await recordSubscriptionEvent(tx, {
        ...base,
        kind: "inicio",
        effectiveOn: change,
        mrrBeforeCents: 0,
        mrrAfterCents: value,
        planAfterId: s.plan_id,
      });
    }
    if (s.status !== "ativa" && value > 0) {
      await recordSubscriptionEvent(tx, {
        ...base,
        kind: "fim",
        effectiveOn: s.end_date < today ? s.end_date : today,
        mrrBeforeCents: value,
        mrrAfterCents: 0,
        planBeforeId: s.plan_id,
      });
    }
  }
}
