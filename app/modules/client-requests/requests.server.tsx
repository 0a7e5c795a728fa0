import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type DbOrTx } from "~/db/client.server";
import { clientRequests, clients, plans, subscriptions, user } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors";
import { formatIsoDate } from "~/lib/format";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { cancelSubscription, changeSubscriptionPlan } from "~/modules/clients/subscription-changes.server";
import { mailBrand } from "~/modules/notifications/brand.server";
import {
  NewRequestMail,
  newRequestSubject,
  RequestAnswerMail,
  requestAnswerSubject,
} from "~/modules/notifications/mails/client-requests";
import { adminEmails } from "~/modules/notifications/recipients.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import { now } from "~/server/clock.server";
import {
  CANCEL_WHEN_LABELS,
  PLAN_CHANGE_WHEN_LABELS,
  CLIENT_REQUEST_DETAILS_MAX,
  CLIENT_REQUEST_KIND_LABELS,
  CLIENT_REQUEST_KINDS,
  CLIENT_REQUEST_MESSAGE_MAX,
  CLIENT_REQUEST_MESSAGES as M,
  CLIENT_REQUEST_REASON_LABELS,
  CLIENT_REQUEST_REASONS,
  CLIENT_REQUEST_STATUSES,
  type ClientRequestKind,
  type ClientRequestStatus,
} from "./requests.constants";

/**
 * A restaurant's plan change or cancellation asked for at /cliente (issue 32 item 3). Nothing
 * changes until an admin answers: accepting calls the subscription changes admins already make
 * on the client page (subscription-changes.server), refusing needs a message; both are audited
 * and e-mailed to the client. As everywhere in the client area, the client's functions take the
 * client id from the session (requireClient); ids in a form are ignored.
 */

export type RequestResult =
  { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string> };

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The subscription a request is about: the client's running one, not already ending. */
async function requestableSubscription(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
      planName: plans.name,
      endDate: subscriptions.endDate,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.clientId, clientId),
        eq(subscriptions.status, "ativa"),
        isNull(subscriptions.cancelAt),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

const requestColumns = {
  id: clientRequests.id,
  clientId: clientRequests.clientId,
  subscriptionId: clientRequests.subscriptionId,
  kind: clientRequests.kind,
  requestedPlanId: clientRequests.requestedPlanId,
  requestedPlanName: plans.name,
  reason: clientRequests.reason,
  details: clientRequests.details,
  status: clientRequests.status,
  adminMessage: clientRequests.adminMessage,
  decidedAt: clientRequests.decidedAt,
  createdAt: clientRequests.createdAt,
};

/** The form's choices and the client's own requests, newest first (the client's view). */
export async function getOwnRequests({ clientId }: { clientId: string }) {
  if (!isId(clientId)) throw new Error("client id required");
  const db = getDb();
  const [subscription, planRows, rows] = await Promise.all([
    requestableSubscription(db, clientId),
    db
      .select({ id: plans.id, name: plans.name, priceCents: plans.priceCents })
      .from(plans)
      .orderBy(asc(plans.priceCents), asc(plans.name)),
    db
      .select(requestColumns)
      .from(clientRequests)
      .leftJoin(plans, eq(plans.id, clientRequests.requestedPlanId))
      .where(eq(clientRequests.clientId, clientId))
      .orderBy(desc(clientRequests.createdAt))
      .limit(50),
  ]);
  return {
    subscription: subscription && { planId: subscription.planId, planName: subscription.planName },
    plans: subscription ? planRows.filter((p) => p.id !== subscription.planId) : [],
    requests: rows.map(({ clientId: _c, subscriptionId: _s, requestedPlanId: _p, ...r }) => r),
  };
}

export type OwnRequests = Awaited<ReturnType<typeof getOwnRequests>>;

/** "Enviar pedido" at /cliente: validated, one open request per subscription and kind. */
export async function createClientRequest({
  clientId,
  form,
  actor,
}: {
  clientId: string;
  form: FormData;
  actor: Actor;
}): Promise<RequestResult> {
  if (!isId(clientId)) return { ok: false, message: M.noSubscription };
  const kind = CLIENT_REQUEST_KINDS.find((k) => k === field(form, "kind"));
  const reason = CLIENT_REQUEST_REASONS.find((r) => r === field(form, "reason"));
  const planId = field(form, "planId");
  const details = field(form, "details").trim();
  const fieldErrors: Record<string, string> = {};
  if (!kind) fieldErrors.kind = M.kindRequired;
  if (kind === "troca_plano" && !isId(planId)) fieldErrors.planId = M.planRequired;
  if (!reason) fieldErrors.reason = M.reasonRequired;
  if (details.length > CLIENT_REQUEST_DETAILS_MAX) fieldErrors.details = M.detailsTooLong;
  if (!kind || !reason || Object.keys(fieldErrors).length)
    return { ok: false, message: Object.values(fieldErrors)[0] ?? M.kindRequired, fieldErrors };

  const db = getDb();
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  const admins = await adminEmails();
  let mail: Parameters<typeof queueNewRequestMail>[1] | null = null;
  try {
    const outcome = await db.transaction(async (tx): Promise<RequestResult> => {
      const sub = await requestableSubscription(tx, clientId);
      if (!sub) return { ok: false, message: M.noSubscription };
      let requestedPlan: { id: string; name: string } | null = null;
      if (kind === "troca_plano") {
        const [plan] = await tx
          .select({ id: plans.id, name: plans.name })
          .from(plans)
          .where(eq(plans.id, planId));
        if (!plan) return { ok: false, message: M.planRequired, fieldErrors: { planId: M.planRequired } };
        if (plan.id === sub.planId)
          return { ok: false, message: M.samePlan, fieldErrors: { planId: M.samePlan } };
        requestedPlan = plan;
      }
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
          motivo: [null, CLIENT_REQUEST_REASON_LABELS[reason]],
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
          reasonLabel: CLIENT_REQUEST_REASON_LABELS[reason],
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

const decider = alias(user, "decider");

/** /admin/requests: open first, then the newest; optionally one status ("Hoje" reads the oldest few open ones). */
export async function listClientRequests({
  status,
  limit = 200,
  oldestFirst = false,
}: { status?: string | null; limit?: number; oldestFirst?: boolean } = {}) {
  const only = CLIENT_REQUEST_STATUSES.find((s) => s === status);
  return getDb()
    .select({
      ...requestColumns,
      clientName: clients.name,
      businessName: clients.businessName,
      decidedByName: decider.name,
    })
    .from(clientRequests)
    .innerJoin(clients, eq(clients.id, clientRequests.clientId))
    .leftJoin(plans, eq(plans.id, clientRequests.requestedPlanId))
    .leftJoin(decider, eq(decider.id, clientRequests.decidedBy))
    .where(only ? eq(clientRequests.status, only) : undefined)
    .orderBy(
      sql`(${clientRequests.status} = 'aberta') desc`,
      oldestFirst ? asc(clientRequests.createdAt) : desc(clientRequests.createdAt),
    )
    .limit(limit);
}

/** Requests waiting for an admin's answer: the sidebar's count on "Solicitações" (issue 45), for readCounts. */
export const openClientRequestsCount = (): SQL =>
  sql`(select count(*) from ${clientRequests} where ${clientRequests.status} = 'aberta')`;

export type ClientRequestRow = Awaited<ReturnType<typeof listClientRequests>>[number];

/** The client page's open requests. */
export async function listOpenClientRequests({ clientId }: { clientId: string }) {
  if (!isId(clientId)) return [];
  return getDb()
    .select({ ...requestColumns, clientName: clients.name, businessName: clients.businessName })
    .from(clientRequests)
    .innerJoin(clients, eq(clients.id, clientRequests.clientId))
    .leftJoin(plans, eq(plans.id, clientRequests.requestedPlanId))
    .where(and(eq(clientRequests.clientId, clientId), eq(clientRequests.status, "aberta")))
    .orderBy(asc(clientRequests.createdAt));
}

/**
 * "Aceitar" / "Recusar" by an admin. A refusal needs a message. Accepting a plan change schedules
 * it for the next renewal (charged then, issue 33), or makes it now when the admin says so;
 * accepting a cancellation ends the subscription at the end of the paid period, or now. The request stays
 * open when the change itself is refused (e.g. the subscription was cancelled meanwhile).
 */
export async function decideClientRequest({
  requestId,
  form,
  actor,
}: {
  requestId: string;
  form: FormData;
  actor: Actor;
}): Promise<RequestResult> {
  if (!isId(requestId)) return { ok: false, message: M.notFound };
  const decision = field(form, "decision");
  const message = field(form, "message").trim();
  if (decision !== "aceitar" && decision !== "recusar")
    return { ok: false, message: M.decisionRequired, fieldErrors: { decision: M.decisionRequired } };
  if (message.length > CLIENT_REQUEST_MESSAGE_MAX)
    return { ok: false, message: M.messageTooLong, fieldErrors: { message: M.messageTooLong } };
  if (decision === "recusar" && !message)
    return { ok: false, message: M.messageRequired, fieldErrors: { message: M.messageRequired } };

  const db = getDb();
  const [request] = await db.select().from(clientRequests).where(eq(clientRequests.id, requestId));
  if (!request) return { ok: false, message: M.notFound };
  if (request.status !== "aberta") return { ok: false, message: M.notOpen };
  const isChange = request.kind === "troca_plano";
  const when = field(form, "when") || (isChange ? "renovacao" : "fim_do_periodo");
  const allowed = isChange ? PLAN_CHANGE_WHEN_LABELS : CANCEL_WHEN_LABELS;
  if (!(when in allowed))
    return { ok: false, message: M.whenRequired, fieldErrors: { when: M.whenRequired } };

  let effect: string | null = null;
  if (decision === "aceitar") {
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
      const body = await renderMail(<RequestAnswerMail brand={mailBrand()} data={data} />);
      await queueMail(tx, {
        kind: "cliente.solicitacao-resposta",
        to: client.email,
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
  if (when === "agora") return "A assinatura foi cancelada hoje.";
  return sub?.cancelAt
    ? `A assinatura continua ativa até ${formatIsoDate(sub.cancelAt)} e não será renovada.`
    : "A assinatura não será renovada.";
}
