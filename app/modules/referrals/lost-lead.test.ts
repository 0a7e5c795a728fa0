// A lost lead's referral says why it was cancelled (the lead lost, with
// the reason, not "pelo representante"); "Retomar" brings it back to "Em análise", audited and
// e-mailed to the representative; the admin's dropdown sets any of the four statuses on a
// cancelled referral (SPEC §4), while its representative still cannot touch it.
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { readFileSync } from "node:fs";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailMessages, plans, referrals } from "~/db/schema";
import * as leadsRoute from "~/routes/admin/leads";
import * as adminReferrals from "~/routes/admin/referrals";
import * as adminEdit from "~/routes/admin/referrals/edit";
import * as novaIndicacao from "~/routes/representante/nova-indicacao";
import * as referralPage from "~/routes/representante/indicacao";
import { drainJobs } from "~/server/jobs/queue.server";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { listReferralsAdmin } from "./admin.server";
import { getReferralHistory } from "./history.server";
import { listMyReferrals } from "./portal.server";
import { REFERRAL_EDIT_MESSAGES } from "./referral-form.schema";
import { REFERRAL_STATUSES } from "./referrals.constants";
import { REFERRAL_STATUS_LABELS } from "./referrals.schema";

const t = useTestDatabase();
type Rep = Awaited<ReturnType<typeof representativeCookie>>;
let rep: Rep;
let admin = "";
let planId = "";
let n = 0;

beforeAll(async () => {
  admin = await adminCookie("lost-admin@test.dev", "senha-lost-admin");
  rep = await representativeCookie("lost-rep@test.dev", "senha-lost-rep", "Renata Representante");
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium Perdido", priceCents: 8990, commissionCents: 12000 })
    .returning({ id: plans.id });
  planId = plan.id;
});

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;

/** A referral made in the portal's wizard (its lead is in Novos Leads). */
async function wizardReferral() {
  n += 1;
  const businessName = `Pizzaria Perdida ${n}`;
  const res = await outcome(() =>
    novaIndicacao.action(
      args(
        post(
          "/representante/nova-indicacao",
          {
            businessName,
            contactName: "Paula Contato",
            contactPhone: `(21) 9${String(6100 + n).padStart(4, "0")}-4321`,
            planId,
          },
          rep.cookie,
        ),
      ),
    ),
  );
  expect(res.status).toBe(200);
  return referral(businessName);
}

async function referral(businessName: string) {
  const [row] = await t.db.select().from(referrals).where(eq(referrals.businessName, businessName));
  return row;
}
const byId = async (id: string) => (await t.db.select().from(referrals).where(eq(referrals.id, id)))[0];

/** The funnel's card action, as the admin posts it. */
const moveLeadAs = (fields: Record<string, string>) =>
  outcome(() => leadsRoute.action(args(post("/admin/leads", { intent: "move", ...fields }, admin))));

/** The admin's status dropdown (the list's action; the referral's page posts there too). */
const setStatus = (id: string, status: string) =>
  outcome(() =>
    adminReferrals.action(args(post("/admin/referrals", { intent: "status", id, status }, admin))),
  );

/** The e-mails the representative got about referral `id`, after the jobs ran, oldest first. */
async function mailsAbout(id: string) {
  await drainJobs();
  return t.db
    .select({ to: mailMessages.toAddress, subject: mailMessages.subject, text: mailMessages.text })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.entityType, "referral"),
        eq(mailMessages.entityId, id),
        eq(mailMessages.kind, "indicacao.status"),
      ),
    )
    .orderBy(mailMessages.createdAt, mailMessages.id);
}

const lastAudit = async (id: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "referral"), eq(auditLog.entityId, id)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(1)
  )[0];

describe("a lost lead's referral says why it was cancelled (item 4)", () => {
  it("history, e-mail and Minhas Indicações name the lost lead and its reason, not the representative", async () => {
    const r = await wizardReferral();
    const lost = await moveLeadAs({
      id: r.leadId!,
      from: "novo",
      to: "perdido",
      lostReason: "Preço",
      lostNote: "achou caro",
    });
    expect(lost.status).toBe(200);
    const after = await byId(r.id);
    expect(after).toMatchObject({ status: "cancelada", cancelCause: "lead_perdido" });

    const [entry] = await getReferralHistory({ id: r.id });
    expect(entry).toMatchObject({
      title: "Cancelada porque o lead foi marcado como perdido",
      detail: "Motivo da perda: Preço: achou caro",
      by: "pelo sistema",
    });
    expect(JSON.stringify(await getReferralHistory({ id: r.id }))).not.toContain("pelo representante");

    const mails = await mailsAbout(r.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "lost-rep@test.dev",
      subject: `Sua indicação ${r.businessName} agora está: Cancelada`,
    });
    // The reason the team chose from the list; the team's own note stays in the back office.
    expect(mails[0].text).toContain(
      "Cancelada porque o lead foi marcado como perdido pela nossa equipe. Motivo: Preço.",
    );
    expect(mails[0].text).not.toContain("achou caro");
    expect(mails[0].text).not.toContain("pelo representante");

    const mine = await listMyReferrals({ representativeId: rep.representativeId });
    expect(mine.cancelled.find((x) => x.id === r.id)?.cancelNote).toBe(
      "Cancelada porque o lead foi marcado como perdido pela nossa equipe. Motivo: Preço.",
    );
    const row = (await listReferralsAdmin({ status: "cancelada", pageSize: 100 })).rows.find(
      (x) => x.id === r.id,
    );
    expect(row?.cancelCause).toBe("lead_perdido");
  });

  it("a referral its representative cancelled says so, and the lead's loss and resumption leave it cancelled", async () => {
    const r = await wizardReferral();
    const cancel = await outcome(() =>
      referralPage.action(
        args(post(`/representante/indicacoes/${r.id}`, { intent: "cancel" }, rep.cookie), { id: r.id }),
      ),
    );
    expect(cancel.status).toBe(302);
    expect(await byId(r.id)).toMatchObject({ status: "cancelada", cancelCause: "representante" });
    expect((await moveLeadAs({ id: r.leadId!, from: "novo", to: "perdido" })).status).toBe(200);
    expect((await moveLeadAs({ id: r.leadId!, from: "perdido", to: "novo" })).status).toBe(200);
    expect(await byId(r.id)).toMatchObject({ status: "cancelada", cancelCause: "representante" });
    expect(await getReferralHistory({ id: r.id })).toMatchObject([
      { title: "Cancelada pelo representante", by: "por Renata Representante" },
    ]);
    expect(await mailsAbout(r.id)).toEqual([]);
    const mine = await listMyReferrals({ representativeId: rep.representativeId });
    expect(mine.cancelled.find((x) => x.id === r.id)?.cancelNote).toBe("Você cancelou esta indicação.");
  });
});

describe("Retomar brings the referral back (item 5)", () => {
  it("resuming the lost lead puts its referral in Em análise, audited, and tells the representative", async () => {
    const r = await wizardReferral();
    expect(
      (await moveLeadAs({ id: r.leadId!, from: "novo", to: "perdido", lostReason: "Sem resposta" })).status,
    ).toBe(200);
    expect((await byId(r.id)).status).toBe("cancelada");
    const resumed = await moveLeadAs({ id: r.leadId!, from: "perdido", to: "novo" });
    expect(resumed.status).toBe(200);

    const after = await byId(r.id);
    expect(after).toMatchObject({ status: "analise", cancelCause: null });
    const entry = await lastAudit(r.id);
    expect(entry).toMatchObject({
      action: "referral.status_changed",
      actorId: null,
      changes: { status: ["cancelada", "analise"], motivo: [null, "Lead retomado"] },
    });
    expect((await getReferralHistory({ id: r.id }))[0]).toMatchObject({
      title: "Status: Cancelada → Em análise",
      detail: "Lead retomado",
      by: "pelo sistema",
    });

    const mails = await mailsAbout(r.id);
    const back = mails.find((m) => m.subject.endsWith("Em análise"));
    expect(back).toMatchObject({
      to: "lost-rep@test.dev",
      subject: `Sua indicação ${r.businessName} agora está: Em análise`,
    });
    expect(back?.text).toContain("O lead foi retomado pela nossa equipe e a indicação voltou para análise.");
    expect(mails).toHaveLength(2);

    // In progress again, and the representative may correct it as any referral Em análise.
    const mine = await listMyReferrals({ representativeId: rep.representativeId });
    expect(mine.inProgress.find((x) => x.id === r.id)).toMatchObject({
      statusLabel: "Em análise",
      editable: true,
      cancelNote: null,
    });
  });

  it("a refused resume (the lead already moved) changes neither the lead nor the referral", async () => {
    const r = await wizardReferral();
    await moveLeadAs({ id: r.leadId!, from: "novo", to: "perdido" });
    // The board was stale: the lead is no longer where the admin saw it.
    const stale = await moveLeadAs({ id: r.leadId!, from: "contatado", to: "novo" });
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect(await byId(r.id)).toMatchObject({ status: "cancelada", cancelCause: "lead_perdido" });
    const auditRows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "referral"), eq(auditLog.entityId, r.id)));
    expect(auditRows).toHaveLength(1);
  });
});

describe("the admin's dropdown on a cancelled referral (item 5, SPEC §4)", () => {
  it.each(REFERRAL_STATUSES)(
    "sets %s on a cancelled referral: stored, listed, audited, e-mailed",
    async (status) => {
      const r = await wizardReferral();
      await moveLeadAs({ id: r.leadId!, from: "novo", to: "perdido" });
      const res = await setStatus(r.id, status);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.data)).toContain(`Status atualizado para ${REFERRAL_STATUS_LABELS[status]}`);

      const after = await byId(r.id);
      expect(after).toMatchObject({ status, cancelCause: null });
      expect(after.completedAt === null).toBe(status !== "concluido");
      // Shown in the admin's list under its new status.
      const page = await adminReferrals.loader(args(get(`/admin/referrals?status=${status}`, admin)));
      expect(page.rows.find((x) => x.id === r.id)).toMatchObject({ status, cancelCause: null });
      const entry = await lastAudit(r.id);
      expect(entry).toMatchObject({
        action: "referral.status_changed",
        changes: { status: ["cancelada", status] },
      });
      // By the admin who chose it, not the system.
      expect(entry.actorId).not.toBeNull();
      const mails = await mailsAbout(r.id);
      const reopened = mails.find((m) => m.subject.endsWith(REFERRAL_STATUS_LABELS[status]));
      expect(reopened?.text).toContain("A indicação foi reaberta pela nossa equipe.");
    },
  );

  it("reopens a referral its representative cancelled too", async () => {
    const r = await wizardReferral();
    await outcome(() =>
      referralPage.action(
        args(post(`/representante/indicacoes/${r.id}`, { intent: "cancel" }, rep.cookie), { id: r.id }),
      ),
    );
    expect((await setStatus(r.id, "producao")).status).toBe(200);
    expect(await byId(r.id)).toMatchObject({ status: "producao", cancelCause: null });
  });

  it("bad input gets the spec's pt-BR message and changes nothing; the representative still cannot edit it", async () => {
    const r = await wizardReferral();
    await moveLeadAs({ id: r.leadId!, from: "novo", to: "perdido" });
    const before = await byId(r.id);
    for (const [id, status] of [
      [r.id, "cancelada"],
      [r.id, "aprovada"],
      [r.id, ""],
      ["nao-e-id", "analise"],
    ]) {
      const res = await setStatus(id, status);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.data)).toContain("Erro ao atualizar status da indicação");
    }
    // An id that does not exist.
    const missing = await setStatus("00000000-0000-4000-8000-000000000000", "analise");
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.data)).toContain("Erro ao atualizar status da indicação");

    // The representative: neither a correction nor another cancellation.
    const forms: Record<string, string>[] = [
      {
        intent: "save",
        businessName: "Outro Nome",
        contactName: "Paula Contato",
        contactPhone: "21961004321",
        planId,
      },
      { intent: "cancel" },
    ];
    for (const form of forms) {
      const res = await outcome(() =>
        referralPage.action(args(post(`/representante/indicacoes/${r.id}`, form, rep.cookie), { id: r.id })),
      );
      expect(res.status).toBe(409);
      expect(JSON.stringify(res.data)).toContain(REFERRAL_EDIT_MESSAGES.locked);
    }
    // The admin's data form waits for a status (the message says how), not "pelo representante".
    const edit = await outcome(() =>
      adminEdit.action(
        args(
          post(
            `/admin/referrals/${r.id}`,
            {
              businessName: "Outro Nome",
              contactName: "Paula Contato",
              contactPhone: "21961004321",
              planId: "",
              representativeId: rep.representativeId,
            },
            admin,
          ),
          { id: r.id },
        ),
      ),
    );
    expect(edit.status).toBe(409);
    expect(JSON.stringify(edit.data)).toContain(
      "Esta indicação está cancelada. Escolha um status para reabri-la antes de alterar os dados.",
    );
    expect(await byId(r.id)).toEqual(before);
  });
});

// The backfill of drizzle/0030_referral_cancel_cause.sql, run again over cancelled referrals
// written before the column: the cause comes from the audit entry that cancelled them last.
const backfill = readFileSync(
  new URL("../../../drizzle/0030_referral_cancel_cause.sql", import.meta.url),
  "utf8",
)
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter((s) => /^(--[^\n]*\n)*\s*UPDATE/.test(s));

describe("migration 0030: the cause of the referrals already cancelled", () => {
  it("reads it from the last cancelling audit entry; with none, the representative", async () => {
    expect(backfill).toHaveLength(1);
    const byRep = await wizardReferral();
    await outcome(() =>
      referralPage.action(
        args(post(`/representante/indicacoes/${byRep.id}`, { intent: "cancel" }, rep.cookie), {
          id: byRep.id,
        }),
      ),
    );
    const byLead = await wizardReferral();
    await moveLeadAs({ id: byLead.leadId!, from: "novo", to: "perdido" });
    const [old] = await t.db
      .insert(referrals)
      .values({
        representativeId: rep.representativeId,
        businessName: "Antiga Cancelada",
        contactName: "Ana",
        contactPhone: "21900001111",
        status: "cancelada",
      })
      .returning();
    const open = await wizardReferral();
    // As before the column existed.
    await t.db.update(referrals).set({ cancelCause: null });
    await t.db.execute(sql.raw(backfill[0]));
    const causes = await t.db
      .select({ id: referrals.id, cause: referrals.cancelCause })
      .from(referrals)
      .where(inArray(referrals.id, [byRep.id, byLead.id, old.id, open.id]));
    expect(Object.fromEntries(causes.map((c) => [c.id, c.cause]))).toEqual({
      [byRep.id]: "representante",
      [byLead.id]: "lead_perdido",
      [old.id]: "representante",
      [open.id]: null,
    });
  });
});
