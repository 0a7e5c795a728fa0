import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { clientRequests, clients, plans } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import {
  mailBrand,
  NewRequestMail,
  newRequestSubject,
  adminEmails,
} from "~/modules/notifications/index.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import {
  CLIENT_REQUEST_KIND_LABELS,
  CLIENT_REQUEST_MESSAGES as M,
  CLIENT_REQUEST_REASON_LABELS,
  reasonsFor,
} from "./requests.constants";

import type { RequestResult } from "./request-form.server";
import type { ClientRequestInput } from "./requests.schema";
import { requestableSubscription } from "./requests.server";

// A client asks for a plan change or a cancellation (/cliente): checked, stored once per
// subscription and kind, and mailed to the admins in the same transaction.

/** "Enviar pedido" at /cliente (checked by ClientRequestSchema): one open request per subscription and kind. */
export async function createClientRequest({
  clientId,
  input,
  actor,
}: {
  clientId: string;
  input: ClientRequestInput;
  actor: Actor;
}): Promise<RequestResult> {
  if (!isId(clientId)) return { ok: false, message: M.noSubscription };
  const { kind, planId, details } = input;
  let reason = input.reason;

  const db = getDb();
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  const admins = await adminEmails();
  let mail: Parameters<typeof queueNewRequestMail>[1] | null = null;
  try {
    const outcome = await db.transaction(async (tx): Promise<RequestResult> => {
      const sub = await requestableSubscription(tx, clientId);
      if (!sub) return { ok: false, message: M.noSubscription };
      let requestedPlan: { id: string; name: string; priceCents: number } | null = null;
      if (kind === "troca_plano") {
        const [plan] = await tx
          .select({ id: plans.id, name: plans.name, priceCents: plans.priceCents })
          .from(plans)
          .where(eq(plans.id, planId));
        if (!plan) return { ok: false, message: M.planRequired, fieldErrors: { planId: M.planRequired } };
        if (plan.id === sub.planId)
          return { ok: false, message: M.samePlan, fieldErrors: { planId: M.samePlan } };
        requestedPlan = plan;
      }
      // The reason is asked for a cancellation and a downgrade, from the list that fits it; an
      // upgrade's is not asked, so none is kept.
      const reasons = reasonsFor(
        kind,
        requestedPlan
          ? { currentCents: sub.planPriceCents, requestedCents: requestedPlan.priceCents }
          : undefined,
      );
      if (!reasons.length) reason = null;
      else if (!reason || !reasons.includes(reason))
        return { ok: false, message: M.reasonRequired, fieldErrors: { reason: M.reasonRequired } };
      const [open] = await tx
        .select({ id: clientRequests.id })
        .from(clientRequests)
        .where(
          and(
            eq(clientRequests.subscriptionId, sub.id),
            eq(clientRequests.kind, kind),
            eq(clientRequests.status, "aberta"),
          ),
        );
      if (open) return { ok: false, message: M.duplicate(kind) };
      const [row] = await tx
        .insert(clientRequests)
        .values({
          clientId,
          subscriptionId: sub.id,
          kind,
          requestedPlanId: requestedPlan?.id ?? null,
          reason,
          details,
        })
        .returning({ id: clientRequests.id });
      const [client] = await tx
        .select({ name: clients.name, businessName: clients.businessName })
        .from(clients)
        .where(eq(clients.id, clientId));
      await recordAudit(tx, {
        actor,
        action: "client_request.created",
        entityType: "client",
        entityId: clientId,
        entityLabel: client?.name ?? null,
        changes: {
          solicitacao: [null, CLIENT_REQUEST_KIND_LABELS[kind]],
          motivo: [null, reason ? CLIENT_REQUEST_REASON_LABELS[reason] : null],
          ...(requestedPlan ? { plano: [sub.planName, requestedPlan.name] } : {}),
        },
      });
      mail = {
        to: admins,
        requestId: row.id,
        data: {
          clientId,
          clientName: client?.name ?? "",
          businessName: client?.businessName ?? "",
          kindLabel: CLIENT_REQUEST_KIND_LABELS[kind],
          currentPlan: sub.planName,
          requestedPlan: requestedPlan?.name ?? null,
          reasonLabel: reason ? CLIENT_REQUEST_REASON_LABELS[reason] : null,
          details,
        },
      };
      await queueNewRequestMail(tx, mail);
      return { ok: true, message: M.created };
    });
    return outcome;
  } catch (err) {
    // Two submits at once: the unique index keeps one open request.
    if (isUniqueViolation(err)) return { ok: false, message: M.duplicate(kind) };
    throw err;
  }
}

/** To every active admin, in the request's transaction (the mail log row commits with it). */
async function queueNewRequestMail(
  tx: DbOrTx,
  {
    to,
    requestId,
    data,
  }: { to: string[]; requestId: string; data: Parameters<typeof NewRequestMail>[0]["data"] },
) {
  if (!to.length) return;
  const brand = mailBrand();
  const body = await renderMail(<NewRequestMail brand={brand} data={data} />);
  for (const address of to)
    await queueMail(tx, {
      kind: "cliente.solicitacao",
      to: address,
      subject: newRequestSubject(data),
      ...body,
      dedupeKey: `client-request:${requestId}:${address}`,
      entity: { type: "client", id: data.clientId },
    });
}
