/**
 * Request body limits: 64 KB / 100 fields for every form, MAX_BODY_BYTES /
 * 300 fields for the blog editor and the settings; refused with 413 and a pt-BR message, from
 * Content-Length before anything is read, or while the bytes stream in, before any parsing.
 */
import { sql } from "drizzle-orm";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import * as repRegister from "~/routes/representante/register";
import { useTestDatabase } from "../../../tests/support/db";
import { context, outcome, post } from "../../../tests/support/requests";
import {
  BODY_TOO_LARGE_MESSAGE,
  bodyLimitFor,
  fieldCounter,
  FORM_MAX_BYTES,
  FORM_MAX_FIELDS,
} from "./body-limit.server";
import { readFormData } from "./form.server";
import { requestGuardMiddleware } from "./request-guard.server";

const t = useTestDatabase();
const BASE = "http://localhost:3000";
const URLENCODED = "application/x-www-form-urlencoded";

/** A streamed body (no Content-Length) that records how many of its chunks were pulled. */
function streamed(path: string, chunks: string[], type = URLENCODED) {
  let pulled = 0;
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks.length) return controller.close();
      controller.enqueue(enc.encode(chunks[pulled++]));
    },
  });
  const request = new Request(BASE + path, {
    method: "POST",
    headers: { "content-type": type },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

async function refusal(fn: () => Promise<unknown>) {
  const res = await outcome(fn);
  return { status: res.status, message: (res.data as { formError?: string } | null)?.formError };
}

describe("bodyLimitFor", () => {
  it("gives every form 64 KB / 100 fields and the blog editor and settings the larger limit", () => {
    for (const path of ["/representante/register", "/admin/login", "/admin/clients/new", "/contato", "/x"]) {
      expect(bodyLimitFor(path)).toEqual({ maxBytes: 64 * 1024, maxFields: 100 });
    }
    for (const path of [
      "/admin/blog/new",
      "/admin/blog/edit/abc.data",
      "/admin/settings",
      "/admin/settings.data",
    ]) {
      expect(bodyLimitFor(path)).toEqual({ maxBytes: 5 * 1024 * 1024, maxFields: 300 });
    }
    expect(bodyLimitFor("/admin/blog")).toEqual({ maxBytes: FORM_MAX_BYTES, maxFields: FORM_MAX_FIELDS });
  });
});

describe("fieldCounter", () => {
  it("counts url-encoded fields chunk by chunk", () => {
    const count = fieldCounter(URLENCODED);
    const enc = new TextEncoder();
    expect(["a=1&b", "=2&", "c=3"].reduce((n, c) => n + count(enc.encode(c)), 0)).toBe(3);
  });

  it("counts multipart fields whatever the chunk size, delimiters cut across chunks included", async () => {
    const form = new FormData();
    for (let i = 0; i < 7; i++) form.append(`campo${i}`, `valor ${i} `.repeat(i * 3));
    const req = new Request(BASE, { method: "POST", body: form });
    const type = req.headers.get("content-type");
    const bytes = new Uint8Array(await req.arrayBuffer());
    for (const size of [1, 2, 3, 7, 16, 41, 100, bytes.length]) {
      const count = fieldCounter(type);
      let n = 0;
      for (let at = 0; at < bytes.length; at += size) n += count(bytes.subarray(at, at + size));
      expect(n, `chunks of ${size}`).toBe(7);
    }
  });
});

describe("readFormData", () => {
  it("stops reading a streamed body at the first byte over 64 KB (no Content-Length)", async () => {
    const chunk = `nome=${"x".repeat(1019)}`; // 1 KB, one field per chunk
    const body = streamed(
      "/representante/register",
      Array.from({ length: 1000 }, () => chunk),
    );
    expect(await refusal(() => readFormData(body.request))).toEqual({
      status: 413,
      message: BODY_TOO_LARGE_MESSAGE,
    });
    // 65 chunks of 1 KB pass 64 KB; a few more may be in the stream's queue, never 1000.
    expect(body.pulled()).toBeLessThan(100);
  });

  it("stops at the first field over the cap, before parsing", async () => {
    const body = streamed(
      "/representante/register",
      Array.from({ length: 1000 }, () => "a=&".repeat(50)),
    );
    expect((await refusal(() => readFormData(body.request))).status).toBe(413);
    expect(body.pulled()).toBeLessThan(10);
  });

  it("refuses from Content-Length alone, without reading", async () => {
    const req = new Request(BASE + "/admin/clients/new", {
      method: "POST",
      headers: { "content-type": URLENCODED, "content-length": String(FORM_MAX_BYTES + 1) },
      body: "a=1",
    });
    expect((await refusal(() => readFormData(req))).status).toBe(413);
  });

  it("reads 100 fields, and 300 KB on the blog editor, but not on another form", async () => {
    const fields = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, "v"]));
    expect([...(await readFormData(post("/admin/clients/new", fields))).keys()]).toHaveLength(100);
    const big = { content: "palavra ".repeat(40_000), title: "Post" };
    expect((await readFormData(post("/admin/blog/new", big))).get("title")).toBe("Post");
    expect((await readFormData(post("/admin/settings.data", big))).get("title")).toBe("Post");
    expect((await refusal(() => readFormData(post("/admin/clients/new", big)))).status).toBe(413);
  });

  it("makes an action answer 413 with the pt-BR message and change nothing", async () => {
    const email = "grande@test.dev";
    const form = { name: "N".repeat(70_000), email, password: "senha-boa-1", confirmPassword: "senha-boa-1" };
    const res = await outcome(() =>
      repRegister.action({
        request: post("/representante/register", form),
        params: {},
        context: context(),
      } as never),
    );
    expect(res.status).toBe(413);
    expect(res.data).toMatchObject({ formError: BODY_TOO_LARGE_MESSAGE });
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from "user" where email = ${email}`,
    );
    expect(Number(rows[0].n)).toBe(0);
  });
});

describe("request guard (Express, before the app)", () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    const app = express();
    app.use(requestGuardMiddleware({ bodyLimit: bodyLimitFor, allowedOrigins: [] }));
    app.use((req, res) => {
      req.resume();
      req.on("end", () => res.type("text/plain").send("passou"));
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  /** Sends the whole body, then reads the answer. */
  function send(path: string, bytes: number) {
    return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = http.request({
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { "content-type": URLENCODED, "content-length": bytes },
      });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }),
        );
      });
      req.on("error", reject);
      req.end(Buffer.alloc(bytes, "a"));
    });
  }

  /** A chunked POST: no Content-Length, Transfer-Encoding: chunked. */
  function sendChunked(path: string) {
    return new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.write('{"id":');
      req.end('"evt_1"}');
    });
  }

  it("refuses a chunked form (411) but lets a payment provider's chunked webhook through to its route", async () => {
    expect(await sendChunked("/admin/billing")).toBe(411);
    expect(await sendChunked("/api/webhooks/asaas")).toBe(200);
  });

  it("answers 413 with a pt-BR page to a document POST over 64 KB", async () => {
    const res = await send("/representante/register", FORM_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    expect(res.type).toMatch(/text\/html/);
    expect(res.body).toContain('<html lang="pt-BR">');
    expect(res.body).toContain("Dados grandes demais");
    expect(res.body).toContain(BODY_TOO_LARGE_MESSAGE);
  });

  it("answers 413 with the pt-BR message to a .data request (the route's error state shows it)", async () => {
    const res = await send("/admin/clients/new.data", FORM_MAX_BYTES + 1);
    expect(res).toMatchObject({ status: 413, body: BODY_TOO_LARGE_MESSAGE });
  });

  it("lets the blog editor and settings send more, up to MAX_BODY_BYTES", async () => {
    expect(await send("/admin/settings", 200_000)).toMatchObject({ status: 200, body: "passou" });
    expect(await send("/admin/blog/edit/x.data", 200_000)).toMatchObject({ status: 200, body: "passou" });
    expect((await send("/admin/settings", 5 * 1024 * 1024 + 1)).status).toBe(413);
  });
});
