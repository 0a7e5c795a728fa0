import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local fake of the WhatsApp Cloud API (Meta's Graph API, v23.0), answering with the shapes of
 * Meta's documentation: POST /{PHONE_NUMBER_ID}/messages answers `{ messaging_product, contacts,
 * messages: [{ id: "wamid…", message_status: "accepted" }] }`, errors are Graph errors
 * `{ error: { message, type, code, error_data, fbtrace_id } }`. It records what it was sent, can
 * fail the next calls (a 5xx, or the throughput limit 130429), and builds, signs
 * (X-Hub-Signature-256 with the app secret) and posts webhooks as Meta sends them.
 */
export interface SeenCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeWhatsApp {
  /** The API base, as WHATSAPP_API_URL: http://127.0.0.1:PORT/v23.0 */
  url: string;
  phoneNumberId: string;
  seen: SeenCall[];
  /** The messages accepted, in order: the body sent and the id answered. */
  sent: { id: string; body: Record<string, unknown> }[];
  /** Answers to give before the normal one. */
  failNext: { status: number; body: unknown }[];
  /** Queues a Graph error answer with Meta's shape (e.g. 130429, "(#130429) Rate limit hit"). */
  failWith(status: number, code: number, message: string): void;
  reset(): void;
  close(): Promise<void>;
}

export const RATE_LIMIT_ERROR = { status: 400, code: 130429, message: "(#130429) Rate limit hit" };
export const SERVER_ERROR = { status: 500, code: 131000, message: "(#131000) Something went wrong" };

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const graphError = (code: number, message: string, details = message) => ({
  error: {
    message,
    type: "OAuthException",
    code,
    error_data: { messaging_product: "whatsapp", details },
    fbtrace_id: "AbCdEfGh123",
  },
});

export async function startFakeWhatsApp({
  accessToken,
  phoneNumberId = "106540352242922",
}: {
  accessToken: string;
  phoneNumberId?: string;
}): Promise<FakeWhatsApp> {
  let seq = 0;
  const fake: FakeWhatsApp = {
    url: "",
    phoneNumberId,
    seen: [],
    sent: [],
    failNext: [],
    failWith(status, code, message) {
      fake.failNext.push({ status, body: graphError(code, message) });
    },
    reset() {
      fake.seen = [];
      fake.sent = [];
      fake.failNext = [];
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const u = new URL(req.url ?? "/", "http://x");
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return send(res, 400, graphError(100, "(#100) Invalid parameter"));
    }
    fake.seen.push({
      method: req.method ?? "",
      path: u.pathname + u.search,
      authorization: req.headers.authorization,
      body,
    });
    if (req.headers.authorization !== `Bearer ${accessToken}`)
      return send(res, 401, graphError(190, "Error validating access token"));
    const fail = fake.failNext.shift();
    if (fail) return send(res, fail.status, fail.body);
    if (req.method === "GET" && u.pathname === `/v23.0/${phoneNumberId}`)
      return send(res, 200, {
        verified_name: "CardápioDigital",
        display_phone_number: "+55 11 4000-0000",
        quality_rating: "GREEN",
        id: phoneNumberId,
      });
    if (req.method === "POST" && u.pathname === `/v23.0/${phoneNumberId}/messages`) {
      const b = (body ?? {}) as Record<string, unknown>;
      const template = (b.template ?? {}) as Record<string, unknown>;
      const language = (template.language ?? {}) as Record<string, unknown>;
      if (
        b.messaging_product !== "whatsapp" ||
        typeof b.to !== "string" ||
        b.type !== "template" ||
        typeof template.name !== "string" ||
        typeof language.code !== "string"
      )
        return send(res, 400, graphError(100, "(#100) Invalid parameter"));
      seq += 1;
      const id = `wamid.FAKE${String(seq).padStart(6, "0")}`;
      fake.sent.push({ id, body: b });
      return send(res, 200, {
        messaging_product: "whatsapp",
        contacts: [{ input: b.to, wa_id: b.to }],
        messages: [{ id, message_status: "accepted" }],
      });
    }
    return send(res, 404, graphError(100, "(#100) Unsupported request"));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, {}));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v23.0`;
  return fake;
}

// ---- Webhooks, as Meta sends them ----

const WABA_ID = "102290129340398";

function envelope(field: string, value: unknown, time = Math.floor(Date.now() / 1000)) {
  return {
    object: "whatsapp_business_account",
    entry: [{ id: WABA_ID, time, changes: [{ value, field }] }],
  };
}

const metadata = { display_phone_number: "551140000000", phone_number_id: "106540352242922" };

/** A `messages` webhook carrying delivery statuses (Meta: "Status messages webhook reference"). */
export function statusWebhook(
  statuses: {
    id: string;
    status: "sent" | "delivered" | "read" | "failed";
    at: Date;
    to?: string;
    errors?: { code: number; title: string }[];
  }[],
) {
  return envelope("messages", {
    messaging_product: "whatsapp",
    metadata,
    statuses: statuses.map((s) => ({
      id: s.id,
      status: s.status,
      timestamp: String(Math.floor(s.at.getTime() / 1000)),
      recipient_id: s.to ?? "5511987654321",
      ...(s.status === "failed"
        ? {
            errors: (s.errors ?? [{ code: 131026, title: "Message undeliverable" }]).map((e) => ({
              ...e,
              message: e.title,
              error_data: { details: e.title },
            })),
          }
        : {
            conversation: { id: "CONVERSATION_ID", origin: { type: "utility" } },
            pricing: { billable: true, pricing_model: "PMP", category: "utility", type: "regular" },
          }),
    })),
  });
}

/** A `messages` webhook carrying a text a person sent to the business. */
export function inboundTextWebhook({
  id,
  from,
  text,
  at,
  name = "Fulano",
}: {
  id: string;
  from: string;
  text: string;
  at: Date;
  name?: string;
}) {
  return envelope("messages", {
    messaging_product: "whatsapp",
    metadata,
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [
      { from, id, timestamp: String(Math.floor(at.getTime() / 1000)), type: "text", text: { body: text } },
    ],
  });
}

/** A `message_template_status_update` webhook (a template approved, rejected, paused…). */
export function templateStatusWebhook({
  id,
  name,
  event,
  reason = "NONE",
  at,
}: {
  id: number;
  name: string;
  event: string;
  reason?: string;
  at: Date;
}) {
  return envelope(
    "message_template_status_update",
    {
      event,
      message_template_id: id,
      message_template_name: name,
      message_template_language: "pt_BR",
      reason,
      message_template_category: "UTILITY",
    },
    Math.floor(at.getTime() / 1000),
  );
}

/** Meta's signature header for `raw` signed with the app secret. */
export function signature(raw: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;
}

/** A webhook POST as Meta makes it: JSON body, X-Hub-Signature-256 over its exact bytes. */
export function webhookRequest(
  url: string,
  payload: unknown,
  appSecret: string,
  { chunked = false } = {},
): Request {
  const raw = JSON.stringify(payload);
  const headers = { "content-type": "application/json", "x-hub-signature-256": signature(raw, appSecret) };
  if (!chunked) return new Request(url, { method: "POST", headers, body: raw });
  // A chunked body has no Content-Length to check first.
  const bytes = new TextEncoder().encode(raw);
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bytes.length; i += 1024) c.enqueue(bytes.slice(i, i + 1024));
      c.close();
    },
  });
  return new Request(url, { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
}
