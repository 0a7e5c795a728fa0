// A representative corrects or cancels their own referral while it is
// `Em análise` (never another's, never later), `Cancelada` is never counted, the admin edits and
// reassigns (audited before → after), and the admin's representatives list shows the figures,
// sorted on the server. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, payoutItems, payouts, plans, referrals } from "~/db/schema";
import * as referralPage from "~/routes/representante/indicacao";
import * as adminEdit from "~/routes/admin/referrals/edit";
import * as adminReferrals from "~/routes/admin/referrals";
import { listRepresentativesAdmin } from "~/modules/representatives/representatives.server";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { updateReferralAdmin } from "./admin-edit.server";
import { listReferralsAdmin } from "./admin.server";
import { cancelMyReferral, updateMyReferral } from "./portal-edit.server";
import { getMyReferralStats, listMyReferrals } from "./portal.server";
import { REFERRAL_EDIT_MESSAGES } from "./referral-form.schema";

const t = useTestDatabase();

type Rep = Awaited<ReturnType<typeof representativeCookie>>;
let repA: Rep;
let repB: Rep;
let admin: string;
let premium: { id: string; name: string };
let black: { id: string; name: string };
const actorA = () => ({ id: repA.userId, name: "Ana" });

beforeAll(async () => {
  repA = await representativeCookie("edit-a@test.dev", "senha-edit-a", "Ana Editora");
  repB = await representativeCookie("edit-b@test.dev", "senha-edit-b", "Bruno Editor");
  admin = await adminCookie("edit-admin@test.dev", "senha-edit-admin");
  [premium, black] = await t.db
    .insert(plans)
    .values([
      { name: "Premium Edição", priceCents: 9900, commissionCents: 5000 },
      { name: "Black Edição", priceCents: 19900, commissionCents: 12000 },
    ])
    .returning({ id: plans.id, name: plans.name });
});

async function newReferral(representativeId: string, over: Partial<typeof referrals.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(referrals)
    .values({
      representativeId,
      businessName: "Lanchonete Original",
      contactName: "Carla Contato",
      contactPhone: "11987654321",
      planId: premium.id,
      planName: premium.name,
      commissionCents: 5000,
      ...over,
    })
    .returning();
  return row;
}

const correction = (planId: string) => ({
  businessName: "Lanchonete Corrigida",
  contactName: "Carla Corrigida",
  contactPhone: "11912345678",
  planId,
});

const params = (id: string) => ({ request: undefined as never, params: { id }, context: context() });
const call = (fn: typeof referralPage.action, request: Request, id: string) =>
  outcome(() => fn({ ...params(id), request } as never));

describe("a representative corrects or cancels their referral", () => {
  it("corrects it while Em análise: data and plan (new snapshot), audited", async () => {
    const r = await newReferral(repA.representativeId);
    const res = await call(
      referralPage.action,
      post(
        `/representante/indicacoes/${r.id}`,
        { intent: "save", ...correction(black.id), contactPhone: "(11) 91234-5678" },
        repA.cookie,
      ),
      r.id,
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/representante/indicacoes");
    const [after] = await t.db.select().from(referrals).where(eq(referrals.id, r.id));
    expect(after).toMatchObject({
      ...correction(black.id),
      status: "analise",
      planName: "Black Edição",
      commissionCents: 12000,
      representativeId: repA.representativeId,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, r.id), eq(auditLog.action, "referral.updated")));
    expect(entry.actorId).toBe(repA.userId);
    expect(entry.changes).toMatchObject({ businessName: ["Lanchonete Original", "Lanchonete Corrigida"] });
  });

  it("cancels it: Cancelada, shown apart, never counted in totals or commissions", async () => {
    const rep = await representativeCookie("edit-c@test.dev", "senha-edit-c", "Carlos Conta");
    const keep = await newReferral(rep.representativeId, { businessName: "Fica" });
    await newReferral(rep.representativeId, { businessName: "Concluída", status: "concluido" });
    const gone = await newReferral(rep.representativeId, { businessName: "Vai Cancelar" });
    const res = await call(
      referralPage.action,
      post(`/representante/indicacoes/${gone.id}`, { intent: "cancel" }, rep.cookie),
      gone.id,
    );
    expect(res.status).toBe(302);
    const [row] = await t.db.select().from(referrals).where(eq(referrals.id, gone.id));
    expect(row.status).toBe("cancelada");

    const list = await listMyReferrals({ representativeId: rep.representativeId });
    expect(list.inProgress.map((r) => r.businessName)).toEqual([keep.businessName]);
    expect(list.completed.map((r) => r.businessName)).toEqual(["Concluída"]);
    expect(list.cancelled.map((r) => [r.businessName, r.statusLabel, r.editable])).toEqual([
      ["Vai Cancelar", "Cancelada", false],
    ]);
    const stats = await getMyReferralStats({ representativeId: rep.representativeId });
    expect(stats).toMatchObject({
      total: 2,
      active: 1,
      completed: 1,
      cancelled: 1,
      totalCommissionCents: 5000,
    });
    expect(stats.byStatus.map((s) => s.label)).toEqual([
      "Em análise",
      "Aguardando pagamento",
      "Em produção",
      "Concluído",
    ]);

    // The representative cannot move it again; the admin's dropdown may set any of the four
    // (SPEC §4: that reopens it).
    expect(
      await cancelMyReferral({ representativeId: rep.representativeId, id: gone.id, actor: actorA() }),
    ).toBe("locked");
    const [still] = await t.db.select().from(referrals).where(eq(referrals.id, gone.id));
    expect(still).toMatchObject({ status: "cancelada", cancelCause: "representante" });
    const statusRes = await outcome(() =>
      adminReferrals.action({
        request: post("/admin/referrals", { intent: "status", id: gone.id, status: "producao" }, admin),
        params: {},
        context: context(),
      } as never),
    );
    expect(statusRes.status).toBe(200);
    const [reopened] = await t.db.select().from(referrals).where(eq(referrals.id, gone.id));
    expect(reopened).toMatchObject({ status: "producao", cancelCause: null });
  });

  it("never once it left Em análise: 409 with a clear message, nothing changed", async () => {
    for (const status of ["aguardando_pagamento", "producao", "concluido"] as const) {
      const r = await newReferral(repA.representativeId, { status });
      for (const form of [{ intent: "save", ...correction(premium.id) }, { intent: "cancel" }]) {
        const res = await call(
          referralPage.action,
          post(`/representante/indicacoes/${r.id}`, form, repA.cookie),
          r.id,
        );
        expect(res.status).toBe(409);
        expect((res.data as { formError: string }).formError).toBe(REFERRAL_EDIT_MESSAGES.locked);
      }
      const [after] = await t.db.select().from(referrals).where(eq(referrals.id, r.id));
      expect(after).toEqual(r);
    }
  });

  it("never another representative's: not found, nothing changed, nothing shown", async () => {
    const r = await newReferral(repA.representativeId, { businessName: "Segredo da Ana" });
    const page = await outcome(() =>
      referralPage.loader({
        ...params(r.id),
        request: get(`/representante/indicacoes/${r.id}`, repB.cookie),
      } as never),
    );
    expect(page.location).toBe("/representante/indicacoes");
    expect(JSON.stringify(page.data ?? "")).not.toContain("Segredo da Ana");
    for (const form of [{ intent: "save", ...correction(premium.id) }, { intent: "cancel" }]) {
      const res = await call(
        referralPage.action,
        post(`/representante/indicacoes/${r.id}`, form, repB.cookie),
        r.id,
      );
      expect(res.location).toBe("/representante/indicacoes");
    }
    expect(
      await updateMyReferral({
        representativeId: repB.representativeId,
        id: r.id,
        input: correction(premium.id),
        actor: actorA(),
      }),
    ).toBe("not_found");
    const [after] = await t.db.select().from(referrals).where(eq(referrals.id, r.id));
    expect(after).toEqual(r);
  });

  it("refuses a corrected phone another open referral already has, with the wizard's message", async () => {
    const taken = "21987650001";
    await newReferral(repB.representativeId, { contactPhone: taken, businessName: "Outra Lanchonete" });
    const r = await newReferral(repA.representativeId, { contactPhone: "21987650002" });
    const res = await call(
      referralPage.action,
      post(
        `/representante/indicacoes/${r.id}`,
        { intent: "save", ...correction(premium.id), contactPhone: "(21) 98765-0001" },
        repA.cookie,
      ),
      r.id,
    );
    expect(res.status).toBe(409);
    expect((res.data as { fieldErrors: Record<string, string> }).fieldErrors.contactPhone).toBe(
      "Este estabelecimento já foi indicado ou já é cliente.",
    );
    const [after] = await t.db.select().from(referrals).where(eq(referrals.id, r.id));
    expect(after).toEqual(r);
    // Its own phone is no duplicate of itself: other fields still save.
    const own = await call(
      referralPage.action,
      post(
        `/representante/indicacoes/${r.id}`,
        { intent: "save", ...correction(premium.id), contactPhone: "21987650002" },
        repA.cookie,
      ),
      r.id,
    );
    expect(own.status).toBe(302);
  });

  it("validates the correction with the wizard's messages and stores nothing", async () => {
    const r = await newReferral(repA.representativeId);
    const res = await call(
      referralPage.action,
      post(
        `/representante/indicacoes/${r.id}`,
        { intent: "save", businessName: "A", contactName: "B", contactPhone: "123", planId: "x" },
        repA.cookie,
      ),
      r.id,
    );
    expect(res.status).toBe(400);
    expect((res.data as { fieldErrors: Record<string, string> }).fieldErrors.businessName).toBe(
      "Nome do negócio deve ter pelo menos 3 caracteres",
    );
    const [after] = await t.db.select().from(referrals).where(eq(referrals.id, r.id));
    expect(after).toEqual(r);
  });
});

describe("the admin edits and reassigns a referral", () => {
  it("edits data in any status but Cancelada and reassigns, audited before → after", async () => {
    const r = await newReferral(repA.representativeId, { status: "producao" });
    const res = await outcome(() =>
      adminEdit.action({
        ...params(r.id),
        request: post(
          `/admin/referrals/${r.id}`,
          { ...correction(""), representativeId: repB.representativeId },
          admin,
        ),
      } as never),
    );
    expect(res.status).toBe(302);
    const [after] = await t.db.select().from(referrals).where(eq(referrals.id, r.id));
    expect(after).toMatchObject({
      businessName: "Lanchonete Corrigida",
      representativeId: repB.representativeId,
      planId: premium.id,
      commissionCents: 5000,
      status: "producao",
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, r.id), eq(auditLog.action, "referral.updated")))
      .orderBy(desc(auditLog.at));
    expect(entry.changes).toMatchObject({
      representative: ["Ana Editora <edit-a@test.dev>", "Bruno Editor <edit-b@test.dev>"],
      businessName: ["Lanchonete Original", "Lanchonete Corrigida"],
    });
    // B now sees it; A no longer does.
    const mineB = await listMyReferrals({ representativeId: repB.representativeId });
    expect(mineB.inProgress.map((x) => x.id)).toContain(r.id);
    const mineA = await listMyReferrals({ representativeId: repA.representativeId });
    expect(mineA.inProgress.map((x) => x.id)).not.toContain(r.id);
  });

  it("keeps a paid commission with its representative and plan; refuses a cancelled one", async () => {
    const paid = await newReferral(repA.representativeId, { status: "concluido", completedAt: new Date() });
    const [payout] = await t.db
      .insert(payouts)
      .values({
        representativeId: repA.representativeId,
        paidOn: "2026-11-20",
        method: "pix",
        amountCents: 5000,
      })
      .returning();
    await t.db.insert(payoutItems).values({ payoutId: payout.id, referralId: paid.id, amountCents: 5000 });
    const input = { ...correction(""), representativeId: repB.representativeId, planId: null };
    expect(await updateReferralAdmin({ id: paid.id, input })).toBe("paid");
    expect(
      await updateReferralAdmin({
        id: paid.id,
        input: { ...input, representativeId: repA.representativeId, planId: black.id },
      }),
    ).toBe("paid");
    // Data only: fine.
    expect(
      await updateReferralAdmin({
        id: paid.id,
        input: { ...input, representativeId: repA.representativeId },
      }),
    ).toBe("ok");

    const cancelled = await newReferral(repA.representativeId, { status: "cancelada" });
    expect(await updateReferralAdmin({ id: cancelled.id, input })).toBe("cancelled");
    const [after] = await t.db.select().from(referrals).where(eq(referrals.id, cancelled.id));
    expect(after).toEqual(cancelled);
  });

  it("filters the admin list by Cancelada", async () => {
    const c = await newReferral(repA.representativeId, {
      status: "cancelada",
      businessName: "Filtro Cancelada",
    });
    const { rows } = await listReferralsAdmin({ status: "cancelada", pageSize: 100 });
    expect(rows.map((r) => r.id)).toContain(c.id);
    expect(rows.every((r) => r.status === "cancelada")).toBe(true);
  });
});

describe("the admin representatives list (figures, server sort)", () => {
  it("counts by status, conversion, commissions a pagar / pagas and last activity; sorts by a whitelisted column", async () => {
    const x = await representativeCookie("metric-x@test.dev", "senha-metric-x", "Xavier Métrica");
    const y = await representativeCookie("metric-y@test.dev", "senha-metric-y", "Yara Métrica");
    // X: 1 analise, 1 producao, 2 concluido (one paid 5000, one due 12000), 1 cancelada.
    await newReferral(x.representativeId, { status: "analise" });
    await newReferral(x.representativeId, { status: "producao" });
    const xPaid = await newReferral(x.representativeId, { status: "concluido", commissionCents: 5000 });
    await newReferral(x.representativeId, { status: "concluido", commissionCents: 12000 });
    await newReferral(x.representativeId, {
      status: "cancelada",
      updatedAt: new Date("2030-01-01T12:00:00Z"),
    });
    const [payout] = await t.db
      .insert(payouts)
      .values({
        representativeId: x.representativeId,
        paidOn: "2026-11-20",
        method: "pix",
        amountCents: 5000,
      })
      .returning();
    await t.db.insert(payoutItems).values({ payoutId: payout.id, referralId: xPaid.id, amountCents: 5000 });
    // Y: 1 concluido due 30000; a cancelled payout does not count as paid.
    const yRef = await newReferral(y.representativeId, { status: "concluido", commissionCents: 30000 });
    const [cancelledPayout] = await t.db
      .insert(payouts)
      .values({
        representativeId: y.representativeId,
        paidOn: "2026-11-20",
        method: "pix",
        amountCents: 30000,
        cancelledAt: new Date(),
      })
      .returning();
    await t.db
      .insert(payoutItems)
      .values({ payoutId: cancelledPayout.id, referralId: yRef.id, amountCents: 30000, active: false });

    const { rows } = await listRepresentativesAdmin({ q: "Métrica" });
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName["Xavier Métrica"]).toMatchObject({
      referralsCount: 4,
      completedCount: 2,
      byStatus: { analise: 1, aguardando_pagamento: 0, producao: 1, concluido: 2 },
      cancelledCount: 1,
      conversion: 0.5,
      dueCents: 12000,
      paidCents: 5000,
    });
    expect(byName["Xavier Métrica"].lastActivityAt?.toISOString()).toBe("2030-01-01T12:00:00.000Z");
    expect(byName["Yara Métrica"]).toMatchObject({
      referralsCount: 1,
      conversion: 1,
      dueCents: 30000,
      paidCents: 0,
    });

    const order = async (sort: "due" | "paid" | "name" | "conversion", dir: "asc" | "desc") =>
      (await listRepresentativesAdmin({ q: "Métrica", sort, dir })).rows.map((r) => r.name);
    expect(await order("due", "desc")).toEqual(["Yara Métrica", "Xavier Métrica"]);
    expect(await order("due", "asc")).toEqual(["Xavier Métrica", "Yara Métrica"]);
    expect(await order("paid", "desc")).toEqual(["Xavier Métrica", "Yara Métrica"]);
    expect(await order("conversion", "desc")).toEqual(["Yara Métrica", "Xavier Métrica"]);
    // A representative without referrals: zeros, no conversion, no activity; listed last by figures.
    const z = await representativeCookie("metric-z@test.dev", "senha-metric-z", "Zeca Métrica");
    const all = await listRepresentativesAdmin({ q: "Métrica", sort: "conversion", dir: "desc" });
    expect(all.total).toBe(3);
    expect(all.rows.at(-1)).toMatchObject({
      id: z.representativeId,
      referralsCount: 0,
      conversion: null,
      dueCents: 0,
      paidCents: 0,
      lastActivityAt: null,
    });
  });

  it("ignores a sort that is not on the whitelist (URL → name A→Z)", async () => {
    const { parseRepresentativeListParams } =
      await import("~/modules/representatives/representatives.server");
    expect(parseRepresentativeListParams(new URL("http://x/?sort=1;drop table referrals")).sort).toBe("name");
    expect(parseRepresentativeListParams(new URL("http://x/?sort=due"))).toMatchObject({
      sort: "due",
      dir: "desc",
    });
  });
});
