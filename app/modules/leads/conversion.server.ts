// SPEC §4 lead → client: the conversion, apart from the board's reads and moves (funnel.server).
import { eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { clients, leads, plans } from "~/db/schema";
import { today as clockToday, now as clockNow } from "~/server/clock.server";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { firstChargeLines, linesTotal, type FirstChargeLine } from "~/modules/billing/index.server";
import type { RenewalType } from "~/modules/clients/clients.constants";
import { startSubscription } from "~/modules/clients/index.server";
import { emit } from "~/modules/events/index.server";
import { listPlanOptions, type PlanOption } from "~/modules/plans/index.server";
import { copyNotesToClient } from "./lead.server";
import { CONVERT_EMAIL_MESSAGES, LEAD_MESSAGES, type Stage } from "./leads.schema";

export type ConvertRefusal =
  "duplicate_email" | "not_found" | "wrong_stage" | "plan_required" | "email_required";
export type ConvertResult =
  { ok: true; clientId: string } | { ok: false; code: ConvertRefusal; message: string };

/** A converted lead's client is billed monthly from the day of the conversion. */
const CONVERSION_RENEWAL: RenewalType = "mensal";

export interface ConversionPlan extends PlanOption {
  /** The charge that converting with this plan issues at once, and e-mails to the client. */
  firstCharge: { amountCents: number; lines: Pick<FirstChargeLine, "kind" | "amountCents">[] };
}

/**
 * The plans the conversion dialog offers, each with the first charge it would issue, by billing's
 * own rule (firstChargeLines): the client is new, so its subscription is its first and the plan's
 * activation fee comes with the first month. The dialog shows what the server will charge.
 */
export async function listConversionPlans({ today = clockToday() }: { today?: string } = {}): Promise<
  ConversionPlan[]
> {
  return (await listPlanOptions()).map((plan) => {
    const lines = firstChargeLines({
      plan,
      renewalType: CONVERSION_RENEWAL,
      start: today,
      firstSubscription: true,
    });
    return {
      ...plan,
      firstCharge: {
        amountCents: linesTotal(lines),
        lines: lines.map(({ kind, amountCents }) => ({ kind, amountCents })),
      },
    };
  });
}

class ConversionRefused extends Error {
  constructor(
    public code: ConvertRefusal,
    message: string,
  ) {
    super(message);
  }
}

/**
 * SPEC §4 lead → client, in ONE transaction: the lead row is locked, must be `negociando`, no
 * client may have its e-mail; the client is created `ativo` and the lead becomes `convertido`
 * pointing at it; the lead's notes are copied to the client. Two admins converting at once: the second waits on the lock, then finds
 * `convertido` and is refused.
 *
 * The plan: `planId` a plan's id → the client gets it AND its first subscription,
 * by the client form's rules (ativa, mensal, from `today` in São Paulo); `null` → explicitly no
 * plan, no subscription; left out → the plan whose name is the lead's plan text, and refused
 * (`plan_required`) when none is (the dialog then asks).
 */
export async function convertLead({
  id,
  planId,
  email: givenEmail,
  actor = null,
  today = clockToday(),
}: {
  id: string;
  planId?: string | null;
  /** The client's e-mail when the lead has none (a representative's referral). */
  email?: string | null;
  actor?: Actor | null;
  today?: string;
}): Promise<ConvertResult> {
  if (typeof planId === "string" && !isId(planId))
    return { ok: false, code: "plan_required", message: LEAD_MESSAGES.planRequired };
  try {
    const clientId = await getDb().transaction(async (tx) => {
      const [lead] = await queryRows<{
        id: string;
        name: string;
        email: string;
        phone: string;
        business: string;
        plan: string;
        status_funil: Stage;
      }>(
        tx,
        sql`select id, name, email, phone, business, plan, status_funil from ${leads}
            where ${leads.id} = ${id} for update`,
      );
      if (!lead) throw new ConversionRefused("not_found", "lead não encontrado");
      if (lead.status_funil !== "negociando")
        throw new ConversionRefused("wrong_stage", "o lead não está em negociação");
      // A referral's lead has no e-mail: the admin gives it in the dialog; a lead's own e-mail wins.
      let email = lead.email.trim().toLowerCase();
      if (!email) {
        const problem = CONVERT_EMAIL_MESSAGES.check(givenEmail);
        if (problem) throw new ConversionRefused("email_required", problem);
        email = givenEmail!.trim().toLowerCase();
      }
      const [dup] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.email, email))
        .limit(1);
      if (dup) throw new ConversionRefused("duplicate_email", LEAD_MESSAGES.duplicateEmail);
      const [plan] =
        planId === null
          ? []
          : await tx
              .select({ id: plans.id, name: plans.name })
              .from(plans)
              .where(planId === undefined ? eq(plans.name, lead.plan.trim()) : eq(plans.id, planId))
              .orderBy(plans.priceCents, plans.id)
              .limit(1);
      if (planId !== null && !plan) throw new ConversionRefused("plan_required", LEAD_MESSAGES.planRequired);
      const [client] = await tx
        .insert(clients)
        .values({
          name: lead.name.trim(),
          email,
          phone: lead.phone.trim(),
          businessName: lead.business.trim(),
          planId: plan?.id ?? null,
          status: "ativo",
        })
        .returning({ id: clients.id });
      // Its subscribers: the first charge. The history's start comes with it, so Receita counts
      // the converted client from today (a conversion once wrote the subscription alone).
      if (plan)
        await startSubscription(
          tx,
          { clientId: client.id, planId: plan.id, startDate: today, renewalType: CONVERSION_RENEWAL },
          { actor, today },
        );
      await copyNotesToClient(tx, { leadId: lead.id, clientId: client.id });
      await tx
        .update(leads)
        .set({
          statusFunil: "convertido",
          status: "convertido",
          convertedClientId: client.id,
          // The e-mail the admin gave is the lead's too (the lead page, the privacy search).
          ...(lead.email.trim() ? {} : { email }),
          updatedAt: clockNow(),
        })
        .where(eq(leads.id, lead.id));
      await recordAudit(tx, {
        actor,
        action: "lead.converted",
        entityType: "lead",
        entityId: lead.id,
        entityLabel: lead.name,
        changes: {
          statusFunil: ["negociando", "convertido"],
          convertedClientId: [null, client.id],
          plano: [null, plan?.name ?? null],
        },
      });
      const ctx = { actor, today };
      await emit(tx, "lead.status_changed", { leadId: lead.id, from: "negociando", to: "convertido" }, ctx);
      await emit(tx, "client.created", { clientId: client.id, fromLeadId: lead.id }, ctx);
      // Its subscribers: the referral behind the lead names the client and waits for payment.
      await emit(tx, "lead.converted", { leadId: lead.id, clientId: client.id }, ctx);
      return client.id;
    });
    return { ok: true, clientId };
  } catch (err) {
    if (err instanceof ConversionRefused) return { ok: false, code: err.code, message: err.message };
    // Another conversion with the same e-mail committed between our check and our insert.
    if (isUniqueViolation(err))
      return { ok: false, code: "duplicate_email", message: LEAD_MESSAGES.duplicateEmail };
    throw err;
  }
}
