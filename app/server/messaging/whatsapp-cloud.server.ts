import { createHmac } from "node:crypto";
import { sameSecret } from "~/server/payments/asaas.server";
import {
  MessagingError,
  type DeliveryError,
  type DeliveryStatus,
  type MessagingChannel,
  type MessagingEvent,
} from "./channel";

// The WhatsApp Business Platform's Cloud API, called over HTTPS with fetch (Meta's Node SDK is
// paused): POST /{PHONE_NUMBER_ID}/messages sends a template; the webhook is signed with
// X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret) and verified on
// subscription with hub.mode / hub.verify_token / hub.challenge. docs/whatsapp.md.

export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v23.0";

export interface WhatsAppConfig {
  /** Graph API base with its version, e.g. https://graph.facebook.com/v23.0 */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  /** Per-call limit: a hung provider must not hold a job forever. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** WhatsApp is on when the four credentials are set (the API URL has a default). */
export function whatsappConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WhatsAppConfig | null {
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  const accessToken = env.WHATSAPP_ACCESS_TOKEN?.trim();
  const appSecret = env.WHATSAPP_APP_SECRET?.trim();
  const verifyToken = env.WHATSAPP_VERIFY_TOKEN?.trim();
  if (!phoneNumberId || !accessToken || !appSecret || !verifyToken) return null;
  const apiUrl = env.WHATSAPP_API_URL?.trim() || DEFAULT_WHATSAPP_API_URL;
  return { apiUrl, phoneNumberId, accessToken, appSecret, verifyToken };
}

/**
 * Error codes that say "later" rather than "never" (Meta's error code reference): throughput
 * (130429), per-recipient pair rate (131056), app and account call limits (4, 80007), and the
 * platform's own temporary failures (1, 2, 131000, 131016, 133004).
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);

/** Meta's timestamps are Unix seconds, as a string in message webhooks and a number in others. */
function dateOf(v: unknown): Date | null {
  const n = typeof v === "string" ? Number(v) : typeof v === "number" ? v : NaN;
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : null;
}

const STATUSES: readonly DeliveryStatus[] = ["sent", "delivered", "read", "failed"];

function errorsOf(v: unknown): DeliveryError[] {
  return list(v)
    .map((e) => ({ code: Number(e.code), title: String(e.title ?? e.message ?? "").slice(0, 200) }))
    .filter((e) => Number.isFinite(e.code));
}

function inboundText(m: Json): string | null {
  if (m.type === "text") return str(obj(m.text).body);
  if (m.type === "button") return str(obj(m.button).text);
  if (m.type === "interactive") {
    const i = obj(m.interactive);
    return str(obj(i.button_reply).title) ?? str(obj(i.list_reply).title);
  }
  return null;
}

/** The events of one `messages` change: delivery statuses and messages people sent us. */
function messageEvents(value: Json): MessagingEvent[] {
  const events: MessagingEvent[] = [];
  for (const s of list(value.statuses)) {
    const id = str(s.id);
    const status = STATUSES.find((x) => x === s.status);
    const at = dateOf(s.timestamp);
    if (!id || !status || !at) continue;
    events.push({
      kind: "status",
      eventId: `status:${id}:${status}`,
      providerMessageId: id,
      status,
      at,
      errors: errorsOf(s.errors),
    });
  }
  for (const m of list(value.messages)) {
    const id = str(m.id);
    const from = str(m.from);
    const at = dateOf(m.timestamp);
    if (!id || !from || !at) continue;
    events.push({
      kind: "inbound",
      eventId: `inbound:${id}`,
      providerMessageId: id,
      from,
      text: inboundText(m),
      at,
    });
  }
  return events;
}

/** A `message_template_status_update` change: the template's new review status. */
function templateEvent(value: Json, entryTime: unknown): MessagingEvent | null {
  const templateId = value.message_template_id;
  const name = str(value.message_template_name);
  const status = str(value.event);
  const at = dateOf(entryTime);
  if ((typeof templateId !== "number" && typeof templateId !== "string") || !name || !status || !at)
    return null;
  return {
    kind: "template_status",
    eventId: `template:${String(templateId)}:${status}:${at.getTime() / 1000}`,
    templateId: String(templateId),
    name,
    language: str(value.message_template_language) ?? "",
    status,
    reason: str(value.reason),
    at,
  };
}

export function whatsappCloud(config: WhatsAppConfig): MessagingChannel {
  const base = config.apiUrl.replace(/\/+$/, "");
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 15_000;

  async function call(method: string, path: string, body?: unknown): Promise<Json> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.accessToken}`,
          "content-type": "application/json",
          accept: "application/json",
          "user-agent": "cardapio-digital",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new MessagingError(`WhatsApp indisponível: ${(err as Error).name}`, true);
    }
    const text = await res.text();
    let json: Json = {};
    try {
      json = text ? obj(JSON.parse(text)) : {};
    } catch {
      json = {};
    }
    if (!res.ok) {
      // Graph API errors: { error: { message, type, code, error_data: { details }, fbtrace_id } }.
      // Only the code and Meta's short message are kept: `details` can quote what was sent.
      const e = obj(json.error);
      const code =
        typeof e.code === "number" ? e.code : Number.isFinite(Number(e.code)) ? Number(e.code) : null;
      const retryable =
        res.status >= 500 || res.status === 429 || (code !== null && RETRYABLE_CODES.has(code));
      const what = str(e.message)?.slice(0, 200);
      throw new MessagingError(
        `WhatsApp respondeu ${res.status}${code !== null ? ` (código ${code})` : ""}${what ? `: ${what}` : ""}`,
        retryable,
        res.status,
        code,
      );
    }
    return json;
  }

  return {
    name: "whatsapp",

    async sendTemplate(message) {
      const answer = await call("POST", `/${encodeURIComponent(config.phoneNumberId)}/messages`, {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: message.to,
        type: "template",
        template: {
          name: message.name,
          language: { code: message.language },
          components: message.components,
        },
      });
      const id = str(list(answer.messages)[0]?.id);
      // A 200 without a message id cannot be tracked: treated as a failure worth retrying.
      if (!id) throw new MessagingError("WhatsApp não devolveu o id da mensagem.", true, 200);
      return { providerMessageId: id };
    },

    verifyChallenge(params) {
      if (params.get("hub.mode") !== "subscribe") return null;
      if (!sameSecret(params.get("hub.verify_token"), config.verifyToken)) return null;
      return params.get("hub.challenge");
    },

    verifyWebhook(headers, rawBody) {
      const given = headers.get("x-hub-signature-256");
      const expected = `sha256=${createHmac("sha256", config.appSecret).update(rawBody).digest("hex")}`;
      return sameSecret(given?.trim().toLowerCase() ?? null, expected);
    },

    parseWebhook(body) {
      const b = obj(body);
      if (b.object !== "whatsapp_business_account" || !Array.isArray(b.entry)) return null;
      const events: MessagingEvent[] = [];
      for (const entry of list(b.entry)) {
        for (const change of list(entry.changes)) {
          const value = obj(change.value);
          if (change.field === "messages") events.push(...messageEvents(value));
          else if (change.field === "message_template_status_update") {
            const e = templateEvent(value, entry.time);
            if (e) events.push(e);
          }
        }
      }
      return events;
    },

    async testConnection() {
      try {
        const p = await call(
          "GET",
          `/${encodeURIComponent(config.phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating`,
        );
        return {
          ok: true,
          displayPhoneNumber: String(p.display_phone_number ?? ""),
          verifiedName: String(p.verified_name ?? ""),
        };
      } catch (err) {
        const e = err as MessagingError;
        return {
          ok: false,
          message:
            e.status === 401 || e.code === 190
              ? "Token do WhatsApp recusado."
              : "Não foi possível falar com o WhatsApp.",
        };
      }
    },
  };
}
