import { and, desc, eq, like, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { auditLog, charges, mailMessages, plans, subscriptionEvents, subscriptions } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import { upsertAdmin } from "~/modules/auth/users.server";
import { createClient } from "~/modules/clients/clients.server";
import { addSubscription } from "~/modules/clients/subscriptions.server";
import { resetClock, setClock } from "~/server/clock.server";
import { renewalDigestJob } from "~/modules/mail-jobs/mail-jobs.server";
import { useTestDatabase } from "../../../tests/support/db";
import { createOneOffCharge, issueRenewalCharges } from "./billing.server";
import { listClientCharges } from "./charge-reads.server";
import { markOverdueCharges } from "./overdue.server";
import { cancelCharge } from "./reversals.server";
import { recordPayment } from "./payments.server";
import { billingSettingsSchema } from "./billing.schema";
import { DUNNING_MESSAGES, reminderLabel } from "./dunning.schema";
import { effectiveDueDate } from "./due-dates";
import { reminderStepFor, sendChargeReminders } from "./reminders.server";
import { saveBillingSettings } from "./settings.server";
import {
  listSuspensionsForDigest,
  setSuspensionExempt,
  suspendOverdueSubscriptions,
} from "./suspension.server";

const t = useTestDatabase();
// formatMoney separates "R$" with a no-break space.
const money = formatMoney(8990);
let premium: string;
const admin = { id: "admin-1", name: "Ana Admin" };
const PIX = {
  pixKey: "financeiro@empresa.dev",
  pixName: "Cardapio Digital",
  pixCity: "Sao Paulo",
  renewalDaysBefore: 10,
};

beforeAll(async () => {
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 0 })
    .returning();
  premium = plan.id;
  await saveBillingSettings({ input: PIX });
  await upsertAdmin({ email: "dona@empresa.dev", password: "senha-admin-123", name: "Dona" });
});

let seq = 0;
/**
 * A client whose first (monthly) charge is due on `start`, the subscription's first day: the
 * subscription is added ten days before it starts, so the "Prazo da primeira cobrança" (3 business
 * days) ends before the period starts and the charge is due on its first day (firstChargeDueDate).
 */
async function newClient(start: string) {
  seq += 1;
  const email = `cantina${seq}@cliente.dev`;
  const issuedOn = addDays(start, -10);
  const client = await createClient({
    input: {
      name: `Dona ${seq}`,
      email,
      phone: "(11) 98765-4321",
      businessName: `Cantina ${seq}`,
      planId: null,
      status: "ativo",
    },
    today: issuedOn,
    actor: admin,
  });
  setClock(`${issuedOn}T15:00:00Z`);
  try {
    await addSubscription({
      clientId: client.id,
      input: { planId: premium, startDate: start, renewalType: "mensal" },
      actor: admin,
    });
  } finally {
    resetClock();
  }
  const [charge] = await listClientCharges({ clientId: client.id });
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, client.id));
  return { client, charge, sub, email };
}

const reminders = (chargeId: string) =>
  t.db
    .select({ subject: mailMessages.subject, to: mailMessages.toAddress, html: mailMessages.html })
    .from(mailMessages)
    .where(and(eq(mailMessages.entityId, chargeId), eq(mailMessages.kind, "cobranca.lembrete")))
    .orderBy(mailMessages.createdAt);

/** Runs the job twice a day (a retry or a second instance) from `from` to `to`; the days each sent. */
async function runDays(from: string, to: string, chargeId: string) {
  const sentOn: Record<string, number> = {};
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const before = (await reminders(chargeId)).length;
    await sendChargeReminders({ today: day });
    await sendChargeReminders({ today: day });
    const after = (await reminders(chargeId)).length;
    if (after > before) sentOn[day] = after - before;
  }
  return sentOn;
}

const statusOf = async (subscriptionId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0];

const eventsNamed = async (name: string, subscriptionId: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from pgboss.job
           where name = 'events' and data->>'event' = ${name}
             and data->'payload'->>'subscriptionId' = ${subscriptionId}`,
      )
    )[0].n,
  );

describe("reminder settings", () => {
  it("accepts the default schedule and refuses bad steps in Portuguese", () => {
    const ok = billingSettingsSchema.safeParse({
      ...PIX,
      reminderOffsets: "7, -3, +3, 0",
      suspensionDays: "15",
    });
    expect(ok.success && ok.data.reminderOffsets).toEqual([-3, 0, 3, 7]);
    expect(ok.success && ok.data.suspensionDays).toBe(15);
    const none = billingSettingsSchema.safeParse({ ...PIX, reminderOffsets: "", suspensionDays: "15" });
    expect(none.success && none.data.reminderOffsets).toEqual([]);
    const bad = (reminderOffsets: unknown, suspensionDays: unknown = "15") => {
      const r = billingSettingsSchema.safeParse({ ...PIX, reminderOffsets, suspensionDays });
      return r.success ? null : r.error.issues.map((i) => i.message);
    };
    expect(bad("-3, hoje")).toEqual([DUNNING_MESSAGES.stepsInvalid]);
    expect(bad("1.5")).toEqual([DUNNING_MESSAGES.stepsInvalid]);
    expect(bad("0, 61")).toEqual([DUNNING_MESSAGES.stepOutOfRange]);
    expect(bad("3, 3")).toEqual([DUNNING_MESSAGES.stepsRepeated]);
    expect(bad("1,2,3,4,5,6,7,8,9")).toEqual([DUNNING_MESSAGES.stepsTooMany]);
    expect(bad(["-3"])).toEqual([DUNNING_MESSAGES.stepsInvalid]);
    expect(bad("0", "0")).toEqual([DUNNING_MESSAGES.suspensionDaysInvalid]);
    expect(bad("0", "91")).toEqual([DUNNING_MESSAGES.suspensionDaysInvalid]);
    expect(bad("0", "abc")).toEqual([DUNNING_MESSAGES.suspensionDaysInvalid]);
  });

  it("names the default steps as the issue does", () => {
    expect([-3, 0, 3, 7].map(reminderLabel)).toEqual([
      "vence em 3 dias",
      "vence hoje",
      "venceu há 3 dias",
      "venceu há 7 dias",
    ]);
  });
});

describe("the reminder schedule", () => {
  it("sends each step once, on its day, with the amount, due date and PIX copia e cola", async () => {
    // Tuesday 2026-03-10, a business day: the steps fall on 03-07, 03-10, 03-13 and 03-17.
    const { charge, email } = await newClient("2026-03-10");
    const sentOn = await runDays("2026-03-01", "2026-04-10", charge.id);
    expect(sentOn).toEqual({ "2026-03-07": 1, "2026-03-10": 1, "2026-03-13": 1, "2026-03-17": 1 });
    const mails = await reminders(charge.id);
    expect(mails.map((m) => m.subject)).toEqual([
      `Lembrete: a cobrança ${charge.number} (${money}) vence em 3 dias`,
      `Lembrete: a cobrança ${charge.number} (${money}) vence hoje`,
      `Lembrete: a cobrança ${charge.number} (${money}) venceu há 3 dias`,
      `Lembrete: a cobrança ${charge.number} (${money}) venceu há 7 dias`,
    ]);
    expect(mails.every((m) => m.to === email)).toBe(true);
    expect(mails[0].html).toContain("10/03/2026");
    expect(mails[0].html).toContain(money);
    expect(mails[0].html).toContain("br.gov.bcb.pix");
    // Like every charge e-mail, it points to the client's own area.
    // "Acessar a área do cliente": the sign-in page with the address filled in.
    expect(mails[0].html).toMatch(/href="https?:\/\/[^"]+\/cliente\/entrar\?email=[^"]+"/);
  });

  it("sends nothing once the charge is paid, nor for a cancelled one", async () => {
    const { charge } = await newClient("2026-05-05");
    await runDays("2026-04-28", "2026-05-05", charge.id);
    expect((await reminders(charge.id)).length).toBe(2);
    const paid = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-05-06", method: "pix", amountCents: charge.amountCents },
      today: "2026-05-06",
    });
    expect(paid.ok).toBe(true);
    await runDays("2026-05-06", "2026-06-01", charge.id);
    expect((await reminders(charge.id)).length).toBe(2);

    const other = await newClient("2026-05-05");
    await cancelCharge({ chargeId: other.charge.id, reason: "Cliente desistiu" });
    await runDays("2026-04-28", "2026-06-01", other.charge.id);
    expect(await reminders(other.charge.id)).toEqual([]);
  });

  it("counts a due date on a weekend or a national holiday from the next business day", async () => {
    expect(effectiveDueDate("2026-03-14")).toBe("2026-03-16"); // Saturday → Monday
    expect(effectiveDueDate("2026-04-21")).toBe("2026-04-22"); // Tiradentes (Tuesday)
    expect(effectiveDueDate("2026-04-03")).toBe("2026-04-06"); // Sexta-Feira Santa, then the weekend
    expect(effectiveDueDate("2026-03-16")).toBe("2026-03-16");
    const { client } = await newClient("2026-03-01");
    const weekend = await createOneOffCharge({
      clientId: client.id,
      input: { description: "Fotos do cardápio", amountCents: 5000, dueDate: "2026-03-14" },
      today: "2026-03-01",
    });
    const holiday = await createOneOffCharge({
      clientId: client.id,
      input: { description: "Treinamento", amountCents: 7000, dueDate: "2026-04-21" },
      today: "2026-03-01",
    });
    if (!weekend.ok || !holiday.ok) throw new Error("charge not created");
    expect(await runDays("2026-03-05", "2026-03-31", weekend.value.id)).toEqual({
      "2026-03-13": 1,
      "2026-03-16": 1,
      "2026-03-19": 1,
      "2026-03-23": 1,
    });
    expect(await runDays("2026-04-10", "2026-05-05", holiday.value.id)).toEqual({
      "2026-04-19": 1,
      "2026-04-22": 1,
      "2026-04-25": 1,
      "2026-04-29": 1,
    });
    const [venceHoje] = (await reminders(weekend.value.id)).slice(1, 2);
    expect(venceHoje.subject).toContain("vence hoje");
    expect(venceHoje.html).toContain("16/03/2026");
  });

  it("sends the latest step of a missed day late, but never one weeks old", () => {
    const steps = [-3, 0, 3, 7];
    expect(reminderStepFor("2026-03-10", steps, "2026-03-11")).toBe(0);
    expect(reminderStepFor("2026-03-10", steps, "2026-03-12")).toBe(0);
    expect(reminderStepFor("2026-03-10", steps, "2026-03-20")).toBeNull();
    expect(reminderStepFor("2026-03-10", steps, "2026-03-06")).toBeNull();
    expect(reminderStepFor("2026-03-10", [], "2026-03-10")).toBeNull();
  });

  it("two workers at once send each step once", async () => {
    const { charge } = await newClient("2026-07-07");
    await Promise.all([
      sendChargeReminders({ today: "2026-07-07" }),
      sendChargeReminders({ today: "2026-07-07" }),
      sendChargeReminders({ today: "2026-07-07" }),
    ]);
    expect((await reminders(charge.id)).map((m) => m.subject)).toEqual([
      `Lembrete: a cobrança ${charge.number} (${money}) vence hoje`,
    ]);
  });

  it("follows the schedule in the settings", async () => {
    await saveBillingSettings({ input: { ...PIX, reminderOffsets: [1], suspensionDays: 15 } });
    try {
      const { charge } = await newClient("2026-08-04");
      expect(await runDays("2026-07-25", "2026-08-20", charge.id)).toEqual({ "2026-08-05": 1 });
      expect((await reminders(charge.id))[0].subject).toContain("venceu há 1 dia");
    } finally {
      await saveBillingSettings({ input: { ...PIX, reminderOffsets: [-3, 0, 3, 7], suspensionDays: 15 } });
    }
  });
});

describe("suspension", () => {
  // The suspension job looks at every subscription: the earlier cases leave overdue ones behind,
  // so each case exempts them first and counts only its own.
  beforeEach(async () => {
    await t.db.update(subscriptions).set({ suspensionExempt: true });
  });

  it("suspends after N days overdue, audited, announced, in the history, and e-mailed", async () => {
    // Due Tuesday 2026-09-01: 15 days later is 09-16 (not yet), 16 days is 09-17.
    const { charge, sub, email, client } = await newClient("2026-09-01");
    await markOverdueCharges({ today: "2026-09-02" });
    expect(await suspendOverdueSubscriptions({ today: "2026-09-16" })).toBe(0);
    expect((await statusOf(sub.id)).status).toBe("ativa");
    expect(await suspendOverdueSubscriptions({ today: "2026-09-17" })).toBe(1);
    expect(await suspendOverdueSubscriptions({ today: "2026-09-17" })).toBe(0);
    expect((await statusOf(sub.id)).status).toBe("suspensa");

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, "subscription.suspended")));
    expect(audits).toHaveLength(1);
    expect(await eventsNamed("subscription.suspended", sub.id)).toBe(1);
    const history = await t.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subscriptionId, sub.id), eq(subscriptionEvents.kind, "suspensao")));
    // A suspension is churn in Receita: the MRR goes to 0 until the client pays.
    expect(history).toMatchObject([{ effectiveOn: "2026-09-17", mrrBeforeCents: 8990, mrrAfterCents: 0 }]);
    const mails = await t.db
      .select({ kind: mailMessages.kind, to: mailMessages.toAddress, subject: mailMessages.subject })
      .from(mailMessages)
      .where(like(mailMessages.kind, "assinatura.suspensa%"))
      .orderBy(mailMessages.kind);
    const mine = mails.filter((m) => m.to === email || m.subject.includes(client.name));
    expect(mine).toEqual([
      { kind: "assinatura.suspensa", to: email, subject: `Assinatura suspensa: ${client.businessName}` },
      {
        kind: "assinatura.suspensa-admin",
        to: "dona@empresa.dev",
        subject: `Assinatura suspensa por atraso: ${client.name} (16 dias)`,
      },
    ]);
    expect(charge.status).toBe("pendente");
    const digest = await listSuspensionsForDigest({ today: "2026-09-17" });
    expect(digest.suspended.map((s) => s.clientId)).toContain(client.id);
    // The admins' daily digest lists it under "Assinaturas suspensas".
    await renewalDigestJob.handler(
      { today: "2026-09-17" },
      { id: "d", retryCount: 0, retryLimit: 0, isLastAttempt: true },
    );
    const [summary] = await t.db
      .select({ subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages)
      .where(eq(mailMessages.kind, "assinaturas.resumo"))
      .orderBy(desc(mailMessages.createdAt))
      .limit(1);
    expect(summary.subject).toMatch(/assinaturas? suspensas? ou a suspender/);
    expect(summary.text).toContain("Assinaturas suspensas");
    expect(summary.text).toContain(client.name);
  });

  it("counts the N days from the next business day when due on a holiday", async () => {
    // 2026-11-02 (Finados, Monday): effectively due 11-03; 16 days overdue on 11-19, not 11-18.
    const { sub } = await newClient("2026-11-02");
    expect(await suspendOverdueSubscriptions({ today: "2026-11-18" })).toBe(0);
    const digest = await listSuspensionsForDigest({ today: "2026-11-18" });
    expect(digest.aboutToSuspend.map((s) => s.daysOverdue)).toContain(15);
    expect(await suspendOverdueSubscriptions({ today: "2026-11-19" })).toBe(1);
    expect((await statusOf(sub.id)).status).toBe("suspensa");
  });

  it("reactivates at once when the charge is paid", async () => {
    const { charge, sub, client } = await newClient("2027-01-05");
    await suspendOverdueSubscriptions({ today: "2027-01-25" });
    expect((await statusOf(sub.id)).status).toBe("suspensa");
    const paid = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2027-01-26", method: "pix", amountCents: charge.amountCents },
      actor: admin,
      today: "2027-01-26",
    });
    expect(paid.ok).toBe(true);
    expect((await statusOf(sub.id)).status).toBe("ativa");
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, "subscription.reactivated")));
    expect(audits).toHaveLength(1);
    expect(await eventsNamed("subscription.reactivated", sub.id)).toBe(1);
    const kinds = await t.db
      .select({
        kind: subscriptionEvents.kind,
        before: subscriptionEvents.mrrBeforeCents,
        after: subscriptionEvents.mrrAfterCents,
      })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, sub.id))
      .orderBy(subscriptionEvents.createdAt);
    // Out of MRR while suspended, back at the plan's price once paid (churn, then reativação).
    expect(kinds.filter((k) => k.kind !== "renovacao")).toEqual([
      { kind: "inicio", before: 0, after: 8990 },
      { kind: "suspensao", before: 8990, after: 0 },
      { kind: "reativacao", before: 0, after: 8990 },
    ]);
    // Paid: not suspended again.
    expect(await suspendOverdueSubscriptions({ today: "2027-02-20" })).toBe(0);
  });

  it("keeps charging a suspended subscription: paid after its period's end, it goes on renewing", async () => {
    // First period 2027-03-02 to 2027-04-01, unpaid: suspended on 03-18, still suspended when the
    // renewal window opens, so the next period (from 04-02) is charged all the same.
    const { charge, sub } = await newClient("2027-03-02");
    await suspendOverdueSubscriptions({ today: "2027-03-18" });
    expect((await statusOf(sub.id)).status).toBe("suspensa");
    const endDate = (await statusOf(sub.id)).endDate;
    expect(await issueRenewalCharges({ today: addDays(endDate, -10), daysBefore: 10 })).toBe(1);
    const renewal = (await listClientCharges({ clientId: sub.clientId })).find(
      (c) => c.periodStart === endDate,
    );
    expect(renewal?.status).toBe("pendente");
    // The first charge paid late, after the period's end: ativa, and the renewal is still due.
    const paid = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: addDays(endDate, 2), method: "pix", amountCents: charge.amountCents },
      today: addDays(endDate, 2),
    });
    expect(paid.ok).toBe(true);
    expect((await statusOf(sub.id)).status).toBe("ativa");
    expect(
      (await listClientCharges({ clientId: sub.clientId })).filter((c) => c.status === "pendente"),
    ).toHaveLength(1);
  });

  it("never suspends a paid-ahead client for a later period's charge", async () => {
    const { charge, sub } = await newClient("2027-03-02");
    await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2027-03-02", method: "pix", amountCents: charge.amountCents },
      today: "2027-03-02",
    });
    // The next period's charge, issued and due early (as a provider may), unpaid for 30 days
    // while its period (from 2027-04-02) has not started.
    const [later] = await t.db
      .insert(charges)
      .values({
        number: "2027-900001",
        clientId: sub.clientId,
        subscriptionId: sub.id,
        origin: "assinatura",
        periodStart: "2027-04-02",
        periodEnd: "2027-05-01",
        dueDate: "2027-02-20",
        subtotalCents: 8990,
        amountCents: 8990,
        status: "vencida",
      })
      .returning();
    expect(await suspendOverdueSubscriptions({ today: "2027-03-25" })).toBe(0);
    expect((await statusOf(sub.id)).status).toBe("ativa");
    // Once that period has started, the debt counts.
    expect(await suspendOverdueSubscriptions({ today: "2027-04-02" })).toBe(1);
    expect(later.status).toBe("vencida");
  });

  it("never suspends an exempt subscription, and exempting a suspended one reactivates it", async () => {
    const { sub, client } = await newClient("2027-06-01");
    expect(
      await setSuspensionExempt({ clientId: client.id, subscriptionId: sub.id, exempt: true, actor: admin }),
    ).toEqual({
      ok: true,
    });
    expect(await suspendOverdueSubscriptions({ today: "2027-07-10" })).toBe(0);
    expect((await statusOf(sub.id)).status).toBe("ativa");
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, "subscription.suspension_exempted")));
    expect(entry).toMatchObject({ actorName: admin.name });

    const other = await newClient("2027-06-01");
    await suspendOverdueSubscriptions({ today: "2027-07-10" });
    expect((await statusOf(other.sub.id)).status).toBe("suspensa");
    await setSuspensionExempt({
      clientId: other.client.id,
      subscriptionId: other.sub.id,
      exempt: true,
      actor: admin,
    });
    expect((await statusOf(other.sub.id)).status).toBe("ativa");
    // Another client's subscription id is refused, and nothing changes.
    expect(
      await setSuspensionExempt({
        clientId: client.id,
        subscriptionId: other.sub.id,
        exempt: false,
        actor: admin,
      }),
    ).toMatchObject({ ok: false });
    expect((await statusOf(other.sub.id)).suspensionExempt).toBe(true);
  });
});
