import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "~/db/client.server";
import { account, clientNotes, clients, leads, representatives, subscriptions, user } from "~/db/schema";
import { addDays, addMonths, todayInSaoPaulo } from "~/lib/dates";
import { DEMO_CLIENTS, DEMO_LEADS, DEMO_REPRESENTATIVE } from "./demo-business-content";
import { seedDemoReferrals } from "./demo-business-referrals.server";
import { normalizePhone } from "~/lib/phone";
import { seedDemoFirstContacts, seedDemoOnboardings } from "./demo-onboarding";

/** The content is written as people type; stored, like every phone, as the national digits. */
const digitsOf = (phone: string) => normalizePhone(phone) ?? phone;

export interface DemoBusiness {
  representativeEmail: string;
  /** Generated on this start and shown once to the operator, like the first admin's. */
  representativePassword: string;
}

const DAY = 86_400_000;
// Months per renewal type (clients.schema's RENEWAL_MONTHS; the server layer imports no module).
const MONTHS = { mensal: 1, trimestral: 3 } as const;

/**
 * A small, believable business for a new install (issue 17 item 10), so the dashboard, the funnel
 * and the portal show what they are for: ~30 leads over every stage, 10 clients with
 * subscriptions (two ending within 7 days, one overdue) and 3 former ones (twelve months of
 * revenue history), notes, and a representative with
 * referrals in each status. Rows are inserted directly, not through the domain functions: the
 * demo must not e-mail anyone, fire webhooks or write "who did it" audit entries. Each referral
 * carries the plan snapshot (name, commission) the portal would have taken.
 * Runs in the caller's transaction, only on an empty database (the caller checks).
 */
export async function seedDemoBusiness(tx: Tx, now = new Date()): Promise<DemoBusiness> {
  const planRows = await queryRows<{ id: string; name: string; commission_cents: number }>(
    tx,
    sql`select id, name, commission_cents from plans`,
  );
  const planId = (name: string) => planRows.find((p) => p.name === name)?.id ?? null;
  const planCommission = (name: string) => planRows.find((p) => p.name === name)?.commission_cents ?? null;
  const today = todayInSaoPaulo(now);
  const at = (daysAgo: number, hour = 10) =>
    new Date(now.getTime() - daysAgo * DAY + (hour - 12) * 3_600_000);

  const clientIds: string[] = [];
  for (const [i, c] of DEMO_CLIENTS.entries()) {
    const plan = planId(c.plan);
    const [row] = await tx
      .insert(clients)
      .values({
        name: c.name,
        email: c.email,
        phone: digitsOf(c.phone),
        businessName: c.business,
        planId: plan,
        status: c.status,
        createdAt: at(c.since),
        updatedAt: at(c.since),
      })
      .returning({ id: clients.id });
    clientIds.push(row.id);
    if (plan) {
      // The subscription's paid periods reach back to about the sign-up; its end is where the
      // last paid period left it (paying a renewal moves it, issue 29).
      const end = addDays(today, c.endsIn);
      const renewalType = c.endsIn > 45 ? ("trimestral" as const) : ("mensal" as const);
      const step = MONTHS[renewalType];
      const periods = Math.max(1, Math.round((c.since + c.endsIn) / (30 * step)));
      const start = addMonths(end, -periods * step);
      await tx.insert(subscriptions).values({
        clientId: row.id,
        planId: plan,
        startDate: start,
        endDate: end,
        status: c.status === "inativo" ? "inativa" : "ativa",
        renewalType,
        createdAt: at(c.since),
      });
    }
    for (const [j, note] of (c.notes ?? []).entries()) {
      await tx
        .insert(clientNotes)
        .values({ clientId: row.id, note, createdAt: at(c.since - j - 1, 15 + (i % 3)) });
    }
  }

  const leadRows: { id: string; createdAt: Date; stage: string }[] = [];
  for (const [i, l] of DEMO_LEADS.entries()) {
    const stage = l.stage;
    const [leadRow] = await tx
      .insert(leads)
      .values({
        name: l.name,
        email: l.email,
        phone: digitsOf(l.phone),
        business: l.business,
        plan: l.plan,
        message: l.message ?? null,
        statusFunil: stage,
        status: stage,
        convertedClientId:
          stage === "convertido" ? (clientIds[l.client ?? i % clientIds.length] ?? null) : null,
        utmSource: l.utm ?? null,
        utmMedium: l.utm ? (l.utm === "instagram" ? "social" : "cpc") : null,
        utmCampaign: l.utm ? "cardapio-sem-comissao" : null,
        referrer: l.utm === "google" ? "https://www.google.com/" : null,
        landingPage: "/",
        createdAt: at(l.daysAgo, 9 + (i % 9)),
        updatedAt: at(Math.max(0, l.daysAgo - 1), 9 + (i % 9)),
      })
      .returning({ id: leads.id, createdAt: leads.createdAt });
    leadRows.push({ ...leadRow, stage });
  }
  // Issue 30: the promises measured have something to measure.
  await seedDemoFirstContacts(tx, leadRows);
  await seedDemoOnboardings(tx, { clientIds, today, at });

  const password = randomBytes(9).toString("base64url");
  // better-auth's own hash, so its sign-in verifies it (as the scale generator does).
  const authId = crypto.randomUUID();
  await tx.insert(user).values({
    id: authId,
    name: DEMO_REPRESENTATIVE.name,
    email: DEMO_REPRESENTATIVE.email,
    role: "representative",
  });
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: authId,
    providerId: "credential",
    userId: authId,
    password: await hashPassword(password),
  });
  const [rep] = await tx
    .insert(representatives)
    .values({ name: DEMO_REPRESENTATIVE.name, email: DEMO_REPRESENTATIVE.email, authId, createdAt: at(60) })
    .returning({ id: representatives.id });
  // Issue 30: each referral followed its lead and client through the pipeline.
  await seedDemoReferrals(tx, { representativeId: rep.id, today, at, planId, planCommission });
  return { representativeEmail: DEMO_REPRESENTATIVE.email, representativePassword: password };
}
