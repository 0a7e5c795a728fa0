import { readdirSync, readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailMessages, payouts, plans, referrals, representatives, user } from "~/db/schema";
import { queryRows } from "~/db/client.server";
import { createPlan, deletePlan, getPlan, updatePlan } from "~/modules/plans/plans.server";
import { PlanSchema } from "~/modules/plans/plans.schema";
import { setReferralStatus } from "~/modules/referrals/admin.server";
import { commissionForPlan } from "~/modules/referrals/commission";
import { createMyReferral } from "~/modules/referrals/portal-create.server";
import { getMyReferralStats, listMyReferrals } from "~/modules/referrals/portal.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { useTestDatabase } from "../../../tests/support/db";
import { BASE, adminCookie, context, outcome, representativeCookie } from "../../../tests/support/requests";
import { action as detailAction } from "~/routes/admin/representatives/detail";
import { PayoutFormSchema } from "./payouts.schema";
import {
  cancelPayout,
  getCommissionSummary,
  listCommissions,
  listPayouts,
  recordPayout,
} from "./payouts.server";

const t = useTestDatabase();
const actor = { id: "", name: "Admin Teste" };
type Rep = Awaited<ReturnType<typeof representativeCookie>>;
let ana: Rep;
let bruno: Rep;
let planId = "";

const planInput = (name: string, commission?: number | null) => ({
  name,
  price: 4990,
  setupFee: 0,
  description: null,
  features: [],
  isPopular: false,
  commission,
});

let n = 0;
async function completedReferral(rep: Rep, plan = planId) {
  n += 1;
  const row = await createMyReferral({
    representativeId: rep.representativeId,
    input: {
      businessName: `Restaurante ${n}`,
      contactName: "Contato",
      contactPhone: `(11) 9${String(n).padStart(4, "0")}-1234`,
      planId: plan,
    },
  });
  expect(await setReferralStatus({ id: row.id, status: "concluido" })).toBe("ok");
  await withPixKey(rep);
  return row.id;
}

/** The payouts here go by PIX, which needs the representative's key on file. */
async function withPixKey(rep: Rep) {
  await t.db
    .update(representatives)
    .set({ pixKeyType: "email", pixKey: "pix@representante.dev" })
    .where(eq(representatives.id, rep.representativeId));
}

const payout = (referralIds: string[]) =>
  PayoutFormSchema.parse({ referralIds, paidOn: "2026-03-10", method: "pix", reference: "E2E-123" });

beforeAll(async () => {
  await adminCookie("admin-pay@test.dev");
  [{ id: actor.id }] = await t.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, "admin-pay@test.dev"));
  ana = await representativeCookie("ana-pay@test.dev", "senha-rep-123", "Ana Pagamentos");
  bruno = await representativeCookie("bruno-pay@test.dev", "senha-rep-123", "Bruno Pagamentos");
  await withPixKey(ana);
  await withPixKey(bruno);
  planId = (await createPlan({ input: planInput("Black Pagamentos") })).id;
});

describe("commission per plan", () => {
  it("an empty field follows the spec's rule on the name; a typed amount wins", async () => {
    expect((await createPlan({ input: planInput("Plano Básico Mensal") })).commissionCents).toBe(5000);
    expect((await createPlan({ input: planInput("BASICO anual") })).commissionCents).toBe(5000);
    expect((await createPlan({ input: planInput("Premium X") })).commissionCents).toBe(10000);
    const custom = await createPlan({ input: planInput("Premium Y", 7550) });
    expect(custom.commissionCents).toBe(7550);
    // Saving again with the field emptied goes back to the rule.
    expect((await updatePlan({ id: custom.id, input: planInput("Premium Y", null) }))?.commissionCents).toBe(
      10000,
    );
    // The form: empty → null (rule), "75,50" → 7550, letters → the pt-BR message.
    const base = { name: "X", price: "10", setupFee: "0" };
    expect(PlanSchema.parse({ ...base, commission: "" }).commission).toBeNull();
    expect(PlanSchema.parse({ ...base, commission: "75,50" }).commission).toBe(7550);
    expect(PlanSchema.safeParse({ ...base, commission: "abc" }).error?.issues[0].message).toMatch(/Comissão/);
  });

  it("the migration's backfill gives every plan the old rule's amount", async () => {
    const names = ["Básico", "plano básico anual", "BÁSICO", "Premium", "Black", "", "Temporário", "Básico+"];
    const rows = await t.db
      .insert(plans)
      .values(names.map((name) => ({ name, priceCents: 100, commissionCents: 1 })))
      .returning({ id: plans.id, name: plans.name });
    // The migration that carries the partner programme's backfill (its number may change on merges).
    const migration = readdirSync("drizzle")
      .filter((f) => f.endsWith(".sql"))
      .map((f) => readFileSync(`drizzle/${f}`, "utf8"))
      .find((text) => text.includes("-- custom: backfill (issue 14)"))!;
    const backfill = migration
      .split("--> statement-breakpoint")
      .map((s) => s.replace(/^--.*$/gm, "").trim())
      .find((s) => s.startsWith(`UPDATE "plans" SET "commission_cents"`))!;
    await t.db.execute(sql.raw(backfill));
    for (const r of rows)
      expect((await getPlan({ id: r.id }))?.commissionCents, r.name).toBe(commissionForPlan(r.name));
    // The old rule (accent as written) agrees on every name that carries the accent.
    expect(rows.map((r) => commissionForPlan(r.name))).toEqual([
      5000, 5000, 5000, 10000, 10000, 10000, 10000, 5000,
    ]);
  });

  it("a referral keeps the plan name and amount of its creation through rename, reprice and delete", async () => {
    const plan = await createPlan({ input: planInput("Plano Básico Promo") });
    const ref = await createMyReferral({
      representativeId: ana.representativeId,
      input: {
        businessName: "Cantina Snapshot",
        contactName: "Zé",
        contactPhone: "(11) 98888-7777",
        planId: plan.id,
      },
    });
    await updatePlan({ id: plan.id, input: planInput("Plano Ouro", 20000) });
    expect(await setReferralStatus({ id: ref.id, status: "concluido" })).toBe("ok");
    expect(await deletePlan({ id: plan.id })).toEqual({ ok: true });
    const [row] = await t.db.select().from(referrals).where(eq(referrals.id, ref.id));
    expect(row).toMatchObject({ planId: null, planName: "Plano Básico Promo", commissionCents: 5000 });
    const { completed } = await listMyReferrals({ representativeId: ana.representativeId, q: "Snapshot" });
    expect(completed[0]).toMatchObject({ planName: "Plano Básico Promo", commissionCents: 5000 });
    // Leaving and re-entering concluido does not recompute it either.
    await setReferralStatus({ id: ref.id, status: "producao" });
    await setReferralStatus({ id: ref.id, status: "concluido" });
    const [again] = await t.db.select().from(referrals).where(eq(referrals.id, ref.id));
    expect(again.commissionCents).toBe(5000);
    // A new referral of another plan takes that plan's current amount.
    const ouro = await createPlan({ input: planInput("Plano Ouro 2", 20000) });
    const fresh = await createMyReferral({
      representativeId: ana.representativeId,
      input: {
        businessName: "Cantina Nova",
        contactName: "Zé",
        contactPhone: "(11) 98888-6666",
        planId: ouro.id,
      },
    });
    const [freshRow] = await t.db.select().from(referrals).where(eq(referrals.id, fresh.id));
    expect(freshRow).toMatchObject({ planName: "Plano Ouro 2", commissionCents: 20000 });
  });
});

describe("payouts", () => {
  it("pays exactly the selected commissions; cancelling puts them back to a pagar", async () => {
    const rep = await representativeCookie("carla-pay@test.dev", "senha-rep-123", "Carla Pagamentos");
    const [a, b, c] = [
      await completedReferral(rep),
      await completedReferral(rep),
      await completedReferral(rep),
    ];
    expect(await getCommissionSummary({ representativeId: rep.representativeId })).toEqual({
      toReceiveCents: 30000,
      receivedCents: 0,
    });
    const res = await recordPayout({ representativeId: rep.representativeId, input: payout([a, c]), actor });
    expect(res).toMatchObject({ ok: true, amountCents: 20000 });
    const state = Object.fromEntries(
      (await listCommissions({ representativeId: rep.representativeId })).map((x) => [x.referralId, x.state]),
    );
    expect(state).toEqual({ [a]: "paga", [b]: "a_pagar", [c]: "paga" });
    expect(await getCommissionSummary({ representativeId: rep.representativeId })).toEqual({
      toReceiveCents: 10000,
      receivedCents: 20000,
    });
    // A paid commission cannot leave concluido while its payout is active.
    expect(await setReferralStatus({ id: a, status: "producao" })).toBe("paid");
    // Paying a paid one again is refused and records nothing.
    expect(
      await recordPayout({ representativeId: rep.representativeId, input: payout([b, c]), actor }),
    ).toEqual({
      ok: false,
      reason: "already_paid",
    });
    expect(await listPayouts({ representativeId: rep.representativeId })).toHaveLength(1);

    const payoutId = res.ok ? res.payoutId : "";
    // Only the payout's own representative's screen can cancel it.
    expect(await cancelPayout({ representativeId: bruno.representativeId, payoutId, actor })).toBe(false);
    expect(await cancelPayout({ representativeId: rep.representativeId, payoutId, actor })).toBe(true);
    expect(await cancelPayout({ representativeId: rep.representativeId, payoutId, actor })).toBe(false);
    expect(await getCommissionSummary({ representativeId: rep.representativeId })).toEqual({
      toReceiveCents: 30000,
      receivedCents: 0,
    });
    const [listed] = await listPayouts({ representativeId: rep.representativeId });
    expect(listed).toMatchObject({ amountCents: 20000, items: 2, method: "pix", reference: "E2E-123" });
    expect(listed.cancelledAt).toBeInstanceOf(Date);
    // After the cancellation they can be paid again.
    expect(
      await recordPayout({ representativeId: rep.representativeId, input: payout([a]), actor }),
    ).toMatchObject({
      ok: true,
      amountCents: 10000,
    });
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityType, "payout"));
    expect(actions.map((x) => x.action).sort()).toEqual([
      "payout.cancelled",
      "payout.recorded",
      "payout.recorded",
    ]);
  });

  it("refuses another representative's commission, an unfinished referral and an unknown representative", async () => {
    const anaRef = await completedReferral(ana);
    const pending = await createMyReferral({
      representativeId: bruno.representativeId,
      input: { businessName: "Pendente", contactName: "Zé", contactPhone: "(11) 97777-1111", planId },
    });
    for (const ids of [[anaRef], [pending.id]]) {
      expect(
        await recordPayout({ representativeId: bruno.representativeId, input: payout(ids), actor }),
      ).toEqual({
        ok: false,
        reason: "already_paid",
      });
    }
    expect(
      await recordPayout({
        representativeId: "00000000-0000-4000-8000-000000000000",
        input: payout([anaRef]),
        actor,
      }),
    ).toEqual({ ok: false, reason: "not_found" });
    expect(await listPayouts({ representativeId: bruno.representativeId })).toEqual([]);
  });

  it("two admins paying the same commission at once: it is paid once", async () => {
    const rep = await representativeCookie("dani-pay@test.dev", "senha-rep-123", "Dani Pagamentos");
    const [a, b] = [await completedReferral(rep), await completedReferral(rep)];
    const results = await Promise.all([
      recordPayout({ representativeId: rep.representativeId, input: payout([a, b]), actor }),
      recordPayout({ representativeId: rep.representativeId, input: payout([b, a]), actor }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "already_paid" });
    const [{ n: items }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payout_items i join referrals r on r.id = i.referral_id
          where r.representative_id = ${rep.representativeId} and i.active`,
    );
    expect(Number(items)).toBe(2);
    expect(await getCommissionSummary({ representativeId: rep.representativeId })).toEqual({
      toReceiveCents: 0,
      receivedCents: 20000,
    });
    expect(await listPayouts({ representativeId: rep.representativeId })).toHaveLength(1);
  });

  it("e-mails the representative when a payout is recorded", async () => {
    const rep = await representativeCookie("eva-pay@test.dev", "senha-rep-123", "Eva Pagamentos");
    const a = await completedReferral(rep);
    await drainJobs();
    await recordPayout({ representativeId: rep.representativeId, input: payout([a]), actor });
    await drainJobs();
    const mails = await t.db
      .select({ subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages)
      .where(
        and(eq(mailMessages.kind, "comissoes.pagamento"), eq(mailMessages.toAddress, "eva-pay@test.dev")),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject.replaceAll("\u00a0", " ")).toBe("Pagamento de comissões registrado: R$ 100,00");
    expect(mails[0].text.replaceAll("\u00a0", " ")).toContain("10/03/2026");
    expect(mails[0].text).toContain("PIX");
  });

  it("the dashboard's stats still count the snapshot for completed referrals only", async () => {
    const rep = await representativeCookie("fabi-pay@test.dev", "senha-rep-123", "Fabi Pagamentos");
    await completedReferral(rep);
    const stats = await getMyReferralStats({ representativeId: rep.representativeId });
    expect(stats).toMatchObject({ total: 1, completed: 1, totalCommissionCents: 10000 });
  });
  it("refuses PIX to a representative with no key on file, and records nothing", async () => {
    const rep = await representativeCookie("sem-pix-pay@test.dev", "senha-rep-123", "Sem Pix Pagamentos");
    const id = await completedReferral(rep);
    await t.db
      .update(representatives)
      .set({ pixKeyType: null, pixKey: null })
      .where(eq(representatives.id, rep.representativeId));
    expect(
      await recordPayout({ representativeId: rep.representativeId, input: payout([id]), actor }),
    ).toEqual({
      ok: false,
      reason: "no_pix_key",
    });
    expect(
      await t.db.select().from(payouts).where(eq(payouts.representativeId, rep.representativeId)),
    ).toEqual([]);
    // By transfer it goes through.
    const byTransfer = PayoutFormSchema.parse({
      referralIds: [id],
      paidOn: "2026-03-10",
      method: "transferencia",
    });
    expect(
      await recordPayout({ representativeId: rep.representativeId, input: byTransfer, actor }),
    ).toMatchObject({ ok: true, amountCents: 10000 });
  });

  it("the route records the sum of the ticked ids, whatever total the page sent", async () => {
    const rep = await representativeCookie("soma-pay@test.dev", "senha-rep-123", "Soma Pagamentos");
    const [a, b, c] = [
      await completedReferral(rep),
      await completedReferral(rep),
      await completedReferral(rep),
    ];
    const admin = await adminCookie("admin-pay@test.dev");
    const body = new URLSearchParams([
      ["intent", "record-payout"],
      ["referralIds", a],
      ["referralIds", c],
      ["paidOn", "10/03/2026"],
      ["method", "pix"],
      // A forged total and amount are ignored: only the ids count.
      ["amountCents", "1"],
      ["total", "999999"],
    ]);
    const request = new Request(`${BASE}/admin/representatives/${rep.representativeId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: admin },
      body,
    });
    const res = await outcome(() =>
      detailAction({ request, params: { id: rep.representativeId }, context: context() } as never),
    );
    expect(res.status).toBe(200);
    const rows = await t.db
      .select({ amountCents: payouts.amountCents })
      .from(payouts)
      .where(eq(payouts.representativeId, rep.representativeId));
    expect(rows).toEqual([{ amountCents: 20000 }]);
    const left = await listCommissions({ representativeId: rep.representativeId });
    expect(left.filter((x) => x.state === "a_pagar").map((x) => x.referralId)).toEqual([b]);
  });
});
