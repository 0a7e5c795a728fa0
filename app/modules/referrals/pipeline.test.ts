// One pipeline from referral to commission. The wizard's referral is a
// lead; the lead's conversion, the client's first payment, the onboarding's publication and a
// lost lead move the referral automatically, once each, audited as the system's and e-mailed to
// the representative. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  charges,
  clients,
  commissionAdjustments,
  leads,
  mailMessages,
  payouts,
  plans,
  referrals,
  representatives,
} from "~/db/schema";
import { listClientCharges } from "~/modules/billing/charge-reads.server";
import { cancelCharge } from "~/modules/billing/reversals.server";
import { recordPayment } from "~/modules/billing/payments.server";
import { createLead } from "~/modules/leads/contact.server";
import { listStageLeads } from "~/modules/leads/funnel.server";
import { moveLead } from "~/modules/leads/move-lead.server";
import { getCommissionSummary, recordPayout } from "~/modules/payouts/payouts.server";
import { getStatement } from "~/modules/payouts/statement.server";
import * as leadsRoute from "~/routes/admin/leads";
import * as novaIndicacao from "~/routes/representante/nova-indicacao";
import { getDb } from "~/db/client.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { today } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, outcome, post, representativeCookie } from "../../../tests/support/requests";
import { CONVERT_EMAIL_MESSAGES } from "~/modules/leads/leads.schema";
import { DUPLICATE_REFERRAL_MESSAGE } from "./duplicates.server";
import { getReferralHistory } from "./history.server";
import { updateMyReferral } from "./portal-edit.server";
import {
  referralOnChargePaid,
  referralOnChargeReversed,
  referralOnLeadConverted,
  referralOnOnboardingPublished,
} from "./pipeline.server";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
type Rep = Awaited<ReturnType<typeof representativeCookie>>;
let ana: Rep;
let bruno: Rep;
let admin = "";
let premiumId = "";
const actor = null;

beforeAll(async () => {
  admin = await adminCookie();
  ana = await representativeCookie("ana-pipe@test.dev", "senha-ana-123", "Ana Pipeline");
  bruno = await representativeCookie("bruno-pipe@test.dev", "senha-bruno-123", "Bruno Pipeline");
  const [premium] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, commissionCents: 12000 })
    .returning({ id: plans.id });
  premiumId = premium.id;
  // Payouts by PIX need a key on file.
  await t.db.update(representatives).set({ pixKeyType: "email", pixKey: "ana-pipe@test.dev" });
});

let n = 0;
const phoneOf = (i: number) => `(21) 9${String(7000 + i).padStart(4, "0")}-5555`;

function wizard(rep: Rep, phone: string, businessName: string) {
  return outcome(() =>
    novaIndicacao.action(
      args(
        post(
          "/representante/nova-indicacao",
          { businessName, contactName: "Carla Contato", contactPhone: phone, planId: premiumId },
          rep.cookie,
        ),
      ),
    ),
  );
}

async function referralOf(businessName: string) {
  const [row] = await t.db.select().from(referrals).where(eq(referrals.businessName, businessName));
  return row;
}
async function leadOf(id: string) {
  const [row] = await t.db.select().from(leads).where(eq(leads.id, id));
  return row;
}
const systemMoves = (referralId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityId, referralId),
        eq(auditLog.action, "referral.status_changed"),
        sql`${auditLog.actorId} is null`,
      ),
    )
    .orderBy(auditLog.at, auditLog.id);
async function statusMails(referralId: string) {
  await drainJobs();
  return t.db
    .select({ subject: mailMessages.subject, to: mailMessages.toAddress })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.entityType, "referral"),
        eq(mailMessages.entityId, referralId),
        eq(mailMessages.kind, "indicacao.status"),
      ),
    )
    .orderBy(mailMessages.createdAt);
}

/** "Registrar pagamento" of the whole charge, today. */
const payInFull = (charge: { id: string; amountCents: number }) =>
  recordPayment({
    chargeId: charge.id,
    input: { paidOn: today(), method: "pix", amountCents: charge.amountCents },
    actor,
  });

/** A wizard referral, moved to negociando, converted by the admin with `email`. */
async function convertedReferral(rep: Rep = ana) {
  n += 1;
  const business = `Cantina Pipeline ${n}`;
  expect((await wizard(rep, phoneOf(n), business)).status).toBe(200);
  const referral = await referralOf(business);
  for (const [from, to] of [
    ["novo", "contatado"],
    ["contatado", "qualificado"],
    ["qualificado", "negociando"],
  ] as const) {
    expect(await moveLead({ id: referral.leadId!, from, to, actor })).toEqual({ ok: true });
  }
  const res = await outcome(() =>
    leadsRoute.action(
      args(
        post(
          "/admin/leads",
          { intent: "convert", id: referral.leadId!, planId: premiumId, email: `cliente${n}@pipe.dev` },
          admin,
        ),
      ),
    ),
  );
  expect(res.status).toBe(200);
  const after = await referralOf(business);
  const [charge] = await listClientCharges({ clientId: after.clientId! });
  return { referral: after, clientId: after.clientId!, charge, business };
}

describe("the wizard's referral is a lead (item 1)", () => {
  it("creates the lead in Novos Leads, linked both ways, showing Indicação de {representante}", async () => {
    const res = await wizard(ana, "(31) 98888-1001", "Bistrô Um");
    expect(res.status).toBe(200);
    const referral = await referralOf("Bistrô Um");
    expect(referral.status).toBe("analise");
    const lead = await leadOf(referral.leadId!);
    expect(lead).toMatchObject({
      statusFunil: "novo",
      business: "Bistrô Um",
      name: "Carla Contato",
      phone: "31988881001",
      email: "",
      plan: "Premium",
      referredById: ana.representativeId,
    });
    const column = await listStageLeads({ stage: "novo", q: "Bistrô Um" });
    expect(column.leads.map((l) => l.referralSource)).toEqual(["Indicação de Ana Pipeline"]);
  });

  it("refuses a duplicate and creates neither the lead nor the referral", async () => {
    const count = async () => ({
      leads: (await t.db.select({ id: leads.id }).from(leads)).length,
      referrals: (await t.db.select({ id: referrals.id }).from(referrals)).length,
    });
    expect((await wizard(ana, "(31) 98888-2002", "Bistrô Dois")).status).toBe(200);
    const before = await count();
    // The same phone by another representative: already referred.
    const again = await wizard(bruno, "31988882002", "Outro Nome");
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain(DUPLICATE_REFERRAL_MESSAGE);
    // A client's phone: already a client.
    await t.db.insert(clients).values({
      name: "Cliente Antigo",
      email: "antigo@pipe.dev",
      phone: "31988883003",
      businessName: "Antigo",
    });
    const client = await wizard(bruno, "(31) 98888-3003", "Antigo");
    expect(JSON.stringify(client.data)).toContain(DUPLICATE_REFERRAL_MESSAGE);
    expect(await count()).toEqual(before);
  });
});

describe("the representative's correction (item 1)", () => {
  it("rewrites the lead still in Novos Leads, and leaves a lead already worked alone", async () => {
    expect((await wizard(ana, "(31) 98888-6006", "Bistrô Seis")).status).toBe(200);
    const referral = await referralOf("Bistrô Seis");
    const input = {
      businessName: "Bistrô Seis e Meio",
      contactName: "Carla Nova",
      contactPhone: "31988886007",
      planId: premiumId,
    };
    const me = { id: ana.userId, name: "Ana Pipeline" };
    expect(
      await updateMyReferral({ representativeId: ana.representativeId, id: referral.id, input, actor: me }),
    ).toBe("ok");
    expect(await leadOf(referral.leadId!)).toMatchObject({
      business: "Bistrô Seis e Meio",
      name: "Carla Nova",
      phone: "31988886007",
    });
    await moveLead({ id: referral.leadId!, from: "novo", to: "contatado", actor });
    await updateMyReferral({
      representativeId: ana.representativeId,
      id: referral.id,
      input: { ...input, contactName: "Carla Outra" },
      actor: me,
    });
    expect((await leadOf(referral.leadId!)).name).toBe("Carla Nova");
  });
});

describe("conversion asks for the e-mail and links the client (item 1)", () => {
  it("refuses a conversion without an e-mail, with a pt-BR message, changing nothing", async () => {
    expect((await wizard(ana, "(31) 98888-4004", "Bistrô Quatro")).status).toBe(200);
    const referral = await referralOf("Bistrô Quatro");
    await t.db
      .update(leads)
      .set({ statusFunil: "negociando", status: "negociando" })
      .where(eq(leads.id, referral.leadId!));
    for (const email of ["", "nao-e-email"]) {
      const res = await outcome(() =>
        leadsRoute.action(
          args(
            post(
              "/admin/leads",
              { intent: "convert", id: referral.leadId!, planId: premiumId, email },
              admin,
            ),
          ),
        ),
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.data)).toContain(
        email ? CONVERT_EMAIL_MESSAGES.invalid : CONVERT_EMAIL_MESSAGES.required,
      );
    }
    expect((await leadOf(referral.leadId!)).statusFunil).toBe("negociando");
    expect((await referralOf("Bistrô Quatro")).status).toBe("analise");
  });

  it("converting moves the referral to aguardando_pagamento, as the system, e-mailing the representative", async () => {
    const { referral, clientId } = await convertedReferral();
    expect(referral.status).toBe("aguardando_pagamento");
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client.email).toBe(`cliente${n}@pipe.dev`);
    expect((await leadOf(referral.leadId!)).email).toBe(`cliente${n}@pipe.dev`);
    const moves = await systemMoves(referral.id);
    expect(moves.map((m) => m.changes)).toEqual([
      { status: ["analise", "aguardando_pagamento"], motivo: [null, "Lead convertido em cliente"] },
    ]);
    const mails = await statusMails(referral.id);
    expect(mails).toEqual([
      {
        to: "ana-pipe@test.dev",
        subject: `Sua indicação ${referral.businessName} agora está: Aguardando pagamento`,
      },
    ]);
    // The referral's history (its admin page) shows the move as the system's, with its cause.
    expect(await getReferralHistory({ id: referral.id })).toMatchObject([
      {
        title: "Status: Em análise → Aguardando pagamento",
        detail: "Lead convertido em cliente",
        by: "pelo sistema",
      },
    ]);
    // Applied again (a retried conversion hook): nothing more.
    expect(
      await t.db.transaction((tx) => referralOnLeadConverted(tx, { leadId: referral.leadId!, clientId })),
    ).toBe(0);
    expect(await systemMoves(referral.id)).toHaveLength(1);
  });

  it("a ?ref= link's referral follows its conversion the same way", async () => {
    const [rep] = await t.db
      .select({ code: representatives.referralCode })
      .from(representatives)
      .where(eq(representatives.id, bruno.representativeId));
    const lead = await createLead({
      input: {
        name: "Visitante",
        email: "visitante@pipe.dev",
        phone: "(41) 97777-1234",
        business: "Lanche do Link",
        plan: "x",
        message: null,
      },
      plan: "Premium",
      isRepresentative: false,
      attribution: null,
      referralCode: rep.code,
    });
    await t.db
      .update(leads)
      .set({ statusFunil: "negociando", status: "negociando" })
      .where(eq(leads.id, lead.id));
    const res = await outcome(() =>
      leadsRoute.action(
        args(post("/admin/leads", { intent: "convert", id: lead.id, planId: premiumId }, admin)),
      ),
    );
    expect(res.status).toBe(200);
    const referral = await referralOf("Lanche do Link");
    expect(referral.status).toBe("aguardando_pagamento");
    expect(referral.clientId).not.toBeNull();
    expect((await listStageLeads({ stage: "convertido", q: "Lanche do Link" })).leads[0].referralSource).toBe(
      "Indicação de Bruno Pipeline",
    );
  });
});

describe("automatic transitions (item 2)", () => {
  it("first charge paid → producao, once, even when the payment is applied twice", async () => {
    const { referral, charge, clientId } = await convertedReferral();
    // The same payment reported twice: the second is refused, the referral moved once.
    expect((await payInFull(charge)).ok).toBe(true);
    expect((await payInFull(charge)).ok).toBe(false);
    expect(await t.db.transaction((tx) => referralOnChargePaid(tx, { clientId }))).toBe(0);
    expect((await referralOf(referral.businessName)).status).toBe("producao");
    expect((await systemMoves(referral.id)).map((m) => m.changes?.status)).toEqual([
      ["analise", "aguardando_pagamento"],
      ["aguardando_pagamento", "producao"],
    ]);
    expect((await statusMails(referral.id)).map((m) => m.subject.split(": ")[1]).sort()).toEqual([
      "Aguardando pagamento",
      "Em produção",
    ]);
  });

  it("onboarding published → concluido with the commission a receber, once", async () => {
    const { referral, charge, clientId } = await convertedReferral();
    await payInFull(charge);
    const before = await getCommissionSummary({ representativeId: ana.representativeId });
    const publish = () =>
      getDb().transaction((tx) =>
        referralOnOnboardingPublished(tx, { clientId, actor: { id: "", name: "Ana Admin" } }),
      );
    expect(await publish()).toBe(1);
    expect(await publish()).toBe(0);
    const after = await referralOf(referral.businessName);
    expect(after.status).toBe("concluido");
    expect(after.completedAt).not.toBeNull();
    const summary = await getCommissionSummary({ representativeId: ana.representativeId });
    expect(summary.toReceiveCents - before.toReceiveCents).toBe(12000);
    const moves = await systemMoves(referral.id);
    expect(moves.at(-1)?.changes).toMatchObject({
      status: ["producao", "concluido"],
      publicadoPor: [null, "Ana Admin"],
    });
    expect(moves).toHaveLength(3);
    const mails = await statusMails(referral.id);
    // One e-mail per move (their order in the log is the jobs', not the moves').
    expect(mails.map((m) => m.subject.split(": ")[1]).sort()).toEqual([
      "Aguardando pagamento",
      "Concluído",
      "Em produção",
    ]);
  });

  it("lead lost → cancelada", async () => {
    expect((await wizard(ana, "(31) 98888-5005", "Bistrô Cinco")).status).toBe(200);
    const referral = await referralOf("Bistrô Cinco");
    expect(await moveLead({ id: referral.leadId!, from: "novo", to: "perdido", actor })).toEqual({
      ok: true,
    });
    expect((await referralOf("Bistrô Cinco")).status).toBe("cancelada");
    expect((await systemMoves(referral.id)).map((m) => m.changes?.status)).toEqual([
      ["analise", "cancelada"],
    ]);
    expect((await statusMails(referral.id)).map((m) => m.subject)).toEqual([
      "Sua indicação Bistrô Cinco agora está: Cancelada",
    ]);
  });

  it("cancelling the unpaid first charge leaves a waiting referral waiting", async () => {
    const { referral, charge } = await convertedReferral();
    expect((await cancelCharge({ chargeId: charge.id, reason: "Erro", actor })).ok).toBe(true);
    expect((await referralOf(referral.businessName)).status).toBe("aguardando_pagamento");
    expect(await systemMoves(referral.id)).toHaveLength(1);
  });

  it("the first payment reversed before publication → back to aguardando_pagamento, once", async () => {
    const { referral, charge, clientId } = await convertedReferral();
    await payInFull(charge);
    // A refund (billing part 2) leaves the charge unpaid; stand-in: the row as a refund leaves it.
    await refund(charge.id);
    const reverse = () => getDb().transaction((tx) => referralOnChargeReversed(tx, { clientId }));
    expect(await reverse()).toBe(1);
    expect(await reverse()).toBe(0);
    expect((await referralOf(referral.businessName)).status).toBe("aguardando_pagamento");
    expect((await systemMoves(referral.id)).map((m) => m.changes?.status)).toEqual([
      ["analise", "aguardando_pagamento"],
      ["aguardando_pagamento", "producao"],
      ["producao", "aguardando_pagamento"],
    ]);
  });
});

/** The charge's money given back (its row only: the test then runs the referral's reaction). */
async function refund(chargeId: string) {
  await t.db
    .update(charges)
    .set({
      status: "estornada",
      paidOn: null,
      paidAmountCents: null,
      paymentMethod: null,
      paymentSource: null,
    })
    .where(eq(charges.id, chargeId));
}

async function completed(rep: Rep) {
  const c = await convertedReferral(rep);
  await payInFull(c.charge);
  await getDb().transaction((tx) => referralOnOnboardingPublished(tx, { clientId: c.clientId }));
  return c;
}

describe("commission reversal (item 2)", () => {
  it("a commission a receber reversed before payout disappears from the balance", async () => {
    const before = await getCommissionSummary({ representativeId: bruno.representativeId });
    const c = await completed(bruno);
    expect((await getCommissionSummary({ representativeId: bruno.representativeId })).toReceiveCents).toBe(
      before.toReceiveCents + 12000,
    );
    await refund(c.charge.id);
    await getDb().transaction((tx) => referralOnChargeReversed(tx, { clientId: c.clientId }));
    expect((await referralOf(c.business)).status).toBe("aguardando_pagamento");
    expect(await getCommissionSummary({ representativeId: bruno.representativeId })).toEqual(before);
    expect(
      await t.db
        .select()
        .from(commissionAdjustments)
        .where(eq(commissionAdjustments.referralId, c.referral.id)),
    ).toEqual([]);
  });

  it("a paid commission reversed becomes a negative line netted from the next payout and shown in the statement", async () => {
    const repId = bruno.representativeId;
    await t.db.update(representatives).set({ pixKeyType: "email", pixKey: "bruno-pipe@test.dev" });
    // Pay whatever Bruno has first, so the figures below are this test's.
    const open = await t.db
      .select({ id: referrals.id })
      .from(referrals)
      .where(and(eq(referrals.representativeId, repId), eq(referrals.status, "concluido")));
    if (open.length) {
      await recordPayout({
        representativeId: repId,
        input: { referralIds: open.map((r) => r.id), paidOn: today(), method: "pix", reference: null },
        actor,
      });
    }
    const first = await completed(bruno);
    const paid = await recordPayout({
      representativeId: repId,
      input: { referralIds: [first.referral.id], paidOn: today(), method: "pix", reference: null },
      actor,
    });
    expect(paid).toMatchObject({ ok: true, amountCents: 12000 });
    await refund(first.charge.id);
    await getDb().transaction((tx) => referralOnChargeReversed(tx, { clientId: first.clientId }));
    const [adj] = await t.db
      .select()
      .from(commissionAdjustments)
      .where(eq(commissionAdjustments.referralId, first.referral.id));
    expect(adj).toMatchObject({ amountCents: -12000, nettedPayoutId: null, representativeId: repId });
    expect((await getCommissionSummary({ representativeId: repId })).toReceiveCents).toBe(-12000);
    let statement = await getStatement({ representativeId: repId });
    expect(statement.find((l) => l.kind === "Estorno")).toMatchObject({
      amountCents: -12000,
      situation: "A descontar",
      description: `Estorno de comissão já paga: indicação ${first.business}`,
    });
    // The reversal is in the audit entry of the move.
    expect((await systemMoves(first.referral.id)).at(-1)?.changes).toMatchObject({
      status: ["concluido", "aguardando_pagamento"],
      comissaoEstornada: [null, "paga"],
    });

    // Two new commissions (24 000) pay 24 000 − 12 000.
    const a = await completed(bruno);
    const b = await completed(bruno);
    const next = await recordPayout({
      representativeId: repId,
      input: { referralIds: [a.referral.id, b.referral.id], paidOn: today(), method: "pix", reference: null },
      actor,
    });
    expect(next).toMatchObject({ ok: true, amountCents: 12000 });
    if (!next.ok) throw new Error("payout refused");
    const [stored] = await t.db.select().from(payouts).where(eq(payouts.id, next.payoutId));
    expect(stored.amountCents).toBe(12000);
    expect((await getCommissionSummary({ representativeId: repId })).toReceiveCents).toBe(0);
    statement = await getStatement({ representativeId: repId });
    expect(statement.find((l) => l.kind === "Estorno")?.situation).toMatch(
      /^Descontado no pagamento de \d{2}\/\d{2}\/\d{4}$/,
    );
  });
});
