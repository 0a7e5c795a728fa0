import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/db/schema/auth";
import { clients, leads, payoutItems, payouts, plans, referrals, representatives } from "~/db/schema";
import * as dashboardRoute from "~/routes/admin/dashboard";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome } from "../../../tests/support/requests";
import { insertSubscriptions } from "../../../tests/support/subscriptions";

// The dashboard's "Hoje" block, by the injectable clock.
const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
// 15 May 2026, 10:00 in São Paulo.
const NOW = "2026-05-15T13:00:00Z";
const hoursAgo = (h: number) => new Date(new Date(NOW).getTime() - h * 3_600_000);
let admin = "";
let repId = "";

beforeAll(async () => {
  admin = await adminCookie();
  const lead = (
    name: string,
    stage: "novo" | "contatado" | "perdido",
    createdAt: Date,
    nextContactAt?: Date,
  ) => ({
    name,
    email: `${name.replace(/\s/g, ".").toLowerCase()}@exemplo.dev`,
    phone: "(11) 98888-7777",
    business: `Negócio ${name}`,
    plan: "Premium",
    statusFunil: stage,
    status: stage,
    createdAt,
    nextContactAt: nextContactAt ?? null,
  });
  await t.db
    .insert(leads)
    .values([
      lead("Antigo Sem Resposta", "novo", hoursAgo(25)),
      lead("Recente Sem Resposta", "novo", hoursAgo(2)),
      lead("Retorno Hoje", "contatado", hoursAgo(100), new Date("2026-05-15T21:00:00Z")),
      lead("Retorno Atrasado", "contatado", hoursAgo(100), new Date("2026-05-14T15:00:00Z")),
      lead("Retorno Amanha", "contatado", hoursAgo(100), new Date("2026-05-16T15:00:00Z")),
      lead("Perdido Com Data", "perdido", hoursAgo(100), new Date("2026-05-15T15:00:00Z")),
    ]);
  const [u] = await t.db
    .insert(user)
    .values({ id: randomUUID(), name: "Rita Rep", email: "rita.hoje@rep.dev", role: "representative" })
    .returning();
  const [rep] = await t.db
    .insert(representatives)
    .values({ name: "Rita Rep", email: "rita.hoje@rep.dev", authId: u.id })
    .returning();
  repId = rep.id;
  const referral = (
    businessName: string,
    status: "analise" | "concluido" | "producao",
    commissionCents = 0,
  ) => ({
    representativeId: rep.id,
    businessName,
    contactName: "Contato",
    contactPhone: "(11) 97777-6666",
    status,
    commissionCents,
  });
  const [, , , paid] = await t.db
    .insert(referrals)
    .values([
      referral("Pizzaria Em Análise", "analise"),
      referral("Bar Em Produção", "producao"),
      referral("Café Concluído", "concluido", 10000),
      referral("Padaria Já Paga", "concluido", 5000),
    ])
    .returning();
  const [payout] = await t.db
    .insert(payouts)
    .values({ representativeId: rep.id, paidOn: "2026-05-10", method: "pix", amountCents: 5000 })
    .returning();
  await t.db.insert(payoutItems).values({ payoutId: payout.id, referralId: paid.id, amountCents: 5000 });
  const [plan] = await t.db.insert(plans).values({ name: "Hoje Plano", priceCents: 100 }).returning();
  const [client] = await t.db
    .insert(clients)
    .values({ name: "Cliente Vence", email: "vence@d.dev", phone: "1", businessName: "B", planId: plan.id })
    .returning();
  await insertSubscriptions(t.db, [
    {
      clientId: client.id,
      planId: plan.id,
      startDate: "2026-04-18",
      endDate: "2026-05-18",
      status: "ativa",
    },
  ]);
});
afterEach(() => resetClock());

type Dashboard = Awaited<ReturnType<typeof dashboardRoute.loader>>;
const load = async () =>
  (await outcome(() => dashboardRoute.loader(args(get("/admin/dashboard", admin))))).data as Dashboard;

describe("Hoje", () => {
  it("lists follow-ups due and overdue, new leads (past 24 h marked), referrals, commissions and the week's endings", async () => {
    setClock(NOW);
    const { todayBlock: hoje, expiring } = await load();
    expect(hoje).not.toBeNull();
    expect(hoje!.followUps.map((f) => [f.name, f.overdue])).toEqual([
      ["Retorno Atrasado", true],
      ["Retorno Hoje", false],
    ]);
    expect(hoje!.newLeads.map((l) => [l.name, l.late, l.hoursWaiting])).toEqual([
      ["Antigo Sem Resposta", true, 25],
      ["Recente Sem Resposta", false, 2],
    ]);
    expect(hoje!.newLeadsTotal).toBe(2);
    expect(hoje!.referrals.map((r) => [r.businessName, r.representativeName])).toEqual([
      ["Pizzaria Em Análise", "Rita Rep"],
    ]);
    expect(hoje!.referralsTotal).toBe(1);
    // Only the unpaid commission: the one in an active payout is not due any more.
    expect(hoje!.commissions).toEqual([
      { representativeId: repId, name: "Rita Rep", count: 1, amountCents: 10000 },
    ]);
    expect(expiring.map((e) => [e.client_name, e.days_remaining])).toEqual([["Cliente Vence", 3]]);
  });

  it("moves with the clock: a day later the recent lead is past 24 hours too", async () => {
    setClock("2026-05-16T13:00:00Z");
    const { todayBlock: hoje } = await load();
    expect(hoje!.newLeads.map((l) => [l.late, l.hoursWaiting])).toEqual([
      [true, 49],
      [true, 26],
    ]);
  });
});
