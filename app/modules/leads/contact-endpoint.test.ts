// The contact form's JSON endpoint on a real HTTP server (issue 19 item 4): the same guards and
// answers as the route's action, before Express and React Router.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { leads } from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { BODY_TOO_LARGE_MESSAGE } from "~/server/http/body-limit.server";
import { INVALID_CHARACTERS_MESSAGE } from "~/server/http/form.server";
import { CROSS_SITE_MESSAGE } from "~/server/http/headers.server";
import { UNSUPPORTED_BODY_MESSAGE } from "~/server/http/request-guard.server";
import { RATE_LIMIT_MESSAGE } from "~/server/rate-limit/rate-limit.server";
import { useTestDatabase } from "../../../tests/support/db";
import { insertPremiumPlan } from "../../../tests/support/plans";
import { contactEndpoint } from "./contact-endpoint.server";
import { CONTACT_ENDPOINT, CONTACT_TOASTS } from "./contact.options";
import { CONTACT_MESSAGES } from "./contact.schema";

const t = useTestDatabase();
let server: Server;
let origin = "";
let premiumId = "";
let proxied = false;

beforeAll(async () => {
  premiumId = await insertPremiumPlan(t.db);
  const direct = contactEndpoint({ trustProxy: false, allowedOrigins: [] });
  const behindProxy = contactEndpoint({ trustProxy: true, allowedOrigins: [] });
  server = createServer((req, res) => {
    if (!(proxied ? behindProxy : direct)(req, res)) {
      res.writeHead(404, { "X-Fell-Through": "1" });
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
// Every test but the rate limit's posts from 127.0.0.1 more times than the shipped limit.
beforeEach(() => {
  process.env.RATE_LIMIT_CONTACT = "1000";
  resetEnvCache();
});
afterEach(() => {
  proxied = false;
  delete process.env.RATE_LIMIT_CONTACT;
  resetEnvCache();
});

const valid = (email = "ana@exemplo.com.br") => ({
  name: "Ana Souza",
  business: "Lanchonete da Ana",
  phone: "(21) 97777-6666",
  email,
  plan: premiumId,
  message: "Quero o cardápio digital.",
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: () => Record<string, unknown>;
}

/** A raw request (node:http, so any header and body can be sent as a script would). */
function send(
  body: string | Buffer,
  {
    path = CONTACT_ENDPOINT,
    method = "POST",
    headers = {},
  }: { path?: string; method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${origin}${path}`,
      {
        method,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json: () => JSON.parse(text),
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const leadByEmail = async (email: string) =>
  (await t.db.select().from(leads).where(eq(leads.email, email)))[0];

describe("POST /api/contato", () => {
  it("stores the lead with its lead.created job and answers the action's JSON reply", async () => {
    const res = await send(form(valid("ana.json@exemplo.com.br")), {
      headers: { origin, referer: `${origin}/contato`, "x-request-id": "req-contato-1" },
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-request-id"]).toBe("req-contato-1");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.json()).toEqual({
      ok: true,
      fieldErrors: {},
      formError: null,
      toast: { type: "success", message: CONTACT_TOASTS.success },
    });
    const lead = await leadByEmail("ana.json@exemplo.com.br");
    expect(lead).toMatchObject({
      plan: "Premium",
      status: "novo",
      statusFunil: "novo",
      landingPage: "/contato",
    });
    expect(lead.privacyNoticeVersion).toBeTruthy();
    const jobs = await queryRows<{ lead_id: string }>(
      t.db,
      sql`select data->'payload'->>'leadId' as lead_id from pgboss.job
          where name = 'events' and data->>'event' = 'lead.created'`,
    );
    expect(jobs.map((j) => j.lead_id)).toContain(lead.id);
  });

  it("refuses invalid fields with the action's messages, keeping what was typed, and stores nothing", async () => {
    const res = await send(form({ ...valid("ruim@exemplo"), email: "nao-e-email", plan: "x'--" }), {
      headers: { origin },
    });
    expect(res.status).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      ok: false,
      formError: CONTACT_MESSAGES.formInvalid,
      values: { email: "nao-e-email" },
    });
    expect(Object.keys(body.fieldErrors as object)).toContain("email");
    expect(await leadByEmail("nao-e-email")).toBeUndefined();
  });

  it("a bot that fills the honeypot gets the same answer as a person, and nothing is stored", async () => {
    const res = await send(form({ ...valid("robo@exemplo.com.br"), website: "http://spam.example" }));
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
    expect(await leadByEmail("robo@exemplo.com.br")).toBeUndefined();
  });

  it("refuses a request from another site (Origin or Sec-Fetch-Site) before reading it", async () => {
    const attempts: Record<string, string>[] = [
      { origin: "https://malicioso.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ];
    for (const headers of attempts) {
      const res = await send(form(valid("csrf@exemplo.com.br")), { headers });
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ ok: false, toast: { type: "error", message: CROSS_SITE_MESSAGE } });
    }
    expect(await leadByEmail("csrf@exemplo.com.br")).toBeUndefined();
  });

  it("refuses a body that is not an url-encoded form, too large, with too many fields or a NUL", async () => {
    const json = await send(JSON.stringify(valid("json@exemplo.com.br")), {
      headers: { "content-type": "application/json" },
    });
    expect(json.status).toBe(415);
    expect(json.json()).toMatchObject({ toast: { message: UNSUPPORTED_BODY_MESSAGE } });

    const big = await send(form({ ...valid("grande@exemplo.com.br"), message: "x".repeat(70 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.json()).toMatchObject({ toast: { message: BODY_TOO_LARGE_MESSAGE } });

    const many = await send(Array.from({ length: 150 }, (_, i) => `f${i}=1`).join("&"));
    expect(many.status).toBe(413);

    const nul = await send(form({ ...valid("nul@exemplo.com.br"), name: "Ana\u0000" }));
    expect(nul.status).toBe(400);
    expect(nul.json()).toMatchObject({ toast: { message: INVALID_CHARACTERS_MESSAGE } });

    for (const email of ["json@exemplo.com.br", "grande@exemplo.com.br", "nul@exemplo.com.br"]) {
      expect(await leadByEmail(email)).toBeUndefined();
    }
  });

  it("applies the contact rate limit per address, with Retry-After", async () => {
    process.env.RATE_LIMIT_CONTACT = "2";
    resetEnvCache();
    proxied = true;
    const from = (ip: string, n: number) =>
      send(form(valid(`limite.${ip}.${n}@exemplo.com.br`)), {
        headers: { "x-forwarded-for": `203.0.113.9, ${ip}` },
      });
    expect((await from("198.51.100.7", 1)).status).toBe(200);
    expect((await from("198.51.100.7", 2)).status).toBe(200);
    const refused = await from("198.51.100.7", 3);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ ok: false, toast: { message: RATE_LIMIT_MESSAGE } });
    expect(await leadByEmail("limite.198.51.100.7.3@exemplo.com.br")).toBeUndefined();
    // Behind the proxy the address is the hop it saw, not the client's claim before it.
    expect((await from("198.51.100.8", 1)).status).toBe(200);
  });

  it("leaves every other request to the router", async () => {
    expect((await send("", { method: "GET" })).headers["x-fell-through"]).toBe("1");
    expect((await send(form(valid()), { path: "/api/contatos" })).headers["x-fell-through"]).toBe("1");
    expect((await send(form(valid()), { path: "/contato" })).headers["x-fell-through"]).toBe("1");
  });
});
