/**
 * /metrics as an operator's Prometheus sees it: refused without the bearer token, then text that
 * a Prometheus text-format parser reads, holding every family docs/deploy.md promises, with
 * values that follow what the app did (requests by route pattern, jobs, e-mails, webhooks,
 * charges, dunning) and no personal data in any label. The production server's own /metrics is
 * read in production-server.test.ts.
 */
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import appRoutes from "~/routes";
import { today as clockToday, resetClock, setClock } from "~/server/clock.server";
import { createClient } from "~/modules/clients/clients.server";
import { listClientCharges } from "~/modules/billing/charge-reads.server";
import { markOverdueCharges } from "~/modules/billing/overdue.server";
import { sendChargeReminders } from "~/modules/billing/reminders.server";
import { receiveProviderWebhook } from "~/modules/billing/webhook.server";
import { startAppMetrics } from "~/metrics.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { effectiveDueDate } from "~/modules/billing/due-dates";
import { queueMail } from "~/server/mail/mail.server";
import { requestLogMiddleware } from "~/server/logging/request-log.server";
import {
  httpRequestRecorder,
  metricsEndpoint,
  routePatternResolver,
  startMetricsServer,
  type BuildRoute,
} from "~/server/metrics/http-metrics.server";
import type { PaymentProvider } from "~/server/payments/provider";
import { insertPremiumPlan } from "../support/plans";
import { PROMISED_FAMILIES, readMetrics } from "../support/prometheus";
import { useTestDatabase } from "../support/db";

const t = useTestDatabase();
const TOKEN = "token-de-metricas-de-teste-0123";

/** app/routes.ts as the build's flat route table (what server.mjs passes: build.routes). */
function buildRoutes(): Record<string, BuildRoute> {
  const table: Record<string, BuildRoute> = { root: { id: "root", path: "" } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const e of entries) {
      const id = e.id ?? e.file.replace(/\.[jt]sx?$/, "");
      table[id] = { id, parentId, path: e.path, index: e.index, caseSensitive: e.caseSensitive };
      if (e.children) add(e.children, id);
    }
  };
  add(appRoutes as RouteConfigEntry[], "root");
  return table;
}

let server: Server;
let base: string;

beforeAll(async () => {
  // Metrics of a worker instance; the queue runs no worker here (jobs run when drainJobs says),
  // so its heartbeat is not beating: the family shows an infinite age.
  startAppMetrics({ worker: true });
  // The production wiring of server.mjs on a small Express app: the request log and its
  // recorder, the endpoint.
  const app = express();
  app.use(
    requestLogMiddleware({
      onFinished: httpRequestRecorder({ routes: buildRoutes(), ownPaths: ["/metrics"] }),
    }),
  );
  app.get("/metrics", metricsEndpoint({ token: TOKEN }));
  app.get("/{*splat}", (req, res) => {
    res.status(req.path.startsWith("/blog/") ? 200 : 404).send("ok");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  resetClock();
  await new Promise((r) => server.close(r));
});

async function scrape() {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  const text = await res.text();
  return { text, metrics: readMetrics(text) };
}

describe("/metrics", () => {
  it("refuses a scrape without the bearer token, or with another one", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer outro-token-qualquer-0000" },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${base}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await res.text()).not.toContain("cardapio_");
    }
  });

  it("parses as Prometheus text and holds every promised family", async () => {
    const { metrics } = await scrape();
    for (const family of PROMISED_FAMILIES) expect(metrics.has(family), family).toBe(true);
    expect(metrics.families.get("cardapio_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(metrics.families.get("cardapio_job_runs_total")?.type).toBe("COUNTER");
    expect(metrics.value("cardapio_database_up")).toBe(1);
    expect(metrics.value("cardapio_worker_heartbeat_age_seconds")).toBe(Infinity);
  });

  it("counts requests by route pattern and status, never by the address asked", async () => {
    const before = (await scrape()).metrics;
    const count = (m: typeof before) =>
      m.value("cardapio_http_requests_total", { method: "GET", route: "/blog/:slug", status: "200" }) ?? 0;
    await fetch(`${base}/blog/ana.souza@exemplo.com.br?token=segredo`);
    await fetch(`${base}/blog/outro-post`);
    await fetch(`${base}/admin/clients/edit/9b1c5a34-2f6e-4d0e-9d7e-2b7c1f0e8a11.data`);
    const { text, metrics } = await scrape();
    expect(count(metrics) - count(before)).toBe(2);
    expect(
      metrics.value("cardapio_http_requests_total", { route: "/admin/clients/edit/:id.data", status: "404" }),
    ).toBe(1);
    expect(text).not.toMatch(/ana\.souza|segredo|outro-post|9b1c5a34/);
  });

  it("follows the jobs, the e-mails, the provider's webhooks, the charges and the dunning of the day", async () => {
    const today = clockToday();
    const planId = await insertPremiumPlan(t.db);
    const client = await createClient({
      input: {
        name: "Cliente Métrica",
        email: "metrica@exemplo.com.br",
        phone: "(11) 98765-4321",
        businessName: "Restaurante Métrica",
        planId,
        status: "ativo",
      },
      today,
    });
    const [charge] = await listClientCharges({ clientId: client.id });
    await queueMail(t.db, {
      kind: "teste",
      to: "metrica@exemplo.com.br",
      subject: "Olá",
      html: "<p>Olá</p>",
      text: "Olá",
    });
    let m = (await scrape()).metrics;
    expect(m.value("cardapio_charges_issued_today")).toBe(1);
    expect(m.value("cardapio_charges_overdue_unmarked")).toBe(0);
    expect(m.value("cardapio_jobs_waiting", { queue: "mail.deliver" })).toBeGreaterThanOrEqual(1);

    await drainJobs();
    m = (await scrape()).metrics;
    expect(m.value("cardapio_jobs_waiting", { queue: "mail.deliver" })).toBe(0);
    expect(m.value("cardapio_jobs_oldest_waiting_seconds", { queue: "mail.deliver" })).toBe(0);
    expect(
      m.value("cardapio_job_runs_total", { queue: "mail.deliver", outcome: "completed" }),
    ).toBeGreaterThanOrEqual(1);
    // No SMTP_URL in tests: the message stays in the mail log as "sem SMTP".
    expect(
      m.value("cardapio_messages_total", { channel: "email", outcome: "no_smtp" }),
    ).toBeGreaterThanOrEqual(1);

    // The reminder of the due day (the next business day when it falls on a day off), once.
    // Counters are the process's (files before this one in the worker may have counted): deltas.
    const dunningBefore = m.value("cardapio_dunning_steps_sent_total", { step: "0" }) ?? 0;
    await sendChargeReminders({ today: effectiveDueDate(charge.dueDate) });
    await sendChargeReminders({ today: effectiveDueDate(charge.dueDate) });
    m = (await scrape()).metrics;
    expect(m.value("cardapio_dunning_steps_sent_total", { step: "0" })).toBe(dunningBefore + 1);

    // A week later, before the overdue job ran: the charge is past due but not marked.
    setClock(new Date(Date.now() + 7 * 86_400_000));
    m = (await scrape()).metrics;
    expect(m.value("cardapio_charges_overdue_unmarked")).toBe(1);
    expect(m.value("cardapio_charges_issued_today")).toBe(0);
    await markOverdueCharges();
    m = (await scrape()).metrics;
    expect(m.value("cardapio_charges_overdue_unmarked")).toBe(0);
    expect(m.value("cardapio_charges_overdue")).toBe(1);
    resetClock();

    const provider = {
      name: "asaas",
      verifyWebhook: (h: Headers) => h.get("asaas-access-token") === "certo",
      parseWebhook: (body: unknown) => {
        const id = (body as { id?: string }).id;
        return id ? { eventId: id, type: "PAYMENT_CREATED", kind: "ignored" } : null;
      },
    } as unknown as PaymentProvider;
    const hook = (token: string, body: string) =>
      receiveProviderWebhook(
        provider,
        new Request("http://localhost/api/webhooks/asaas", {
          method: "POST",
          headers: { "asaas-access-token": token, "content-type": "application/json" },
          body,
        }),
      );
    const received = (outcome: string) =>
      m.value("cardapio_webhooks_received_total", { provider: "asaas", outcome }) ?? 0;
    m = (await scrape()).metrics;
    const before = Object.fromEntries(
      ["refused", "invalid", "accepted", "duplicate"].map((o) => [o, received(o)]),
    );
    expect((await hook("errado", "{}")).status).toBe(401);
    expect((await hook("certo", "{não é json")).status).toBe(400);
    expect((await hook("certo", '{"id":"evt_1"}')).status).toBe(200);
    expect((await hook("certo", '{"id":"evt_1"}')).status).toBe(200);
    m = (await scrape()).metrics;
    for (const outcome of ["refused", "invalid", "accepted", "duplicate"]) {
      expect(received(outcome), outcome).toBe(before[outcome] + 1);
    }
    // Nothing in a label names a person.
    const labels = [...m.families.values()].flatMap((f) =>
      f.metrics.map((s) => JSON.stringify(s.labels ?? {})),
    );
    expect(labels.join("\n")).not.toMatch(/metrica@|Cliente Métrica|Restaurante/);
  });

  it("serves only /metrics on a port of its own (METRICS_PORT), with the token when one is set", async () => {
    const open = await startMetricsServer({ port: 0, host: "127.0.0.1" });
    const guarded = await startMetricsServer({ port: 0, host: "127.0.0.1", token: TOKEN });
    try {
      const res = await fetch(`http://127.0.0.1:${open.port}/metrics`);
      expect(res.status).toBe(200);
      expect(readMetrics(await res.text()).has("cardapio_http_requests_total")).toBe(true);
      expect((await fetch(`http://127.0.0.1:${open.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${guarded.port}/metrics`)).status).toBe(401);
      const ok = await fetch(`http://127.0.0.1:${guarded.port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(ok.status).toBe(200);
    } finally {
      await open.close();
      await guarded.close();
    }
  });
});

describe("route patterns", () => {
  it("names each request by the route that answers it", () => {
    const patternOf = routePatternResolver(buildRoutes());
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/blog/um-post")).toBe("/blog/:slug");
    expect(patternOf("/blog/um-post.data")).toBe("/blog/:slug.data");
    expect(patternOf("/_root.data")).toBe("/_root.data");
    expect(patternOf("/admin/clients/edit/abc")).toBe("/admin/clients/edit/:id");
    expect(patternOf("/admin/clients")).toBe("/admin/clients");
    expect(patternOf("/assets/entry.client-abc123.js")).toBe("/assets/*");
    expect(patternOf("/readyz")).toBe("/readyz");
    // Unknown addresses fall to the site's 404 route: one series, whatever was asked.
    expect(patternOf("/wp-login.php")).toBe("/*");
  });
});
