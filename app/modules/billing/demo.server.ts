import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "~/db/client.server";
import { billingSettings } from "~/db/schema";
import { addDays, addMonths } from "~/lib/dates";
import { RENEWAL_MONTHS } from "~/modules/clients/clients.schema";
import type { RenewalType } from "~/modules/clients/clients.constants";
import { DEMO_ONE_OFF_CHARGES, DEMO_PIX } from "~/server/dev-data/demo-business-content";
import { insertPastCharges, type PastCharge } from "./billing.server";

const METHODS = ["pix", "pix", "pix", "transferência", "pix", "cartão", "pix", "dinheiro"] as const;

/**
 * A demo subscription's charges: its first period (with the activation fee) and each renewal up
 * to its end date, paid up to two days after their due dates (early when the period has not
 * begun); then, for a running subscription whose end is within the renewal lead time (10 days),
 * the next period's charge: open, or vencida once its due date has passed.
 */
function subscriptionCharges(d: {
  clientId: string;
  subscriptionId: string;
  plan: { name: string; priceCents: number };
  setupFeeCents: number;
  renewalType: RenewalType;
  start: string;
  end: string;
  renews: boolean;
  today: string;
  index: number;
}): PastCharge[] {
  const step = RENEWAL_MONTHS[d.renewalType];
  const months = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7));
  const paid = Math.max(1, Math.round((months(d.end) - months(d.start)) / step));
  const out: PastCharge[] = [];
  // Counted back from the end date, so the next period starts exactly there (as the renewal job's
  // unique key expects) even when a month's last days are clamped.
  for (let k = 0; k <= paid; k++) {
    const next = k === paid;
    const start = k === 0 ? d.start : next ? d.end : addMonths(d.end, -(paid - k) * step);
    const issuedOn = k === 0 ? start : addDays(start, -10);
    if (next && (!d.renews || issuedOn > d.today)) break;
    const due = addDays(start, (d.index + k) % 3);
    out.push({
      clientId: d.clientId,
      subscriptionId: d.subscriptionId,
      issuedOn,
      dueDate: start,
      period: {
        plan: d.plan,
        renewalType: d.renewalType,
        start,
        activationFeeCents: k === 0 ? d.setupFeeCents : 0,
        renewal: k > 0,
      },
      outcome: next
        ? { status: start < d.today ? "vencida" : "pendente" }
        : {
            status: "paga",
            paidOn: due > d.today ? d.today : due,
            method: METHODS[(d.index + k) % METHODS.length],
          },
    });
  }
  return out;
}

/**
 * Financeiro of the demo business (issue 29 item 7), right after seedDemoBusiness made its
 * clients and subscriptions: every subscription's charges, two one-off charges (one open, one
 * cancelled), and a demonstration PIX key, labelled as such in Configurações → Financeiro. Made
 * by billing's own code (insertPastCharges), so numbers, lines and txids are what the rules make.
 */
export async function seedDemoBilling(tx: DbOrTx, today: string): Promise<void> {
  const subs = await queryRows<{
    id: string;
    client_id: string;
    email: string;
    start_date: string;
    end_date: string;
    status: string;
    renewal_type: RenewalType;
    no_billing: boolean;
    plan_name: string;
    price_cents: number;
    setup_fee_cents: number;
  }>(
    tx,
    sql`select s.id, s.client_id, c.email, s.start_date::text as start_date, s.end_date::text as end_date,
               s.status, s.renewal_type, s.no_billing, p.name as plan_name, p.price_cents, p.setup_fee_cents
          from subscriptions s join clients c on c.id = s.client_id join plans p on p.id = s.plan_id
         order by c.created_at, s.id`,
  );
  const past: PastCharge[] = subs
    .filter((s) => !s.no_billing)
    .flatMap((s, index) =>
      subscriptionCharges({
        clientId: s.client_id,
        subscriptionId: s.id,
        plan: { name: s.plan_name, priceCents: Number(s.price_cents) },
        setupFeeCents: Number(s.setup_fee_cents),
        renewalType: s.renewal_type,
        start: s.start_date,
        end: s.end_date,
        renews: s.status === "ativa",
        today,
        index,
      }),
    );
  const clientOf = new Map(subs.map((s) => [s.email, s.client_id]));
  for (const o of DEMO_ONE_OFF_CHARGES) {
    const clientId = clientOf.get(o.client);
    if (!clientId) continue;
    past.push({
      clientId,
      subscriptionId: null,
      issuedOn: addDays(today, -o.issuedDaysAgo),
      dueDate: addDays(today, o.dueIn),
      oneOff: { description: o.description, amountCents: o.amountCents },
      outcome: o.cancelReason ? { status: "cancelada", reason: o.cancelReason } : { status: "pendente" },
    });
  }
  // Numbered in the order they were issued, as the real ones are.
  past.sort((a, b) => a.issuedOn.localeCompare(b.issuedOn));
  await insertPastCharges(tx, past);
  // The Central Bank's example random key: every open charge shows a copia e cola and a QR.
  await tx
    .insert(billingSettings)
    .values({ id: 1, ...DEMO_PIX, pixKeyIsDemo: true })
    .onConflictDoNothing();
}
