import { eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { billingSettings, clients, plans, subscriptions } from "~/db/schema";
import { addDays } from "~/lib/dates";
import {
  createClient,
  updateClient,
  addNote,
  addSubscription,
  cancelSubscription,
  changeSubscriptionPlan,
} from "~/modules/clients/index.server";
import type { ClientStatus } from "~/modules/clients/clients.constants";
import { ClientEditSchema } from "~/modules/clients/clients.schema";
import { ContactSchema } from "~/modules/leads/contact.schema";
import { createLead, convertLead, addLeadNote, moveLead } from "~/modules/leads/index.server";
import type { Stage } from "~/modules/leads/leads.schema";
import { recordPayout } from "~/modules/payouts/index.server";
import { createMyReferral } from "~/modules/referrals/index.server";
import { ReferralFormSchema } from "~/modules/referrals/referral-form.schema";
import { EMPTY_ATTRIBUTION } from "~/modules/site/index.server";
import { DEMO_COMPANY, DEMO_PIX, type DemoLead } from "~/server/dev-data/demo-business-content";
import { resetClock } from "~/server/clock.server";
import { whileBuildingDemo } from "~/server/mail/mail.server";
import { cancelCharge, createOneOffCharge, runTimeline, type Payers, type Step } from "./simulate.server";
import { clientStories, DEMO_LEADS, DEMO_ONE_OFF_CHARGES, DEMO_REFERRALS } from "./story";

/**
 * The demo business of a first start (SEED_DEMO=true), made by the product's own code
 * (decision 039): the clock moves through the past year and, on each day, the demo's people do what the
 * story says (sign up, convert, change plans, cancel, refer) while the product does the rest
 * (charges, payments when due, overdue, suspension, onboardings, referral statuses, commissions,
 * Receita's history). So every page agrees with every other by construction: nothing is written
 * by hand. Its e-mails are logged as demonstration, never sent (whileBuildingDemo).
 * Runs after the content's transaction committed (each step is its own transaction, as in use).
 */
export async function buildDemoBusiness({
  representativeId,
  today,
}: {
  representativeId: string;
  today: string;
}): Promise<void> {
  const db = getDb();
  const planRows = await db.select().from(plans);
  const plan = (name: string) => planRows.find((p) => p.name === name)!;
  // The Central Bank's example random key, labelled as the demo's in Configurações → Financeiro:
  // every open charge shows a copia e cola and a QR.
  await db
    .insert(billingSettings)
    .values({ id: 1, ...DEMO_PIX, ...DEMO_COMPANY, pixKeyIsDemo: true })
    .onConflictDoNothing();

  const steps = new Map<string, Step[]>();
  const on = (daysAgo: number, step: Step) => {
    const day = addDays(today, -Math.max(0, daysAgo));
    steps.set(day, [...(steps.get(day) ?? []), step]);
  };
  const payers: Payers = new Map();
  const held = new Set<string>();
  const clientOf = new Map<string, string>();
  const subscriptionOf = async (clientId: string) =>
    (await db.select().from(subscriptions).where(eq(subscriptions.clientId, clientId)))[0];
  const setStatus = (clientId: string, status: ClientStatus) => async () => {
    const [c] = await db.select().from(clients).where(eq(clients.id, clientId));
    await updateClient({
      id: clientId,
      input: { name: c.name, email: c.email, phone: c.phone, businessName: c.businessName, status },
    });
  };

  // Leads from the site, each worked through the funnel up to where it stands today.
  const leadIds = new Map<number, string>();
  DEMO_LEADS.forEach((l, i) => {
    if (l.stage === "convertido") return;
    on(l.daysAgo, async () => leadIds.set(i, await siteLead(l)));
    workLead(on, () => leadIds.get(i)!, l.daysAgo, l.stage, i);
  });

  for (const s of clientStories()) {
    const c = s.client;
    const start = plan(s.startPlan);
    const joined = async (clientId: string) => {
      clientOf.set(c.business, clientId);
      const p = s.payer;
      payers.set(
        clientId,
        p === "never" ? "never" : { delay: p.delay, lastDue: p.until ? addDays(today, -p.until) : undefined },
      );
      if (s.inOnboarding) held.add(clientId);
      if (c.status === "pendente") await setStatus(clientId, "pendente")();
    };
    if (s.lead !== null) {
      // Came in by the site's form and was converted on the day it signed up.
      const l = DEMO_LEADS[s.lead];
      const since = s.since + 3;
      on(since, async () => leadIds.set(s.lead!, await siteLead(l)));
      workLead(on, () => leadIds.get(s.lead!)!, since, "negociando", s.lead);
      on(s.since, async () => {
        const res = await convertLead({ id: leadIds.get(s.lead!)!, planId: start.id, actor: null });
        if (!res.ok) throw new Error(`demo: conversão de ${c.business}: ${res.message}`);
        await joined(res.clientId);
      });
    } else {
      on(s.since, async () => {
        const input = clientInput(c, s.renewal === "mensal" ? start.id : null);
        const client = await createClient({ input, today: addDays(today, -s.since) });
        if (s.renewal !== "mensal")
          await addSubscription({
            clientId: client.id,
            input: { planId: start.id, startDate: addDays(today, -s.since), renewalType: s.renewal },
          });
        await joined(client.id);
      });
    }
    (c.notes ?? []).forEach((note, j) =>
      on(s.since - j - 1, () => addNote({ clientId: clientOf.get(c.business)!, note })),
    );
    for (const change of s.planChanges)
      on(change.daysAgo, async () => {
        const clientId = clientOf.get(c.business)!;
        const sub = await subscriptionOf(clientId);
        await changeSubscriptionPlan({
          clientId,
          subscriptionId: sub.id,
          planId: plan(change.plan).id,
          when: change.when,
        });
      });
    if (s.cancel) {
      const { daysAgo, when } = s.cancel;
      on(daysAgo, async () => {
        const clientId = clientOf.get(c.business)!;
        const sub = await subscriptionOf(clientId);
        await cancelSubscription({ clientId, subscriptionId: sub.id, when });
        // What it still owed is written off with the contract.
        for (const open of await openChargesOf(clientId))
          await cancelCharge({ chargeId: open, reason: "Contrato encerrado." });
        if (when === "agora") await setStatus(clientId, "inativo")();
        else {
          const ended = await subscriptionOf(clientId);
          const left = Math.max(
            0,
            Math.round((Date.parse(today) - Date.parse(ended.cancelAt!)) / 86_400_000),
          );
          on(left, setStatus(clientId, "inativo"));
        }
      });
    }
  }

  // The representative's referrals, each through the pipeline up to where it stands today.
  const referralIds: string[] = [];
  for (const [i, r] of DEMO_REFERRALS.entries()) {
    let leadId = "";
    on(r.daysAgo, async () => {
      const made = await createMyReferral({
        representativeId,
        input: ReferralFormSchema.parse({
          businessName: r.business,
          contactName: r.contact,
          contactPhone: r.phone,
          planId: plan(r.plan).id,
        }),
      });
      leadId = made.leadId!;
      if (r.status === "concluido") referralIds.push(made.id);
    });
    if (r.status === "analise") continue;
    if (r.status === "cancelada") {
      workLead(on, () => leadId, r.daysAgo, "perdido", i);
      continue;
    }
    workLead(on, () => leadId, r.daysAgo, "negociando", i);
    on(r.daysAgo - 4, async () => {
      const res = await convertLead({
        id: leadId,
        planId: plan(r.plan).id,
        email: r.email ?? null,
        actor: null,
      });
      if (!res.ok) throw new Error(`demo: conversão de ${r.business}: ${res.message}`);
      payers.set(res.clientId, r.status === "aguardando_pagamento" ? "never" : { delay: 0 });
      if (r.status === "producao") held.add(res.clientId);
    });
  }
  // The oldest commission paid out by transfer.
  on(10, async () => {
    const oldest = referralIds[referralIds.length - 1];
    if (oldest)
      await recordPayout({
        representativeId,
        input: {
          referralIds: [oldest],
          paidOn: addDays(today, -10),
          method: "transferencia",
          reference: null,
        },
        actor: null,
      });
  });

  for (const o of DEMO_ONE_OFF_CHARGES) {
    const business = clientStories().find((s) => s.client.email === o.client)?.client.business;
    let chargeId = "";
    on(o.issuedDaysAgo, async () => {
      const res = await createOneOffCharge({
        clientId: clientOf.get(business!)!,
        input: { description: o.description, amountCents: o.amountCents, dueDate: addDays(today, o.dueIn) },
        today: addDays(today, -o.issuedDaysAgo),
      });
      if (!res.ok) throw new Error(`demo: cobrança avulsa: ${res.message}`);
      chargeId = res.value.id;
    });
    if (o.cancelReason) on(o.issuedDaysAgo - 3, () => cancelCharge({ chargeId, reason: o.cancelReason! }));
  }

  const first = [...steps.keys()].sort()[0];
  try {
    await whileBuildingDemo(() => runTimeline({ first, today, steps, payers, held }));
  } finally {
    resetClock();
  }
}

async function openChargesOf(clientId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    getDb(),
    sql`select id from charges where client_id = ${clientId} and status in ('pendente', 'vencida')`,
  );
  return rows.map((r) => r.id);
}

/** A client as the admin's form saves it (the phone stored as digits, the e-mail lowercased). */
function clientInput(
  c: { name: string; email: string; phone: string; business: string },
  planId: string | null,
) {
  const input = ClientEditSchema.parse({
    name: c.name,
    email: c.email,
    phone: c.phone,
    businessName: c.business,
    status: "ativo",
  });
  return { ...input, planId };
}

/** A lead as the site's form makes it, with the campaign it came from. */
async function siteLead(l: DemoLead): Promise<string> {
  const input = ContactSchema.parse({
    name: l.name,
    email: l.email,
    phone: l.phone,
    business: l.business,
    plan: l.plan,
    message: l.message,
  });
  const attribution = l.utm
    ? {
        ...EMPTY_ATTRIBUTION,
        utmSource: l.utm,
        utmMedium: l.utm === "instagram" ? "social" : "cpc",
        utmCampaign: "cardapio-sem-comissao",
        referrer: l.utm === "google" ? "https://www.google.com/" : null,
        landingPage: "/",
      }
    : null;
  const lead = await createLead({ input, plan: l.plan, isRepresentative: false, attribution });
  return lead.id;
}

const FUNNEL: Stage[] = ["novo", "contatado", "qualificado", "negociando"];

/**
 * The team works a lead that arrived `daysAgo`: the first contact (a note, then "Contatado") that
 * day or the next, then a stage a day until `stage`; a lost one is lost after its first contact.
 */
function workLead(
  on: (daysAgo: number, step: Step) => void,
  leadId: () => string,
  daysAgo: number,
  stage: Stage,
  i: number,
) {
  if (stage === "novo") return;
  let day = daysAgo - (i % 2);
  on(day, async () => {
    await addLeadNote({ leadId: leadId(), note: "Primeiro contato pelo WhatsApp.", actor: null });
    await moveLead({ id: leadId(), from: "novo", to: "contatado" });
  });
  if (stage === "perdido") {
    on(day - 1, () =>
      moveLead({ id: leadId(), from: "contatado", to: "perdido", lost: { reason: "Sem resposta" } }),
    );
    return;
  }
  const last = FUNNEL.indexOf(stage);
  for (let k = 2; k <= last; k++) {
    day -= 1;
    const from = FUNNEL[k - 1];
    const to = FUNNEL[k];
    on(day, () => moveLead({ id: leadId(), from, to }));
  }
}
