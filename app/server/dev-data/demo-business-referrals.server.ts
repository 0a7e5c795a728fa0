import type { Tx } from "~/db/client.server";
import {
  auditLog,
  clients,
  leads,
  PIPELINE_CAUSES,
  PIPELINE_REASON_FIELD,
  referrals,
  subscriptions,
  type PipelineCause,
} from "~/db/schema";
import { addDays } from "~/lib/dates";
import { normalizePhone } from "~/lib/phone";
import { DEMO_REFERRALS } from "./demo-business-content";

/** The automatic moves that brought a referral to its status (issue 30), oldest first. */
const PATHS: Record<string, PipelineCause[]> = {
  analise: [],
  aguardando_pagamento: ["lead_converted"],
  producao: ["lead_converted", "first_charge_paid"],
  concluido: ["lead_converted", "first_charge_paid", "onboarding_published"],
  cancelada: ["lead_lost"],
};
const LOST_REASON = "Sem resposta";
/** Days after the referral each cause happened. */
const DAYS_AFTER: Record<PipelineCause, number> = {
  lead_converted: 2,
  first_charge_paid: 3,
  onboarding_published: 7,
  lead_lost: 3,
  lead_resumed: 4,
  payment_reversed: 10,
};

/**
 * The demo representative's referrals as the pipeline leaves them (issue 30 item 6): each one is a
 * lead "Indicação de {representante}"; those past `analise` were converted into a client with the
 * e-mail given then; a lost lead's referral is cancelled. Their history holds the automatic moves
 * "pelo sistema" (audit entries with no actor), as the domain functions would have written them;
 * nothing is e-mailed.
 */
export async function seedDemoReferrals(
  tx: Tx,
  {
    representativeId,
    today,
    at,
    planId,
    planCommission,
  }: {
    representativeId: string;
    today: string;
    at: (daysAgo: number, hour?: number) => Date;
    planId: (name: string) => string | null;
    planCommission: (name: string) => number | null;
  },
) {
  for (const [i, r] of DEMO_REFERRALS.entries()) {
    const phone = normalizePhone(r.phone) ?? r.phone;
    const path = PATHS[r.status];
    const when = (cause: PipelineCause) => at(Math.max(0, r.daysAgo - DAYS_AFTER[cause]), 11);
    const converted = path.includes("lead_converted");
    const plan = planId(r.plan);
    let clientId: string | null = null;
    if (converted && r.email) {
      const [client] = await tx
        .insert(clients)
        .values({
          name: r.contact,
          email: r.email,
          phone,
          businessName: r.business,
          planId: plan,
          status: "ativo",
          createdAt: when("lead_converted"),
          updatedAt: when("lead_converted"),
        })
        .returning({ id: clients.id });
      clientId = client.id;
      if (plan) {
        // Renewed well ahead: the dashboard's "ending soon" stays the demo clients' story.
        const endDate = addDays(today, 20 + i);
        await tx.insert(subscriptions).values({
          clientId,
          planId: plan,
          startDate: addDays(endDate, -30),
          endDate,
          status: "ativa",
          renewalType: "mensal",
          createdAt: when("lead_converted"),
        });
      }
    }
    const stage = converted
      ? "convertido"
      : r.status === "cancelada"
        ? "perdido"
        : r.daysAgo <= 2
          ? "novo"
          : "contatado";
    const [lead] = await tx
      .insert(leads)
      .values({
        name: r.contact,
        // A referral has no e-mail until the conversion asks for it.
        email: converted ? (r.email ?? "") : "",
        phone,
        business: r.business,
        plan: r.plan,
        statusFunil: stage,
        status: stage,
        convertedClientId: clientId,
        lostReason: stage === "perdido" ? LOST_REASON : null,
        referredById: representativeId,
        createdAt: at(r.daysAgo),
        updatedAt: path.length ? when(path[0]) : at(r.daysAgo),
      })
      .returning({ id: leads.id });
    const [referral] = await tx
      .insert(referrals)
      .values({
        representativeId,
        leadId: lead.id,
        clientId,
        businessName: r.business,
        contactName: r.contact,
        contactPhone: phone,
        planId: plan,
        // The snapshot a referral made in the portal takes (issue 14).
        planName: plan ? r.plan : null,
        commissionCents: planCommission(r.plan),
        completedAt: r.status === "concluido" ? when("onboarding_published") : null,
        status: r.status,
        // Issue 45: the demo's cancelled referral is the lost lead's.
        cancelCause: r.status === "cancelada" ? "lead_perdido" : null,
        createdAt: at(r.daysAgo),
        updatedAt: path.length ? when(path[path.length - 1]) : at(r.daysAgo),
      })
      .returning({ id: referrals.id });
    let from: string = "analise";
    for (const cause of path) {
      const rule = PIPELINE_CAUSES[cause];
      await tx.insert(auditLog).values({
        at: when(cause),
        actorId: null,
        actorName: null,
        action: "referral.status_changed",
        entityType: "referral",
        entityId: referral.id,
        entityLabel: r.business,
        changes: {
          status: [from, rule.to],
          [PIPELINE_REASON_FIELD]: [null, rule.reason],
          ...(cause === "lead_lost" ? { motivoPerda: [null, LOST_REASON] } : {}),
        },
      });
      from = rule.to;
    }
  }
}
