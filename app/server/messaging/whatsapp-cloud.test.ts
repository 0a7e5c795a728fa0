import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MessagingError } from "./channel";
import { configuredWhatsApp } from "./index.server";
import { whatsappCloud } from "./whatsapp-cloud.server";
import {
  RATE_LIMIT_ERROR,
  inboundTextWebhook,
  signature,
  startFakeWhatsApp,
  statusWebhook,
  templateStatusWebhook,
  type FakeWhatsApp,
} from "../../../tests/support/fake-whatsapp";

// The Cloud API adapter against a local fake that answers as Meta's documentation shows.
let fake: FakeWhatsApp;
beforeAll(async () => {
  fake = await startFakeWhatsApp({ accessToken: "token-teste" });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const channel = (accessToken = "token-teste") =>
  whatsappCloud({
    apiUrl: fake.url,
    phoneNumberId: fake.phoneNumberId,
    accessToken,
    appSecret: "segredo-do-app",
    verifyToken: "token-de-verificacao",
  });
const message = {
  to: "5511987654321",
  name: "cobranca_nova",
  language: "pt_BR",
  components: [{ type: "body" as const, parameters: [{ type: "text" as const, text: "Pizzaria Boa" }] }],
};

describe("WhatsApp Cloud API adapter", () => {
  it("is off until the four credentials are set; the API URL defaults to Graph v23.0", () => {
    expect(configuredWhatsApp({})).toBeNull();
    expect(
      configuredWhatsApp({
        WHATSAPP_PHONE_NUMBER_ID: "1",
        WHATSAPP_ACCESS_TOKEN: "t",
        WHATSAPP_APP_SECRET: "s",
      }),
    ).toBeNull();
    expect(
      configuredWhatsApp({
        WHATSAPP_PHONE_NUMBER_ID: "1",
        WHATSAPP_ACCESS_TOKEN: "t",
        WHATSAPP_APP_SECRET: "s",
        WHATSAPP_VERIFY_TOKEN: "v",
      })?.name,
    ).toBe("whatsapp");
  });

  it("sends a template as POST /{phone id}/messages with the bearer token and returns the wamid", async () => {
    const out = await channel().sendTemplate(message);
    expect(out.providerMessageId).toBe("wamid.FAKE000001");
    const call = fake.seen[0];
    expect(call.method).toBe("POST");
    expect(call.path).toBe(`/v23.0/${fake.phoneNumberId}/messages`);
    expect(call.authorization).toBe("Bearer token-teste");
    expect(call.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5511987654321",
      type: "template",
      template: {
        name: "cobranca_nova",
        language: { code: "pt_BR" },
        components: [{ type: "body", parameters: [{ type: "text", text: "Pizzaria Boa" }] }],
      },
    });
  });

  it("a 5xx and the throughput limit 130429 are retryable; a bad token or a bad number are not", async () => {
    fake.failWith(500, 131000, "(#131000) Something went wrong");
    fake.failWith(RATE_LIMIT_ERROR.status, RATE_LIMIT_ERROR.code, RATE_LIMIT_ERROR.message);
    fake.failWith(400, 131026, "(#131026) Message undeliverable");
    const errors: MessagingError[] = [];
    for (let i = 0; i < 3; i++)
      errors.push(
        (await channel()
          .sendTemplate(message)
          .catch((e: unknown) => e)) as MessagingError,
      );
    errors.push(
      (await channel("errado")
        .sendTemplate(message)
        .catch((e: unknown) => e)) as MessagingError,
    );
    expect(errors.map((e) => [e instanceof MessagingError, e.retryable, e.code])).toEqual([
      [true, true, 131000],
      [true, true, 130429],
      [true, false, 131026],
      [true, false, 190],
    ]);
    // What an error says never carries the number or the template's parameters.
    for (const e of errors) expect(e.message).not.toMatch(/5511987654321|Pizzaria/);
  });

  it("answers the subscription check only for mode subscribe and the right verify token", () => {
    const q = (mode: string, token: string) =>
      new URLSearchParams({ "hub.mode": mode, "hub.verify_token": token, "hub.challenge": "1158201444" });
    expect(channel().verifyChallenge(q("subscribe", "token-de-verificacao"))).toBe("1158201444");
    expect(channel().verifyChallenge(q("subscribe", "outro"))).toBeNull();
    expect(channel().verifyChallenge(q("unsubscribe", "token-de-verificacao"))).toBeNull();
  });

  it("checks X-Hub-Signature-256 over the exact bytes with the app secret", () => {
    const raw = JSON.stringify(statusWebhook([{ id: "wamid.A", status: "sent", at: new Date() }]));
    const bytes = new TextEncoder().encode(raw);
    const h = (sig: string | null) => new Headers(sig ? { "x-hub-signature-256": sig } : {});
    expect(channel().verifyWebhook(h(signature(raw, "segredo-do-app")), bytes)).toBe(true);
    expect(channel().verifyWebhook(h(signature(raw, "outro-segredo")), bytes)).toBe(false);
    expect(channel().verifyWebhook(h(signature(`${raw} `, "segredo-do-app")), bytes)).toBe(false);
    expect(channel().verifyWebhook(h(null), bytes)).toBe(false);
  });

  it("reads statuses, inbound texts and template status updates into events with stable ids", () => {
    const at = new Date("2026-04-06T15:00:00Z");
    const statuses = channel().parseWebhook(
      statusWebhook([
        { id: "wamid.A", status: "delivered", at },
        { id: "wamid.A", status: "failed", at, errors: [{ code: 131049, title: "Not delivered" }] },
      ]),
    );
    expect(statuses).toEqual([
      {
        kind: "status",
        eventId: "status:wamid.A:delivered",
        providerMessageId: "wamid.A",
        status: "delivered",
        at,
        errors: [],
      },
      {
        kind: "status",
        eventId: "status:wamid.A:failed",
        providerMessageId: "wamid.A",
        status: "failed",
        at,
        errors: [{ code: 131049, title: "Not delivered" }],
      },
    ]);
    expect(
      channel().parseWebhook(
        inboundTextWebhook({ id: "wamid.IN", from: "5511987654321", text: "PARAR", at }),
      ),
    ).toEqual([
      {
        kind: "inbound",
        eventId: "inbound:wamid.IN",
        providerMessageId: "wamid.IN",
        from: "5511987654321",
        text: "PARAR",
        at,
      },
    ]);
    expect(
      channel().parseWebhook(
        templateStatusWebhook({ id: 123, name: "cobranca_nova", event: "APPROVED", at }),
      ),
    ).toEqual([
      {
        kind: "template_status",
        eventId: `template:123:APPROVED:${at.getTime() / 1000}`,
        templateId: "123",
        name: "cobranca_nova",
        language: "pt_BR",
        status: "APPROVED",
        reason: "NONE",
        at,
      },
    ]);
    expect(channel().parseWebhook({ object: "page", entry: [] })).toBeNull();
  });

  it("Testar conexão reads the phone number's details", async () => {
    expect(await channel().testConnection()).toEqual({
      ok: true,
      displayPhoneNumber: "+55 11 4000-0000",
      verifiedName: "CardápioDigital",
    });
    expect(await channel("errado").testConnection()).toEqual({
      ok: false,
      message: "Token do WhatsApp recusado.",
    });
  });
});
