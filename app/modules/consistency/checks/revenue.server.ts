import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { formatIsoDate, formatMoney } from "~/lib/format";
import { monthBoundaries, revenueMonths, revenueNow } from "~/modules/revenue/index.server";
import { MRR_MOVEMENT_LABELS, MRR_MOVEMENTS } from "~/modules/revenue/revenue.constants";
import type { Difference } from "../consistency.constants";
import { balancesFromEvents, monthlyMovementsFromEvents } from "./revenue-history.server";

const money = formatMoney;

/**
 * Receita's "MRR" and "Clientes pagantes" (revenueNow, what the page's loader calls) against the
 * subscriptions table, and each subscription's monthly value against the net of its history.
 */
export async function checkRevenueNow(today: string): Promise<Difference[]> {
  // Per subscription: its monthly value by the subscriptions table, and by its history.
  // - The table: the plan's monthly price while it runs ('ativa'; a suspension is churn,
  //   docs/billing.md "Receita and billing"; 'sem cobrança' is worth 0), once started, and not past a
  //   "cancelar ao fim do período" date (cancel_at: no job flips the status then, the history's
  //   cancelamento dated that day ends the revenue).
  // - The history: the net of its events dated up to today. A plan change at renewal switches the
  //   row at once but dates its event on the new period's first day, possibly after today: such
  //   scheduled changes are taken back out of the table's value before comparing.
  const rows = await queryRows<{
    id: string;
    client_id: string;
    at_risk: boolean;
    table_value: number;
    history: number;
  }>(
    getDb(),
    sql`with hist as (
          select subscription_id,
                 coalesce(sum(mrr_after_cents - mrr_before_cents) filter (where effective_on <= ${today}::date), 0) as net,
                 coalesce(sum(mrr_after_cents - mrr_before_cents)
                            filter (where effective_on > ${today}::date and kind in ('troca_plano', 'troca_renovacao')), 0) as scheduled
            from subscription_events where subscription_id is not null
           group by subscription_id
        )
        select s.id, s.client_id,
               s.status = 'ativa' and exists (select 1 from charges c where c.subscription_id = s.id and c.status = 'vencida') as at_risk,
               (case when s.status = 'ativa' and not s.no_billing and s.start_date <= ${today}::date
                          and (s.cancel_at is null or s.cancel_at > ${today}::date)
                     then p.price_cents else 0 end
                - coalesce(h.scheduled, 0))::int as table_value,
               coalesce(h.net, 0)::int as history
          from subscriptions s
          join plans p on p.id = s.plan_id
          left join hist h on h.subscription_id = s.id
         order by s.client_id, s.id`,
  );
  const out: Difference[] = [];
  for (const r of rows.filter((r) => Number(r.table_value) !== Number(r.history)))
    out.push({
      check: "receita.assinatura",
      message: `Assinatura vale ${money(Number(r.table_value))}/mês pela tabela de assinaturas, mas ${money(Number(r.history))} pelo histórico até ${formatIsoDate(today)}`,
      ids: [r.id, r.client_id],
    });
  // Events of deleted subscriptions lose their subscription (set null); each deletion ends its
  // revenue with a fim, so what is left of them must net to 0 for every client.
  const orphans = await queryRows<{ client_id: string; net: number }>(
    getDb(),
    sql`select client_id, sum(mrr_after_cents - mrr_before_cents)::int as net
          from subscription_events
         where subscription_id is null and effective_on <= ${today}::date
         group by client_id having sum(mrr_after_cents - mrr_before_cents) <> 0
         order by client_id`,
  );
  for (const o of orphans)
    out.push({
      check: "receita.assinatura",
      message: `Histórico sem assinatura soma ${money(Number(o.net))}/mês para um cliente (assinatura excluída sem fim, ou evento avulso)`,
      ids: [o.client_id],
    });
  const perClient = new Map<string, number>();
  for (const r of rows) perClient.set(r.client_id, (perClient.get(r.client_id) ?? 0) + Number(r.table_value));
  const tableMrr = [...perClient.values()].reduce((a, b) => a + b, 0);
  const tablePaying = [...perClient.values()].filter((v) => v > 0).length;
  const now = await revenueNow({ today });
  if (now.mrrCents !== tableMrr)
    out.push({
      check: "receita.mrr",
      message: `Receita mostra MRR ${money(now.mrrCents)}; as assinaturas em vigor somam ${money(tableMrr)}`,
      ids: [],
    });
  // "MRR em risco": what running subscriptions with an overdue charge are worth.
  const atRisk = rows.filter((r) => r.at_risk).reduce((n, r) => n + Number(r.table_value), 0);
  if (now.atRiskCents !== atRisk)
    out.push({
      check: "receita.em_risco",
      message: `Receita mostra "MRR em risco" ${money(now.atRiskCents)}; as assinaturas com cobrança vencida valem ${money(atRisk)}`,
      ids: rows.filter((r) => r.at_risk).map((r) => r.id),
    });
  if (now.payingClients !== tablePaying)
    out.push({
      check: "receita.pagantes",
      message: `Receita mostra ${now.payingClients} clientes pagantes; as assinaturas em vigor dão ${tablePaying}`,
      ids: [],
    });
  return out;
}

/**
 * Each of Receita's twelve months (revenueMonths, what the page shows): start + movements = end,
 * and balances and movements equal those recomputed from subscription_events with plain SQL.
 */
export async function checkRevenueMonths(today: string): Promise<Difference[]> {
  const bounds = monthBoundaries(today);
  const [months, balances, moves] = await Promise.all([
    revenueMonths({ today }),
    balancesFromEvents(bounds),
    monthlyMovementsFromEvents({ from: bounds[0], to: bounds[bounds.length - 1] }),
  ]);
  const out: Difference[] = [];
  for (const [i, m] of months.entries()) {
    const mv = m.movements;
    const net = mv.novo.cents + mv.reativacao.cents + mv.expansao.cents - mv.contracao.cents - mv.churn.cents;
    if (m.startCents + net !== m.endCents)
      out.push({
        check: "receita.mes",
        message: `${m.month}: início ${money(m.startCents)} + movimentos ${money(net)} ≠ fim ${money(m.endCents)}`,
        ids: [],
      });
    for (const [label, shown, events] of [
      ["MRR no início", m.startCents, balances[i].mrr],
      ["MRR no fim", m.endCents, balances[i + 1].mrr],
    ] as const)
      if (shown !== events)
        out.push({
          check: "receita.mes",
          message: `${m.month}: ${label} ${money(shown)} na Receita, ${money(events)} pelo histórico`,
          ids: [],
        });
    for (const movement of MRR_MOVEMENTS) {
      const fromEvents = moves.find((x) => x.month === m.month && x.movement === movement) ?? {
        cents: 0,
        clients: 0,
      };
      if (mv[movement].cents !== fromEvents.cents || mv[movement].clients !== fromEvents.clients)
        out.push({
          check: "receita.mes",
          message: `${m.month}: ${MRR_MOVEMENT_LABELS[movement]} ${money(mv[movement].cents)} (${mv[movement].clients} cliente(s)) na Receita, ${money(fromEvents.cents)} (${fromEvents.clients}) pelo histórico`,
          ids: [],
        });
    }
  }
  return out;
}

/**
 * A client who paid a period is not churned in it: a paid subscription charge whose client has no
 * positive MRR in the history on the period's first day.
 */
export async function checkPaidPeriods(): Promise<Difference[]> {
  // The client's MRR on the period's first day is the net of its events dated up to that day (a
  // start dated on it counts: the first period starts with the subscription).
  const rows = await queryRows<{ id: string; number: string; client_id: string; period_start: string }>(
    getDb(),
    sql`select c.id, c.number, c.client_id, to_char(c.period_start, 'YYYY-MM-DD') as period_start
          from charges c
         where c.status = 'paga' and c.subscription_id is not null and c.period_start is not null
           and coalesce((select sum(e.mrr_after_cents - e.mrr_before_cents) from subscription_events e
                          where e.client_id = c.client_id and e.effective_on <= c.period_start), 0) <= 0
         order by c.period_start, c.id`,
  );
  return rows.map((r) => ({
    check: "receita.periodo_pago",
    message: `Cobrança ${r.number} paga para o período que começa em ${formatIsoDate(r.period_start)}, mas o cliente não tem MRR nesse dia`,
    ids: [r.id, r.client_id],
  }));
}

/**
 * A month counts at the price charged for it: a paid subscription charge's monthly value (its
 * mensalidade lines ÷ the months of its period; activation fees and one-off lines are not
 * recurring) against the subscription's monthly value in the history on the period's first day.
 */
export async function checkChargedPrices(): Promise<Difference[]> {
  // months: the period's length in whole months (period_end is the day before the next period),
  // from its days ÷ an average month: a period started on the 29th to 31st ends on a shorter
  // month's last day (30/08 + 6 months = 28/02), which age() counts as 5 months and 29 days.
  // history: the subscription's events up to the period's first day (a change at renewal is
  // dated on it, so the new price counts from the period it was charged for).
  const rows = await queryRows<{
    id: string;
    number: string;
    client_id: string;
    subscription_id: string;
    period_start: string;
    charged: number;
    history: number;
  }>(
    getDb(),
    sql`with paid as (
          select c.id, c.number, c.client_id, c.subscription_id, c.period_start,
                 (select sum(l.amount_cents) from charge_lines l
                   where l.charge_id = c.id and l.kind = 'mensalidade') as monthly_lines,
                 round((c.period_end + 1 - c.period_start) / 30.436875) as months
            from charges c
           where c.status = 'paga' and c.subscription_id is not null and c.period_start is not null
        )
        select p.id, p.number, p.client_id, p.subscription_id,
               to_char(p.period_start, 'YYYY-MM-DD') as period_start,
               round(p.monthly_lines / p.months)::int as charged,
               coalesce((select sum(e.mrr_after_cents - e.mrr_before_cents) from subscription_events e
                          where e.subscription_id = p.subscription_id and e.effective_on <= p.period_start), 0)::int as history
          from paid p
         where p.monthly_lines is not null and p.months > 0
         order by p.period_start, p.id`,
  );
  return rows
    .filter((r) => Number(r.charged) !== Number(r.history))
    .map((r) => ({
      check: "receita.preco_cobrado",
      message: `Cobrança ${r.number} (período de ${formatIsoDate(r.period_start)}) cobrou ${money(Number(r.charged))}/mês, mas o histórico conta ${money(Number(r.history))}/mês`,
      ids: [r.id, r.subscription_id, r.client_id],
    }));
}

export async function checkRevenue(today: string): Promise<Difference[]> {
  const paidPeriods = await checkPaidPeriods();
  // A charge whose client had no revenue at all is reported once, as such, not again for its price.
  const churnedCharges = new Set(paidPeriods.map((d) => d.ids[0]));
  const prices = (await checkChargedPrices()).filter((d) => !churnedCharges.has(d.ids[0]));
  return [...(await checkRevenueNow(today)), ...(await checkRevenueMonths(today)), ...paidPeriods, ...prices];
}
