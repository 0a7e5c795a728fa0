import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { clientRequests, clients, subscriptions } from "~/db/schema";
import { formatIsoDate } from "~/lib/format";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { previewPlanChange, prorationSummary } from "~/modules/billing/index.server";
import { cancelSubscription, changeSubscriptionPlan } from "~/modules/clients/index.server";
import {
  clientMailBrand,
  RequestAnswerMail,
  requestAnswerSubject,
} from "~/modules/notifications/index.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import { now, today } from "~/server/clock.server";
import {
  CANCEL_WHEN_LABELS,
  PLAN_CHANGE_WHEN_LABELS,
  CLIENT_REQUEST_KIND_LABELS,
  CLIENT_REQUEST_MESSAGES as M,
  type ClientRequestKind,
  type ClientRequestStatus,
} from "./requests.constants";

import type { RequestResult } from "./request-form.server";
import type { ClientRequestDecision } from "./requests.schema";

/**
 * "Aceitar" / "Recusar" by an admin. A refusal needs a message. Accepting a plan change schedules
 * it for the next renewal (charged then), or makes it now when the admin says so (the difference
 * charged or credited, as previewed). A cancellation cannot be refused (the consumer's right to
 * cancel, Decreto 11.034/2022): the admin chooses when it takes effect, at the end of the paid
 * period or now, and the client is told the date; the nightly job ends it on that day. The request
 * stays open when the change itself is refused (e.g. the subscription was cancelled meanwhile).
 */
export async function decideClientRequest({
  requestId,
  input,
  actor,
}: {
  requestId: string;
  /** Checked by ClientRequestDecisionSchema. */
  input: ClientRequestDecision;
  actor: Actor;
}): Promise<RequestResult> {
  if (!isId(requestId)) return { ok: false, message: M.notFound };
  const { decision, message } = input;

  const db = getDb();
  const [request] = await db.select().from(clientRequests).where(eq(clientRequests.id, requestId));
  if (!request) return { ok: false, message: M.notFound };
  if (request.status !== "aberta") return { ok: false, message: M.notOpen };
  const isChange = request.kind === "troca_plano";
  if (!isChange && decision === "recusar")
    return {
      ok: false,
      message: M.cancellationCannotBeRefused,
      fieldErrors: { decision: M.cancellationCannotBeRefused },
    };
  const when = input.when || (isChange ? "renovacao" : "fim_do_periodo");
  const allowed = isChange ? PLAN_CHANGE_WHEN_LABELS : CANCEL_WHEN_LABELS;
  if (!(when in allowed))
    return { ok: false, message: M.whenRequired, fieldErrors: { when: M.whenRequired } };

  let effect: string | null = null;
  if (decision === "aceitar") {
    // What "Agora" costs, read before the change moves the numbers it is counted from.
    const money =
      isChange && when === "agora"
        ? await previewPlanChange({
            subscriptionId: request.subscriptionId,
            planId: request.requestedPlanId ?? "",
          })
        : null;
    const change =
      request.kind === "troca_plano"
        ? await changeSubscriptionPlan({
            clientId: request.clientId,
            subscriptionId: request.subscriptionId,
            planId: request.requestedPlanId ?? "",
            when: when as keyof typeof PLAN_CHANGE_WHEN_LABELS,
            actor,
          })
        : await cancelSubscription({
            clientId: request.clientId,
            subscriptionId: request.subscriptionId,
            when: when as keyof typeof CANCEL_WHEN_LABELS,
            actor,
          });
    if (!change.ok) return { ok: false, message: change.message };
    effect = await acceptedEffect(request.kind, request.subscriptionId, when);
    if (money) effect = `${effect} ${prorationSummary(money)}.`;
  }

  const status: ClientRequestStatus = decision === "aceitar" ? "aceita" : "recusada";
  return db.transaction(async (tx): Promise<RequestResult> => {
    const [row] = await tx
      .update(clientRequests)
      .set({ status, adminMessage: message || null, decidedBy: actor.id, decidedAt: now() })
      .where(and(eq(clientRequests.id, requestId), eq(clientRequests.status, "aberta")))
      .returning({ id: clientRequests.id });
    if (!row) return { ok: false, message: M.notOpen };
    const [client] = await tx
      .select({ name: clients.name, email: clients.email })
      .from(clients)
      .where(eq(clients.id, request.clientId));
    const kindLabel = CLIENT_REQUEST_KIND_LABELS[request.kind];
    await recordAudit(tx, {
      actor,
      action: decision === "aceitar" ? "client_request.accepted" : "client_request.refused",
      entityType: "client",
      entityId: request.clientId,
      entityLabel: client?.name ?? null,
      changes: { solicitacao: [kindLabel, status], mensagem: [null, message || null] },
    });
    if (client) {
      const data = { clientName: client.name, kindLabel, accepted: decision === "aceitar", effect, message };
      const brand = await clientMailBrand(client.email, tx);
      const body = await renderMail(<RequestAnswerMail brand={brand} data={data} />);
      await queueMail(tx, {
        kind: "cliente.solicitacao-resposta",
        to: client.email,
        replyTo: brand.supportEmail,
        subject: requestAnswerSubject(data),
        ...body,
        dedupeKey: `client-request-answer:${requestId}`,
        entity: { type: "client", id: request.clientId },
      });
    }
    return { ok: true, message: decision === "aceitar" ? M.accepted : M.refused };
  });
}

/** What the client is told happens now, in the answer e-mail and on /cliente. */
async function acceptedEffect(kind: ClientRequestKind, subscriptionId: string, when: string) {
  const [sub] = await getDb()
    .select({ cancelAt: subscriptions.cancelAt, endDate: subscriptions.endDate })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (kind === "troca_plano")
    return when === "agora" || !sub
      ? "A troca de plano já vale a partir de hoje."
      : `A troca de plano vale a partir da renovação de ${formatIsoDate(sub.endDate)}, já cobrada no novo plano.`;
  if (when === "agora") return `A assinatura foi cancelada hoje, ${formatIsoDate(today())}.`;
  return sub?.cancelAt
    ? `A assinatura termina em ${formatIsoDate(sub.cancelAt)}, ao fim do período pago, e não será renovada.`
    : "A assinatura não será renovada.";
}
