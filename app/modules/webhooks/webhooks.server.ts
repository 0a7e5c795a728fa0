import { and, arrayContains, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { createHmac, randomBytes } from "node:crypto";
import { getDb } from "~/db/client.server";
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryStatus } from "~/db/schema";
import { env } from "~/lib/env.server";
import { openSecret, sealSecret } from "~/lib/secret.server";
import { onEvent, WEBHOOK_EVENTS, type WebhookEvent } from "~/modules/events/index.server";
import { keysetPage, olderThan, type KeysetCursor } from "~/server/db-tools/keyset.server";
import { defineJob, enqueue } from "~/server/jobs/queue.server";
import { countWebhookDelivery } from "~/server/metrics/metrics.server";
import { BlockedAddressError, postTo, resolvePublicTarget } from "~/server/outbound/safe-post.server";
import { webhookData } from "./payloads.server";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { WEBHOOK_MESSAGES, type WebhookInput } from "./webhooks.schema";
import { now as clockNow } from "~/server/clock.server";

export const MAX_WEBHOOKS = 20;

export type WebhookEndpoint = Omit<typeof webhookEndpoints.$inferSelect, "secretEncrypted">;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

const allowPrivate = () => env().WEBHOOKS_ALLOW_PRIVATE;

/**
 * The `X-Signature` header value, as Stripe's: `t={unix seconds},v1={hex}`, where v1 is the
 * HMAC-SHA256, under the endpoint's secret, of `{t}.{exact body}`. Signed at every attempt with
 * the time of that attempt, so a receiver that refuses a `t` older than a few minutes cannot be
 * fed a captured delivery later (the body alone no longer verifies). Documented in
 * docs/security.md "Webhook signatures" and in the admin form.
 */
// eslint-disable-next-line no-restricted-syntax -- the receiver checks `t` against its own clock: it must be the real time
export function signBody(secret: string, body: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

export type CreateWebhookResult =
  | { ok: true; endpoint: WebhookEndpoint; secret: string }
  | { ok: false; field: "url" | "_form"; message: string };

/**
 * Registers an endpoint after checking that its host resolves only to public addresses (no
 * SSRF into the server's network). The secret is returned once, here, and stored sealed.
 */
export async function createWebhook({
  input,
  createdBy,
  actor = null,
}: {
  input: WebhookInput;
  createdBy: string | null;
  actor?: Actor | null;
}): Promise<CreateWebhookResult> {
  try {
    await resolvePublicTarget(input.url, { allowPrivate: allowPrivate() });
  } catch (err) {
    if (err instanceof BlockedAddressError) {
      return { ok: false, field: "url", message: WEBHOOK_MESSAGES.blocked(err.message) };
    }
    throw err;
  }
  const [{ n }] = await getDb().select({ n: count() }).from(webhookEndpoints);
  if (n >= MAX_WEBHOOKS) return { ok: false, field: "_form", message: WEBHOOK_MESSAGES.limit };
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  const row = await getDb().transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        events: [...new Set(input.events)],
        secretEncrypted: sealSecret(secret),
        createdBy,
      })
      .returning();
    // The secret is never written to the log.
    await recordAudit(tx, {
      actor,
      action: "webhook.created",
      entityType: "webhook",
      entityId: created.id,
      entityLabel: created.url,
      changes: { url: [null, created.url], events: [null, created.events] },
    });
    return created;
  });
  const { secretEncrypted: _s, ...endpoint } = row;
  return { ok: true, endpoint, secret };
}

export async function listWebhooks(): Promise<WebhookEndpoint[]> {
  const { secretEncrypted: _s, ...columns } = getTableColumns(webhookEndpoints);
  return getDb().select(columns).from(webhookEndpoints).orderBy(webhookEndpoints.createdAt);
}

export async function deleteWebhook({
  id,
  actor = null,
}: {
  id: string;
  actor?: Actor | null;
}): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events });
    if (!rows.length) return false;
    await recordAudit(tx, {
      actor,
      action: "webhook.deleted",
      entityType: "webhook",
      entityId: id,
      entityLabel: rows[0].url,
      changes: { url: [rows[0].url, null], events: [rows[0].events, null] },
    });
    return true;
  });
}

export async function setWebhookActive({
  id,
  active,
  actor = null,
}: {
  id: string;
  active: boolean;
  actor?: Actor | null;
}): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ active: webhookEndpoints.active, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for("update");
    if (!before) return false;
    await tx
      .update(webhookEndpoints)
      .set({ active, updatedAt: clockNow() })
      .where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, {
      actor,
      action: active ? "webhook.resumed" : "webhook.paused",
      entityType: "webhook",
      entityId: id,
      entityLabel: before.url,
      changes: diffFields(before, { active }),
    });
    return true;
  });
}

export const DELIVERIES_PAGE_SIZE = 25;

/** Deliveries, newest first (optionally of one endpoint or status), keyset-paged. */
export async function listDeliveries({
  endpointId,
  status,
  before,
  limit = DELIVERIES_PAGE_SIZE,
}: {
  endpointId?: string;
  status?: WebhookDeliveryStatus;
  before?: KeysetCursor;
  limit?: number;
}) {
  const rows = await getDb()
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      url: webhookEndpoints.url,
      event: webhookDeliveries.event,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        endpointId ? eq(webhookDeliveries.endpointId, endpointId) : undefined,
        status ? eq(webhookDeliveries.status, status) : undefined,
        olderThan(webhookDeliveries, webhookDeliveries.createdAt, webhookDeliveries.id, before),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit + 1);
  return keysetPage(rows, limit);
}
export type DeliveryListRow = Awaited<ReturnType<typeof listDeliveries>>["rows"][number];

/** Sends a delivery again (a failed one). False when it is not failed or does not exist. */
export async function redeliver({
  id,
  actor = null,
}: {
  id: string;
  actor?: Actor | null;
}): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pendente", updatedAt: clockNow() })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "falhou")))
      .returning({ id: webhookDeliveries.id, event: webhookDeliveries.event });
    if (!row) return false;
    await recordAudit(tx, {
      actor,
      action: "webhook.redelivered",
      entityType: "webhook",
      entityId: id,
      entityLabel: row.event,
      changes: { status: ["falhou", "pendente"] },
    });
    await enqueue(tx, deliverWebhookJob, { deliveryId: id });
    return true;
  });
}

/**
 * For each webhook event: one delivery per active endpoint subscribed to it, with the body
 * fixed now (so retries send, and sign, the same bytes). Keyed by (endpoint, event id): a
 * retried dispatch adds nothing.
 */
export const dispatchWebhooksJob = onEvent(WEBHOOK_EVENTS, {
  name: "webhooks.dispatch",
  pollingIntervalSeconds: 1,
  batchSize: 10,
  retryDelay: 10,
  async handler(envelope) {
    const db = getDb();
    const endpoints = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [envelope.event])),
      );
    if (endpoints.length === 0) return;
    const data = await webhookData(envelope);
    if (!data) return;
    const body = JSON.stringify({
      id: envelope.eventId,
      event: envelope.event,
      occurred_at: envelope.occurredAt,
      data,
    });
    await db.transaction(async (tx) => {
      for (const endpoint of endpoints) {
        const [delivery] = await tx
          .insert(webhookDeliveries)
          .values({ endpointId: endpoint.id, event: envelope.event, eventId: envelope.eventId, body })
          .onConflictDoNothing()
          .returning({ id: webhookDeliveries.id });
        if (delivery) await enqueue(tx, deliverWebhookJob, { deliveryId: delivery.id });
      }
    });
  },
});

/**
 * POSTs one delivery, signed, to its endpoint. 2xx is delivered; anything else (or a timeout)
 * retries with backoff (about 5 min, 10, 20… over ~10 h), then ends `falhou`. The address is
 * checked again at every attempt (DNS may have changed since the URL was saved).
 */
export const deliverWebhookJob = defineJob<{ deliveryId: string }>({
  name: "webhooks.deliver",
  retryLimit: 8,
  retryDelay: 300,
  retryBackoff: true,
  expireInSeconds: 60,
  pollingIntervalSeconds: 1,
  batchSize: 10,
  async handler({ deliveryId }, job) {
    const db = getDb();
    const [row] = await db
      .select({ d: webhookDeliveries, url: webhookEndpoints.url, secret: webhookEndpoints.secretEncrypted })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!row || row.d.status === "entregue") return;
    const record = async (patch: Partial<WebhookDelivery>) =>
      db
        .update(webhookDeliveries)
        .set({ ...patch, attempts: sql`${webhookDeliveries.attempts} + 1`, updatedAt: clockNow() })
        .where(eq(webhookDeliveries.id, deliveryId));
    const secret = openSecret(row.secret);
    if (!secret) {
      await record({
        status: "falhou",
        lastError: "segredo ilegível (AUTH_SECRET mudou?): recrie o webhook",
      });
      countWebhookDelivery("failed");
      return;
    }
    let failure: string;
    let jobError: string;
    let statusCode: number | null = null;
    try {
      const target = await resolvePublicTarget(row.url, { allowPrivate: allowPrivate() });
      const res = await postTo(target, row.d.body, {
        "content-type": "application/json",
        "user-agent": "CardapioDigital-Webhooks/1.0",
        "x-event": row.d.event,
        "x-event-id": row.d.eventId,
        "x-delivery-id": row.d.id,
        "x-signature": signBody(secret, row.d.body),
      });
      statusCode = res.status;
      if (res.status >= 200 && res.status < 300) {
        await record({
          status: "entregue",
          lastStatusCode: res.status,
          lastError: null,
          deliveredAt: clockNow(),
        });
        countWebhookDelivery("delivered");
        return;
      }
      failure = `HTTP ${res.status}${res.body ? `: ${res.body.slice(0, 300)}` : ""}`;
      // What pg-boss keeps (job.output, 14 days, then archived) is the status only: the
      // receiver's answer may echo personal data and stays in the delivery log alone.
      jobError = `HTTP ${res.status}`;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
      const code = (err as { code?: unknown }).code;
      jobError = `falha de rede ao entregar o webhook${typeof code === "string" ? ` (${code})` : ""}`;
      if (err instanceof BlockedAddressError) {
        await record({
          status: "falhou",
          lastStatusCode: null,
          lastError: WEBHOOK_MESSAGES.blocked(failure),
        });
        countWebhookDelivery("failed");
        return;
      }
    }
    await record({
      status: job.isLastAttempt ? "falhou" : "pendente",
      lastStatusCode: statusCode,
      lastError: failure.slice(0, 500),
    });
    countWebhookDelivery(job.isLastAttempt ? "failed" : "retry");
    if (!job.isLastAttempt) throw new Error(jobError);
  },
});

export const WEBHOOK_JOBS = [dispatchWebhooksJob, deliverWebhookJob];
export type { WebhookEvent };
