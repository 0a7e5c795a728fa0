import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { todayInSaoPaulo } from "~/lib/dates";
import { signIn } from "~/modules/auth/session.server";
import { getDashboard } from "~/modules/dashboard/dashboard.server";
import { listMyReferrals } from "~/modules/referrals/portal.server";
import { buildDemoBusiness } from "~/modules/demo/demo.server";
import { getMrrFigure, revenueMonths, revenueNow } from "~/modules/revenue/revenue.server";
import { issueRenewalCharges } from "~/modules/billing/billing.server";
import { markOverdueCharges } from "~/modules/billing/overdue.server";
import { withChargePix } from "~/modules/billing/charge-pix.server";
import { chargeTotals, listCharges } from "~/modules/billing/list.server";
import { pixTxidFor } from "~/modules/billing/pix-code";
import { getBillingSettings } from "~/modules/billing/settings.server";
import { useTestDatabase } from "../../../tests/support/db";
import { checkConsistency } from "~/modules/consistency/index.server";
import { clockIsSet } from "~/server/clock.server";
import { seedDemoData } from "./demo.server";
import { listBoard, parseBoardFilters } from "~/modules/onboarding/board.server";
import { getPromiseFigures } from "~/modules/onboarding/promises.server";

// A first start shows a believable business, once, and never on top of data.
const t = useTestDatabase();

async function wipe() {
  await t.db.execute(sql`
    truncate leads, client_notes, subscriptions, clients, referrals, representatives, plans, blog_posts,
             settings, charge_lines, charges, charge_number_counters, billing_settings cascade`);
  await t.db.execute(sql`delete from "user" where role = 'representative'`);
}

describe("demo data on a first start", () => {
  it("adds leads in every stage, clients with subscriptions and a representative who can sign in", async () => {
    await wipe();
    const { created, business } = await seedDemoData({ business: true, build: buildDemoBusiness });
    expect(created).toEqual(["plans", "blog_posts", "settings", "demo_business"]);
    expect(business?.representativeEmail).toBe("representante@example.com");

    const stages = await queryRows<{ status_funil: string; n: number }>(
      t.db,
      sql`select status_funil, count(*)::int as n from leads group by 1 order by 1`,
    );
    expect(stages.map((s) => s.status_funil).sort()).toEqual(
      ["contatado", "convertido", "negociando", "novo", "perdido", "qualificado"].sort(),
    );
    // 30 from the site, 7 from the representative's referrals.
    expect(stages.reduce((sum, s) => sum + Number(s.n), 0)).toBe(37);

    const today = todayInSaoPaulo();
    const dashboard = await getDashboard({ today });
    // 10 current, 3 who left during the year, and 4 referrals converted into clients.
    expect(dashboard.clients?.total.value).toBe(17);
    // Subscriptions end within 7 days, each with its renewal charge issued and not yet paid…
    expect(dashboard.expiring.length).toBeGreaterThanOrEqual(2);
    for (const e of dashboard.expiring) {
      const [renewal] = await queryRows<{ status: string }>(
        t.db,
        sql`select status from charges where subscription_id = ${e.subscription_id} and period_start = ${e.end_date}::date`,
      );
      expect(renewal?.status, e.client_name).toMatch(/pendente|vencida/);
    }
    // …and one active subscription is already past its end (overdue).
    const [{ n: overdue }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from subscriptions where status = 'ativa' and end_date < ${today}::date`,
    );
    expect(Number(overdue)).toBe(1);
    const [{ n: notes }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from client_notes`,
    );
    expect(Number(notes)).toBeGreaterThanOrEqual(5);
    // Converted leads point at their client.
    const [{ n: linked }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from leads where status_funil = 'convertido' and converted_client_id is not null`,
    );
    expect(Number(linked)).toBe(8);
    // Every referral is a lead; the converted ones name their client, and the moves
    // that brought them there are the system's (no actor) on their history.
    const [pipeline] = await queryRows<{
      referrals: number;
      with_lead: number;
      with_client: number;
      moves: number;
    }>(
      t.db,
      sql`select count(*)::int as referrals, count(lead_id)::int as with_lead, count(client_id)::int as with_client,
            (select count(*)::int from audit_log where entity_type = 'referral' and actor_id is null) as moves
          from referrals`,
    );
    expect(pipeline).toMatchObject({ referrals: 7, with_lead: 7, with_client: 4 });
    expect(pipeline.moves).toBeGreaterThanOrEqual(8);

    // Onboardings in each state, and the promise figures filled in.
    const board = await listBoard({ filters: parseBoardFilters(new URLSearchParams()), today });
    const cards = board.flatMap((c) => c.rows.map((r) => `${c.status}:${r.health}`));
    // Cafeteria Grãos, past the promised date; the referral in production; the others published.
    // (Which of "no prazo" or "em risco" the recent one is depends on today's weekday.)
    const open = cards.filter((c) => !c.startsWith("publicado")).sort();
    expect(open).toHaveLength(2);
    expect(open[0]).toBe("em_andamento:atrasada");
    expect(open[1]).toMatch(/^em_andamento:(no_prazo|em_risco)$/);
    const promises = await getPromiseFigures({ today });
    expect(promises.windows[0].onboarding.published).toBeGreaterThanOrEqual(2);
    expect(promises.windows[1].leads.within24hShare).not.toBeNull();

    const { user } = await signIn(new Request("http://localhost/representante/login"), {
      email: business!.representativeEmail,
      password: business!.representativePassword,
      role: "representative",
    });
    const [rep] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from representatives where auth_id = ${user.id}`,
    );
    const mine = await listMyReferrals({ representativeId: rep.id });
    const statuses = new Set([...mine.inProgress, ...mine.completed].map((r) => r.status));
    expect([...statuses].sort()).toEqual(["aguardando_pagamento", "analise", "concluido", "producao"]);
  });

  it("shows Financeiro working: paid charges over past months, open ones, one overdue, one cancelled, a demo PIX key", async () => {
    const today = todayInSaoPaulo();
    const settings = await getBillingSettings();
    expect(settings).toMatchObject({ pixKeyIsDemo: true, pixKey: "123e4567-e12b-12d1-a456-426655440000" });

    const rows = await queryRows<{
      number: string;
      status: string;
      amount_cents: number;
      subtotal_cents: number;
      lines_cents: number;
      kinds: string;
      pix_txid: string;
      paid_on: string | null;
      origin: string;
      extends_subscription: boolean;
      client: string;
      due_date: string;
      cancel_reason: string | null;
    }>(
      t.db,
      sql`select ch.number, ch.status, ch.amount_cents, ch.subtotal_cents, ch.pix_txid, ch.paid_on::text as paid_on,
                 ch.origin, ch.extends_subscription, c.name as client, ch.due_date::text as due_date, ch.cancel_reason,
                 (select sum(amount_cents)::int from charge_lines l where l.charge_id = ch.id) as lines_cents,
                 (select string_agg(kind, ',' order by position) from charge_lines l where l.charge_id = ch.id) as kinds
            from charges ch join clients c on c.id = ch.client_id order by ch.number`,
    );
    const by = (status: string) => rows.filter((r) => r.status === status);
    // Paid over at least two past months…
    expect(by("paga").length).toBeGreaterThanOrEqual(10);
    expect(new Set(by("paga").map((r) => r.paid_on!.slice(0, 7))).size).toBeGreaterThanOrEqual(2);
    expect(by("paga").every((r) => r.paid_on! <= today)).toBe(true);
    // …open ones; overdue: the renewal the notes say is late, the first charge Aline has not paid
    // (her client is "Pendente"), and the referral's client who has not paid yet; cancelled: the
    // training the client declined, and what a client who stopped paying owed when it left.
    expect(by("pendente").length).toBeGreaterThanOrEqual(2);
    expect(
      by("vencida")
        .map((r) => r.client)
        .sort(),
    ).toEqual(["Aline Ferreira", "Carlos Eduardo Lima", "José Pereira"]);
    expect(by("vencida").every((r) => r.origin === "assinatura" && r.due_date < today)).toBe(true);
    expect(
      by("cancelada")
        .map((r) => r.cancel_reason)
        .sort(),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/treinamento/), "Contrato encerrado."]));
    // Consistent as the rules make them: numbers in sequence, txids from the numbers, amounts = lines,
    // the activation fee once per client on its first charge (Black has none).
    // (The sequence starts again each year: the demo's history reaches into last year.)
    for (const year of new Set(rows.map((r) => r.number.slice(0, 4)))) {
      const ofYear = rows.filter((r) => r.number.startsWith(`${year}-`)).map((r) => r.number);
      expect(ofYear).toEqual(ofYear.map((_, i) => `${year}-${String(i + 1).padStart(6, "0")}`));
    }
    expect(rows.every((r) => r.pix_txid === pixTxidFor(r.number))).toBe(true);
    expect(rows.every((r) => Number(r.lines_cents) === Number(r.subtotal_cents))).toBe(true);
    const fees = rows.filter((r) => r.kinds.includes("ativação"));
    expect(fees.every((r) => r.kinds === "mensalidade,ativação" && !r.extends_subscription)).toBe(true);
    expect(new Set(fees.map((r) => r.client)).size).toBe(fees.length);
    // One per client on Básico or Premium (Black has no activation fee).
    const [feePlans] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct s.client_id)::int as n from subscriptions s join plans p on p.id = s.plan_id
           where p.setup_fee_cents > 0`,
    );
    expect(fees.length).toBe(Number(feePlans.n));
    expect(fees.length).toBeGreaterThanOrEqual(8);

    // The Financeiro page: totals, and every open charge with its PIX copia e cola.
    const totals = await chargeTotals({});
    expect(totals.overdueCents).toBe(by("vencida").reduce((s, r) => s + Number(r.amount_cents), 0));
    expect(totals.receivedCents).toBe(by("paga").reduce((s, r) => s + Number(r.amount_cents), 0));
    const open = await listCharges({ filters: { status: "pendente" } });
    const shown = await withChargePix(settings, open.rows);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown.every((r) => r.pixCode?.includes("123e4567-e12b-12d1-a456-426655440000"))).toBe(true);
    // The daily jobs find nothing left to do: the demo is what they would have made.
    expect(await issueRenewalCharges({ today })).toBe(0);
    expect(await markOverdueCharges({ today })).toBe(0);
  });

  it("gives Receita a history with every kind of movement, its MRR equal to the active subscriptions' values", async () => {
    const today = todayInSaoPaulo();
    const [active] = await queryRows<{ total: number }>(
      t.db,
      sql`select coalesce(sum(p.price_cents), 0)::int as total from subscriptions s join plans p on p.id = s.plan_id
           where s.status = 'ativa' and not s.no_billing and s.start_date <= ${today}::date`,
    );
    const now = await revenueNow({ today });
    expect(now.mrrCents).toBe(Number(active.total));
    // The dashboard's MRR card says the same.
    expect((await getMrrFigure({ today })).mrrCents).toBe(Number(active.total));
    expect(now.mrrCents).toBeGreaterThan(0);
    const months = await revenueMonths({ today });
    for (const kind of ["novo", "expansao", "reativacao", "contracao", "churn"] as const) {
      expect(
        months.some((m) => m.movements[kind].clients > 0),
        kind,
      ).toBe(true);
    }
    // Twelve months of history: the oldest month has new business, and the
    // movements are spread over the year, not only over the last weeks.
    expect(months).toHaveLength(12);
    expect(months[0].movements.novo.clients).toBeGreaterThan(0);
    const withMovements = months.filter((m) => Object.values(m.movements).some((mv) => mv.clients > 0));
    expect(withMovements.length).toBeGreaterThanOrEqual(8);
    for (const kind of ["expansao", "contracao", "churn"] as const) {
      expect(
        months.slice(0, 9).some((m) => m.movements[kind].clients > 0),
        `${kind} before the last quarter`,
      ).toBe(true);
    }
    // Balances and activity agree month after month.
    for (const m of months) {
      const mv = m.movements;
      expect(
        m.startCents +
          mv.novo.cents +
          mv.expansao.cents +
          mv.reativacao.cents -
          mv.contracao.cents -
          mv.churn.cents,
      ).toBe(m.endCents);
    }
  });

  it("is consistent by construction, and e-mailed nobody", async () => {
    const today = todayInSaoPaulo();
    expect(await checkConsistency({ today })).toEqual([]);
    // Its e-mails are in the log as demonstration, and none is queued for delivery.
    const mails = await queryRows<{ status: string; n: number }>(
      t.db,
      sql`select status, count(*)::int as n from mail_messages group by 1`,
    );
    expect(mails.map((m) => m.status)).toEqual(["demonstracao"]);
    expect(Number(mails[0].n)).toBeGreaterThan(20);
    const [{ n: deliveries }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pgboss.job where name = 'mail.deliver'`,
    );
    expect(Number(deliveries)).toBe(0);
    // The clock is the system's again.
    expect(clockIsSet()).toBe(false);
  });

  it("creates nothing on a second start", async () => {
    expect(await seedDemoData({ business: true, build: buildDemoBusiness })).toEqual({ created: [] });
  });

  it("never adds the business to a database that has people in it, nor without the flag", async () => {
    await wipe();
    await t.db.execute(sql`
      insert into leads (name, email, phone, business, plan)
      values ('Real', 'real@cliente.dev', '(11) 98765-4321', 'Loja real', 'Básico')`);
    const withPeople = await seedDemoData({ business: true, build: buildDemoBusiness });
    expect(withPeople.created).toEqual(["plans", "blog_posts", "settings"]);
    expect(withPeople.business).toBeUndefined();

    await wipe();
    const contentOnly = await seedDemoData({ business: false });
    expect(contentOnly.created).toEqual(["plans", "blog_posts", "settings"]);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leads`);
    expect(Number(n)).toBe(0);
  });
});
