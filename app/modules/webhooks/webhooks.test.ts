import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { createLead } from "~/modules/leads/contact.server";
import { moveLead } from "~/modules/leads/move-lead.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { useTestDatabase } from "../../../tests/support/db";
import { createWebhook, deleteWebhook, listDeliveries, redeliver } from "./webhooks.server";

const t = useTestDatabase();
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let answer = 200;
let server: Server;
let hookUrl = "";

const lead = (email: string) => ({
  input: { name: "Ana", business: "Lanchonete", phone: "(11) 97654-3210", email, plan: "x", message: "" },
  plan: "Básico",
  isRepresentative: false,
  attribution: null,
});

function allowPrivate(on: boolean) {
  process.env.WEBHOOKS_ALLOW_PRIVATE = on ? "true" : "false";
  resetEnvCache();
}

/** Moves every pending retry of a queue to "now" (instead of waiting minutes of backoff). */
async function retryNow(name: string) {
  await t.db.execute(sql`update pgboss.job set start_after = now() where name = ${name} and state = 'retry'`);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answer;
      res.end(answer === 200 ? "ok" : "erro do receptor");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  allowPrivate(false);
  await new Promise((r) => server.close(r));
});
beforeEach(async () => {
  received.length = 0;
  answer = 200;
  await t.db.delete(webhookEndpoints);
});

/**
 * What a receiver does (docs/security.md "Webhook signatures"): split `t=…,v1=…`, refuse a `t`
 * more than 5 minutes from its own clock, recompute HMAC-SHA256("{t}.{raw body}") and compare in
 * constant time.
 */
function verifyAsReceiver(
  secret: string,
  r: { headers: IncomingHttpHeaders; body: string },
  now = Date.now(),
): boolean {
  const parts = Object.fromEntries(
    String(r.headers["x-signature"])
      .split(",")
      .map((p) => p.split("=") as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 300 || !parts.v1) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${r.body}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe("webhooks", () => {
  it("refuses loopback, private and metadata addresses (SSRF) by default", async () => {
    allowPrivate(false);
    for (const url of [hookUrl, "http://localhost/x", "http://169.254.169.254/latest", "http://[::1]/x"]) {
      const res = await createWebhook({ input: { url, events: ["lead.created"] }, createdBy: null });
      expect(res).toMatchObject({ ok: false, field: "url" });
      if (!res.ok) expect(res.message).toMatch(/^Endereço não permitido: /);
    }
    expect(await t.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  it("POSTs each subscribed event once, signed with the endpoint's secret (shown once, stored sealed)", async () => {
    allowPrivate(true);
    const created = await createWebhook({
      input: { url: hookUrl, events: ["lead.created", "lead.status_changed"] },
      createdBy: null,
    });
    if (!created.ok) throw new Error(created.message);
    expect(created.secret).toMatch(/^whsec_/);
    const [stored] = await t.db.select().from(webhookEndpoints);
    expect(stored.secretEncrypted).not.toContain(created.secret);
    const other = await createWebhook({
      input: { url: hookUrl, events: ["client.created"] },
      createdBy: null,
    });
    expect(other.ok).toBe(true);

    const { id } = await createLead(lead("ana@lanche.dev"));
    await moveLead({ id, from: "novo", to: "contatado" });
    await drainJobs();
    // Deliveries run concurrently: receivers order by occurred_at, not by arrival.
    received.sort((a, b) => String(a.headers["x-event"]).localeCompare(String(b.headers["x-event"])));
    expect(received.map((r) => r.headers["x-event"])).toEqual(["lead.created", "lead.status_changed"]);
    for (const r of received) {
      expect(verifyAsReceiver(created.secret, r)).toBe(true);
      expect(r.headers["content-type"]).toBe("application/json");
    }
    const first = JSON.parse(received[0].body);
    expect(first).toMatchObject({ event: "lead.created", data: { lead: { id, email: "ana@lanche.dev" } } });
    expect(first.id).toBe(received[0].headers["x-event-id"]);
    expect(JSON.parse(received[1].body).data).toMatchObject({ from: "novo", to: "contatado" });
    const { rows } = await listDeliveries({});
    expect(rows.map((r) => r.status)).toEqual(["entregue", "entregue"]);
  });

  it("retries a failing receiver with backoff, then ends 'falhou'; a failed delivery can be resent", async () => {
    allowPrivate(true);
    const created = await createWebhook({
      input: { url: hookUrl, events: ["lead.created"] },
      createdBy: null,
    });
    if (!created.ok) throw new Error(created.message);
    answer = 500;
    await createLead(lead("bia@lanche.dev"));
    await drainJobs();
    let [d] = await t.db.select().from(webhookDeliveries);
    expect(d).toMatchObject({ status: "pendente", attempts: 1, lastStatusCode: 500 });
    expect(d.lastError).toContain("erro do receptor");
    // The receiver's answer stays in the delivery log only: pg-boss keeps job.output for 14 days
    // and then archives it, so it holds the status, never the answer.
    const jobs = (await t.db.execute(
      sql`select output from pgboss.job where name = 'webhooks.deliver' and output is not null`,
    )) as unknown as { rows: { output: unknown }[] };
    const outputs = jobs.rows.map((j) => JSON.stringify(j.output));
    expect(outputs.length).toBeGreaterThan(0);
    for (const o of outputs) {
      expect(o).toContain("HTTP 500");
      expect(o).not.toContain("erro do receptor");
    }
    // Every retry fails until the last one.
    for (let i = 0; i < 8; i++) {
      await retryNow("webhooks.deliver");
      await drainJobs();
    }
    [d] = await t.db.select().from(webhookDeliveries);
    expect(d).toMatchObject({ status: "falhou", attempts: 9 });
    expect(received).toHaveLength(9);
    // The same bytes every time.
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    answer = 200;
    expect(await redeliver({ id: d.id })).toBe(true);
    await drainJobs();
    [d] = await t.db.select().from(webhookDeliveries);
    expect(d.status).toBe("entregue");
    expect(await redeliver({ id: d.id })).toBe(false);
  });

  it("signs the time with the body: a captured delivery does not verify later, nor with another time", async () => {
    allowPrivate(true);
    const created = await createWebhook({
      input: { url: hookUrl, events: ["lead.created"] },
      createdBy: null,
    });
    if (!created.ok) throw new Error(created.message);
    await createLead(lead("carla@lanche.dev"));
    await drainJobs();
    expect(received).toHaveLength(1);
    const [r] = received;
    expect(String(r.headers["x-signature"])).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(verifyAsReceiver(created.secret, r)).toBe(true);
    // Replayed ten minutes later: the receiver's window refuses it.
    expect(verifyAsReceiver(created.secret, r, Date.now() + 10 * 60_000)).toBe(false);
    // Re-stamped with a fresh time by whoever captured it: the HMAC no longer matches.
    const t = Math.floor(Date.now() / 1000) + 600;
    const v1 = /v1=([0-9a-f]+)/.exec(String(r.headers["x-signature"]))![1];
    const forged = { ...r, headers: { ...r.headers, "x-signature": `t=${t},v1=${v1}` } };
    expect(verifyAsReceiver(created.secret, forged, t * 1000)).toBe(false);
    // The body alone (the old `sha256=HMAC(body)`) is not what is signed.
    expect(v1).not.toBe(createHmac("sha256", created.secret).update(r.body).digest("hex"));
    expect(verifyAsReceiver("whsec_outro", r)).toBe(false);
  });

  it("a paused or deleted endpoint gets nothing", async () => {
    allowPrivate(true);
    const created = await createWebhook({
      input: { url: hookUrl, events: ["lead.created"] },
      createdBy: null,
    });
    if (!created.ok) throw new Error(created.message);
    await deleteWebhook({ id: created.endpoint.id });
    await createLead(lead("caio@lanche.dev"));
    await drainJobs();
    expect(received).toHaveLength(0);
    expect(
      await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, "lead.created")),
    ).toHaveLength(0);
  });
});
