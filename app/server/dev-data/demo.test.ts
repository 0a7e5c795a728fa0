import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { todayInSaoPaulo } from "~/lib/dates";
import { signIn } from "~/modules/auth/session.server";
import { getDashboard } from "~/modules/dashboard/dashboard.server";
import { listMyReferrals } from "~/modules/referrals/portal.server";
import { useTestDatabase } from "../../../tests/support/db";
import { seedDemoData } from "./demo.server";
import { listBoard, parseBoardFilters } from "~/modules/onboarding/board.server";
import { getPromiseFigures } from "~/modules/onboarding/promises.server";

// Issue 17 item 10: a first start shows a believable business, once, and never on top of data.
const t = useTestDatabase();

async function wipe() {
  await t.db.execute(sql`
    truncate leads, client_notes, subscriptions, clients, referrals, representatives, plans, blog_posts,
             settings cascade`);
  await t.db.execute(sql`delete from "user" where role = 'representative'`);
}

describe("demo data on a first start", () => {
  it("adds leads in every stage, clients with subscriptions and a representative who can sign in", async () => {
    await wipe();
    const { created, business } = await seedDemoData({ business: true });
    expect(created).toEqual(["plans", "blog_posts", "settings", "demo_business"]);
    expect(business?.representativeEmail).toBe("representante@example.com");

    const stages = await queryRows<{ status_funil: string; n: number }>(
      t.db,
      sql`select status_funil, count(*)::int as n from leads group by 1 order by 1`,
    );
    expect(stages.map((s) => s.status_funil).sort()).toEqual(
      ["contatado", "convertido", "negociando", "novo", "perdido", "qualificado"].sort(),
    );
    expect(stages.reduce((sum, s) => sum + Number(s.n), 0)).toBe(30);

    const today = todayInSaoPaulo();
    const dashboard = await getDashboard({ today });
    expect(dashboard.clients?.total.value).toBe(10);
    // Two subscriptions end within 7 days…
    expect(dashboard.expiring.map((e) => e.client_name)).toEqual(["Rafael Monteiro", "Juliana Prado"]);
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
    expect(Number(linked)).toBe(4);

    // Issue 30: onboardings in each state, and the promise figures filled in.
    const board = await listBoard({ filters: parseBoardFilters(new URLSearchParams()), today });
    const cards = board.flatMap((c) => c.rows.map((r) => `${c.status}:${r.health}`)).sort();
    expect(cards).toEqual(
      [
        "a_fazer:no_prazo",
        "em_andamento:atrasada",
        "em_andamento:em_risco",
        "publicado:no_prazo",
        "publicado:no_prazo",
      ].sort(),
    );
    const promises = await getPromiseFigures({ today });
    expect(promises.windows[0].onboarding.published).toBe(2);
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

  it("creates nothing on a second start", async () => {
    expect(await seedDemoData({ business: true })).toEqual({ created: [] });
  });

  it("never adds the business to a database that has people in it, nor without the flag", async () => {
    await wipe();
    await t.db.execute(sql`
      insert into leads (name, email, phone, business, plan)
      values ('Real', 'real@cliente.dev', '(11) 98765-4321', 'Loja real', 'Básico')`);
    const withPeople = await seedDemoData({ business: true });
    expect(withPeople.created).toEqual(["plans", "blog_posts", "settings"]);
    expect(withPeople.business).toBeUndefined();

    await wipe();
    const contentOnly = await seedDemoData({ business: false });
    expect(contentOnly.created).toEqual(["plans", "blog_posts", "settings"]);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leads`);
    expect(Number(n)).toBe(0);
  });
});
