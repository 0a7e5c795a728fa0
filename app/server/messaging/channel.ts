// One interface for every messaging channel that is not e-mail. The whatsapp module talks only to
// this; another provider (a BSP, SMS) would be one more adapter in this folder.

/** A parameter of a template's body or button, as the Cloud API takes it. */
export type TemplateParameter = { type: "text"; text: string } | { type: "coupon_code"; coupon_code: string };

/** A filled-in template component: the body's variables, or one dynamic button. */
export type TemplateComponent =
  | { type: "body"; parameters: { type: "text"; text: string }[] }
  | { type: "button"; sub_type: "url"; index: string; parameters: [{ type: "text"; text: string }] }
  | {
      type: "button";
      sub_type: "copy_code";
      index: string;
      parameters: [{ type: "coupon_code"; coupon_code: string }];
    };

/** A template message, fixed when it is queued: the same bytes go out on every attempt. */
export interface TemplateMessage {
  /** The recipient's number in international form, digits only (55 + DDD + number). */
  to: string;
  /** The template's name as approved in WhatsApp Manager. */
  name: string;
  /** The template's language and locale, e.g. "pt_BR". */
  language: string;
  components: TemplateComponent[];
}

/** The provider's status of a message it accepted, in the order they can only move forward. */
export type DeliveryStatus = "sent" | "delivered" | "read" | "failed";

export interface DeliveryError {
  code: number;
  title: string;
}

/**
 * A webhook, parsed into the events it carries (one POST may carry several). `eventId` is what
 * makes an event the same on a repeated delivery: it is stored once.
 */
export type MessagingEvent =
  | {
      kind: "status";
      eventId: string;
      providerMessageId: string;
      status: DeliveryStatus;
      at: Date;
      errors: DeliveryError[];
    }
  | {
      kind: "inbound";
      eventId: string;
      providerMessageId: string;
      /** The sender's number, digits only, as the provider reports it (wa_id). */
      from: string;
      /** The text of a text message (or a button's), null for media, location and the like. */
      text: string | null;
      at: Date;
    }
  | {
      kind: "template_status";
      eventId: string;
      templateId: string;
      name: string;
      language: string;
      /** The provider's event: APPROVED, REJECTED, PENDING, PAUSED, DISABLED… */
      status: string;
      reason: string | null;
      at: Date;
    };

export interface MessagingChannel {
  /** The channel's name in the message log (mail_messages.channel). */
  readonly name: "whatsapp";
  /** Sends a template; resolves with the provider's message id, throws MessagingError. */
  sendTemplate(message: TemplateMessage): Promise<{ providerMessageId: string }>;
  /** The subscription check (GET): the challenge to answer, or null when the token is wrong. */
  verifyChallenge(params: URLSearchParams): string | null;
  /** Checks a POST's signature over its exact bytes (constant time). */
  verifyWebhook(headers: Headers, rawBody: Uint8Array): boolean;
  /** Reads a verified webhook body into events; null when it is not a body this channel sends. */
  parseWebhook(body: unknown): MessagingEvent[] | null;
  /** "Testar conexão": the phone number's details when the credentials work. */
  testConnection(): Promise<
    { ok: true; displayPhoneNumber: string; verifiedName: string } | { ok: false; message: string }
  >;
}

/**
 * A failed send. `retryable` says whether the same call may succeed later (network, timeout, 5xx,
 * the provider's rate limits) or never will as sent (a bad number, a template not approved).
 * `code` is the provider's error code (Cloud API: e.g. 130429, 131026), when it gave one.
 */
export class MessagingError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = "MessagingError";
  }
}
