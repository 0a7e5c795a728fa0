// WhatsApp as a channel, against a local fake of the Cloud API that answers, fails and
// signs webhooks as Meta's documentation shows: consent before any message, one message per
// moment and channel, retries on 5xx and 130429, the webhook checked, stored once and applied
// once. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditLog,
  charges,
  clients,
  mailMessages,
  messageStatusEvents,
  whatsappEvents,
  whatsappTemplateStatuses,
} from "~/db/schema";
import { action, loader } from "~/routes/resources/webhook-whatsapp";
import { resetClock, setClock } from "~/server/clock.server";
import { drainJobs, type JobContext } from "~/server/jobs/queue.server";
import { baseLogger } from "~/server/logging/logger.server";
import { useTestDatabase } from "../../../tests/support/db";
import {
  RATE_LIMIT_ERROR,
  SERVER_ERROR,
  inboundTextWebhook,
  signature,
  startFakeWhatsApp,
  statusWebhook,
  templateStatusWebhook,
  webhookRequest,
  type FakeWhatsApp,
} from "../../../tests/support/fake-whatsapp";
import { auditActionLabel } from "~/components/admin/audit/audit-labels";
import { MAIL_KIND_LABELS } from "~/modules/notifications/notifications.constants";
import { anonymiseSubject } from "~/modules/privacy/data-subject-erase.server";
import { findSubjectData } from "~/modules/privacy/data-subject-find.server";
import { createOneOffCharge } from "~/modules/billing/billing.server";
import { recordPayment } from "~/modules/billing/payments.server";
import { queuePaymentReceived } from "./moments.server";
import * as settingsPage from "~/routes/admin/settings/whatsapp";
import { adminCookie, context, get, post } from "../../../tests/support/requests";
import { consentHistory, openConsent, recordConsent, withdrawConsent } from "./consent.server";
import { deliverWhatsAppJob, queueWhatsApp } from "./send.server";
import { TEMPLATES, TEMPLATE_FOOTER, type TemplateName } from "./templates";
import { consentTextFor } from "./whatsapp.constants";

const t = useTestDatabase();
const URL_ = "http://localhost/api/webhooks/whatsapp";
const APP_SECRET = "segredo-do-app";
const PHONE = "5511987654321";
const PIX =
  "00020101021226900014br.gov.bcb.pix2568pix.exemplo.com.br/qr/v2/cobv/9d36b84f52040000530398654068" +
  "9.905802BR5915CARDAPIODIGITAL6009SAO PAULO62070503***6304ABCD";
const saved = { ...process.env };
let fake: FakeWhatsApp;
let seq = 0;

beforeAll(async () => {
  fake = await startFakeWhatsApp({ accessToken: "token-de-acesso" });
  Object.assign(process.env, {
    WHATSAPP_API_URL: fake.url,
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: "token-de-acesso",
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: "token-de-verificacao",
    WHATSAPP_PAYMENT_LINK_BASE: "https://sandbox.asaas.com/i/",
  });
});
afterAll(async () => {
  for (const k of Object.keys(process.env))
    if (k.startsWith("WHATSAPP_") && saved[k] === undefined) delete process.env[k];
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  setClock("2026-04-06T12:00:00-03:00");
});
afterEach(() => resetClock());

async function newClient(phone = "(11) 98765-4321") {
  seq += 1;
  const [c] = await t.db
    .insert(clients)
    .values({
      name: `Maria ${seq}`,
      email: `zap${seq}@teste.dev`,
      phone: phone.replace(/\D/g, ""),
      businessName: `Pizzaria ${seq}`,
    })
    .returning();
  return c;
}

async function consentingClient(phone = "(11) 98765-4321") {
  const c = await newClient(phone);
  const r = await recordConsent({ clientId: c.id, phone, source: "area_do_cliente", actor: null });
  expect(r.ok).toBe(true);
  return c;
}

const job = (over: Partial<JobContext> = {}): JobContext => ({
  id: "job",
  retryCount: 0,
  retryLimit: 6,
  isLastAttempt: false,
  ...over,
});

const message = async (id: string) =>
  (await t.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0];

const NEW_CHARGE_VALUES = {
  nome: "Maria",
  cobranca: "2026-000123",
  valor: "R$\u00a089,90",
  vencimento: "10/04/2026",
  pix: PIX,
};

/** One set of values per template, as its moment fills it in. */
const VALUES: { [N in TemplateName]: Record<string, string> } = {
  cobranca_nova: NEW_CHARGE_VALUES,
  cobranca_nova_link: { ...NEW_CHARGE_VALUES, link: "pay_080225913252" },
  cobranca_vence_em_breve: NEW_CHARGE_VALUES,
  cobranca_vence_hoje: { nome: "Maria", cobranca: "2026-000123", valor: "R$ 89,90", pix: PIX },
  cobranca_vencida: { ...NEW_CHARGE_VALUES, vencimento: "01/04/2026" },
  pagamento_recebido: {
    nome: "Maria",
    valor: "R$ 89,90",
    cobranca: "2026-000123",
    pago_em: "08/04/2026",
    cobranca_id: "5b0e7c8e-0000-4000-8000-000000000001",
  },
  assinatura_suspensa: {
    nome: "Maria",
    negocio: "Pizzaria Boa",
    cobranca: "2026-000123",
    valor: "R$ 89,90",
    vencimento: "01/04/2026",
    pix: PIX,
  },
  cardapio_publicado: {
    nome: "Maria",
    negocio: "Pizzaria Boa",
    link: "https://pizzariaboa.cardapio.digital",
  },
  contato_retorno: { nome: "Maria", negocio: "Pizzaria Boa" },
};

describe("templates: what the fake Cloud API receives for each moment", () => {
  it.each(Object.keys(TEMPLATES) as TemplateName[])(
    "%s: name, pt_BR, body parameters in order, button",
    async (name) => {
      const c = await consentingClient();
      const def = TEMPLATES[name];
      const values = VALUES[name];
      const r = await queueWhatsApp(t.db, {
        clientId: c.id,
        template: name,
        values: values as never,
        dedupeKey: `teste:${name}:${c.id}`,
      });
      expect(r.queued).toBe(true);
      await drainJobs({ only: ["whatsapp.deliver"] });
      expect(fake.sent).toHaveLength(1);
      const body = fake.sent[0].body as {
        to: string;
        template: { name: string; language: { code: string }; components: unknown[] };
      };
      expect(body.to).toBe(PHONE);
      expect(body.template.name).toBe(name);
      expect(body.template.language).toEqual({ code: "pt_BR" });
      const expected: unknown[] = [
        {
          type: "body",
          // Meta refuses a no-break space run or a line break inside a parameter: sent as plain text.
          parameters: def.params.map((p) => ({ type: "text", text: values[p.key].replace(/\u00a0/g, " ") })),
        },
      ];
      if ("button" in def)
        expected.push({
          type: "button",
          sub_type: "url",
          index: "0",
          parameters: [{ type: "text", text: values[def.button.param.key] }],
        });
      expect(body.template.components).toEqual(expected);
      // The log keeps what the person reads: the approved text filled in, the button, the footer.
      const row = await message((r as { id: string }).id);
      expect(row).toMatchObject({
        channel: "whatsapp",
        status: "enviado",
        toAddress: PHONE,
        providerMessageId: fake.sent[0].id,
      });
      let text = def.body;
      def.params.forEach(
        (p, i) => (text = text.replace(`{{${i + 1}}}`, values[p.key].replace(/\u00a0/g, " "))),
      );
      expect(row.text.startsWith(text)).toBe(true);
      expect(row.text.endsWith(TEMPLATE_FOOTER)).toBe(true);
      if (name === "pagamento_recebido") expect(row.text).toContain("[Ver recibo] http://localhost:");
      if (name === "cobranca_nova_link")
        expect(row.text).toContain("[Pagar cobrança] https://sandbox.asaas.com/i/pay_080225913252");
    },
  );

  it("the message log names each template's kind in pt-BR", () => {
    for (const def of Object.values(TEMPLATES)) expect(MAIL_KIND_LABELS[def.kind]).toMatch(/^WhatsApp: /);
  });

  it("docs/whatsapp.md holds each template's exact text, footer and parameters, ready to submit", () => {
    const doc = readFileSync("docs/whatsapp.md", "utf8");
    for (const def of Object.values(TEMPLATES)) {
      expect(doc).toContain(`### \`${def.name}\``);
      expect(doc).toContain(def.body);
      for (const p of def.params) expect(doc).toContain(p.example);
      if ("button" in def) expect(doc).toContain(def.button.url);
    }
    expect(doc).toContain(TEMPLATE_FOOTER);
  });
});

describe("consent: no consent, no message", () => {
  it("records the number, the exact text shown, the source and who; an admin must say where", async () => {
    const c = await newClient();
    const refused = await recordConsent({
      clientId: c.id,
      phone: "123",
      source: "area_do_cliente",
      actor: null,
    });
    expect(refused).toEqual({ ok: false, reason: "telefone_invalido" });
    await expect(
      recordConsent({
        clientId: c.id,
        phone: "(11) 98765-4321",
        source: "admin",
        sourceNote: " ",
        actor: null,
      }),
    ).rejects.toThrow();
    const r = await recordConsent({
      clientId: c.id,
      phone: "(11) 98765-4321",
      source: "admin",
      sourceNote: "Autorizou por telefone em 05/04",
      actor: null,
    });
    expect(r.ok && r.consent).toMatchObject({
      phone: PHONE,
      source: "admin",
      sourceNote: "Autorizou por telefone em 05/04",
      consentText: consentTextFor("(11) 98765-4321"),
      withdrawnAt: null,
    });
    // A new number replaces the open consent; the old one stays in the history, withdrawn.
    setClock("2026-04-07T09:00:00-03:00");
    await recordConsent({ clientId: c.id, phone: "(21) 99876-5432", source: "area_do_cliente", actor: null });
    const history = await consentHistory(c.id);
    expect(history.map((h) => [h.phone, h.withdrawalSource])).toEqual([
      ["5521998765432", null],
      [PHONE, "substituido"],
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, c.id));
    expect(audit.map((a) => a.action)).toEqual([
      "whatsapp.consentimento_registrado",
      "whatsapp.consentimento_registrado",
    ]);
    expect(auditActionLabel("whatsapp.consentimento_registrado")).toBe(
      "Consentimento para WhatsApp registrado",
    );
    expect(auditActionLabel("whatsapp.consentimento_retirado")).toBe("Consentimento para WhatsApp retirado");
  });

  it("without an open consent nothing is logged, queued or sent; withdrawn before delivery, it is not sent", async () => {
    const c = await newClient();
    const r = await queueWhatsApp(t.db, {
      clientId: c.id,
      template: "cardapio_publicado",
      values: VALUES.cardapio_publicado as never,
      dedupeKey: `x:${c.id}`,
    });
    expect(r).toEqual({ queued: false, reason: "sem_consentimento" });
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.entityId, c.id))).toHaveLength(0);

    const d = await consentingClient("(11) 91111-2222");
    const q = await queueWhatsApp(t.db, {
      clientId: d.id,
      template: "cardapio_publicado",
      values: VALUES.cardapio_publicado as never,
      dedupeKey: `x:${d.id}`,
    });
    expect(await withdrawConsent({ clientId: d.id, source: "area_do_cliente", actor: null })).toBe(true);
    await drainJobs({ only: ["whatsapp.deliver"] });
    expect(fake.sent).toHaveLength(0);
    expect(await message((q as { id: string }).id)).toMatchObject({
      status: "falhou",
      lastError: "Consentimento retirado antes do envio.",
    });
  });

  it("one message per moment and channel: the same key queued twice is one row and one send", async () => {
    const c = await consentingClient("(11) 93333-4444");
    const args = {
      clientId: c.id,
      template: "cobranca_vence_hoje" as const,
      values: VALUES.cobranca_vence_hoje as never,
      dedupeKey: `charge:abc:lembrete:0:${c.id}`,
    };
    const first = await queueWhatsApp(t.db, args);
    const again = await queueWhatsApp(t.db, args);
    expect(again).toEqual({ queued: false, reason: "ja_registrada" });
    // The delivery job running twice sends once.
    await deliverWhatsAppJob.handler({ id: (first as { id: string }).id }, job());
    await deliverWhatsAppJob.handler({ id: (first as { id: string }).id }, job());
    expect(fake.sent).toHaveLength(1);
  });
});

describe("delivery: retries with backoff on 5xx and the rate limit 130429", () => {
  it("retries a 500 and a 130429, then sends once; the job is declared with backoff", async () => {
    expect(deliverWhatsAppJob).toMatchObject({ retryBackoff: true, retryLimit: 6 });
    const c = await consentingClient("(11) 95555-6666");
    const q = (await queueWhatsApp(t.db, {
      clientId: c.id,
      template: "cardapio_publicado",
      values: VALUES.cardapio_publicado as never,
      dedupeKey: `r:${c.id}`,
    })) as { id: string };
    fake.failWith(SERVER_ERROR.status, SERVER_ERROR.code, SERVER_ERROR.message);
    fake.failWith(RATE_LIMIT_ERROR.status, RATE_LIMIT_ERROR.code, RATE_LIMIT_ERROR.message);
    await expect(deliverWhatsAppJob.handler({ id: q.id }, job())).rejects.toThrow("131000");
    expect(await message(q.id)).toMatchObject({ status: "pendente", attempts: 1 });
    await expect(deliverWhatsAppJob.handler({ id: q.id }, job({ retryCount: 1 }))).rejects.toThrow("130429");
    expect(await message(q.id)).toMatchObject({
      status: "pendente",
      attempts: 2,
      lastError: expect.stringContaining("130429"),
    });
    await deliverWhatsAppJob.handler({ id: q.id }, job({ retryCount: 2 }));
    expect(await message(q.id)).toMatchObject({ status: "enviado", attempts: 3, lastError: null });
    expect(fake.sent).toHaveLength(1);
  });

  it("through the queue: a 130429 leaves the job waiting for its retry, and nothing was sent", async () => {
    const c = await consentingClient("(11) 95555-7777");
    const q = (await queueWhatsApp(t.db, {
      clientId: c.id,
      template: "cardapio_publicado",
      values: VALUES.cardapio_publicado as never,
      dedupeKey: `q:${c.id}`,
    })) as { id: string };
    fake.failWith(RATE_LIMIT_ERROR.status, RATE_LIMIT_ERROR.code, RATE_LIMIT_ERROR.message);
    await drainJobs({ only: ["whatsapp.deliver"] });
    const [j] = await queryRows<{ state: string; later: boolean }>(
      t.db,
      sql`select state, start_after > now() as later from pgboss.job where name = 'whatsapp.deliver' and data->>'id' = ${q.id}`,
    );
    expect(j).toMatchObject({ state: "retry", later: true });
    expect(await message(q.id)).toMatchObject({ status: "pendente" });
    expect(fake.sent).toHaveLength(0);
  });

  it("a refusal that will not change (bad number) or the last attempt marks it falhou, not retried", async () => {
    const c = await consentingClient("(11) 95555-8888");
    const q = (await queueWhatsApp(t.db, {
      clientId: c.id,
      template: "cardapio_publicado",
      values: VALUES.cardapio_publicado as never,
      dedupeKey: `f:${c.id}`,
    })) as { id: string };
    fake.failWith(400, 131026, "(#131026) Message undeliverable");
    await deliverWhatsAppJob.handler({ id: q.id }, job());
    expect(await message(q.id)).toMatchObject({
      status: "falhou",
      lastError: expect.stringContaining("131026"),
    });
    const d = await consentingClient("(11) 95555-9999");
    const r = (await queueWhatsApp(t.db, {
      clientId: d.id,
      template: "cardapio_publicado",
      values: VALUES.cardapio_publicado as never,
      dedupeKey: `f:${d.id}`,
    })) as { id: string };
    fake.failWith(500, 131000, "(#131000) Something went wrong");
    await deliverWhatsAppJob.handler({ id: r.id }, job({ retryCount: 6, isLastAttempt: true }));
    expect(await message(r.id)).toMatchObject({ status: "falhou" });
  });

  it("without WhatsApp configured the message stays in the log as sem_whatsapp", async () => {
    const c = await consentingClient("(11) 94444-1111");
    const q = (await queueWhatsApp(t.db, {
      clientId: c.id,
      template: "cardapio_publicado",
      values: VALUES.cardapio_publicado as never,
      dedupeKey: `n:${c.id}`,
    })) as { id: string };
    const token = process.env.WHATSAPP_ACCESS_TOKEN;
    delete process.env.WHATSAPP_ACCESS_TOKEN;
    try {
      await deliverWhatsAppJob.handler({ id: q.id }, job());
    } finally {
      process.env.WHATSAPP_ACCESS_TOKEN = token;
    }
    expect(await message(q.id)).toMatchObject({ status: "sem_whatsapp" });
    expect(fake.seen).toHaveLength(0);
  });
});

describe("webhook GET|POST /api/webhooks/whatsapp", () => {
  const post = (payload: unknown, opts?: { chunked?: boolean }) =>
    webhookRequest(URL_, payload, APP_SECRET, opts);
  const call = async (request: Request) => {
    const res = (await action({ request, params: {}, context: {} } as never)) as {
      init: { status: number } | null;
    };
    return res.init?.status ?? 200;
  };
  const countEvents = async () =>
    Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(whatsappEvents))[0].n);

  it("answers Meta's subscription check with the challenge, and 403 to a wrong token", async () => {
    const ok = (await loader({
      request: new Request(
        `${URL_}?hub.mode=subscribe&hub.verify_token=token-de-verificacao&hub.challenge=1158201444`,
      ),
      params: {},
      context: {},
    } as never)) as Response;
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const bad = (await loader({
      request: new Request(`${URL_}?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1158201444`),
      params: {},
      context: {},
    } as never)) as Response;
    expect(bad.status).toBe(403);
  });

  it("a bad or missing signature is refused with 401 and nothing is stored", async () => {
    const before = await countEvents();
    const payload = statusWebhook([{ id: "wamid.NAO", status: "read", at: new Date() }]);
    const raw = JSON.stringify(payload);
    const forged = new Request(URL_, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature(raw, "outro-segredo") },
      body: raw,
    });
    expect(await call(forged)).toBe(401);
    const unsigned = new Request(URL_, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: raw,
    });
    expect(await call(unsigned)).toBe(401);
    // The right signature over other bytes (a body altered on the way) is refused too.
    const altered = new Request(URL_, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature(raw, APP_SECRET) },
      body: raw.replace("read", "sent"),
    });
    expect(await call(altered)).toBe(401);
    expect(await countEvents()).toBe(before);
  });

  it("accepts a chunked body up to 64 KB and refuses a bigger one with 413", async () => {
    const padded = {
      ...inboundTextWebhook({ id: "wamid.BIG1", from: "5511900000000", text: "oi", at: new Date() }),
      pad: "x".repeat(60_000),
    };
    expect(await call(post(padded, { chunked: true }))).toBe(200);
    const tooBig = { ...padded, pad: "x".repeat(70_000) };
    const before = await countEvents();
    expect(await call(post(tooBig, { chunked: true }))).toBe(413);
    expect(await countEvents()).toBe(before);
  });

  it("statuses: repeated and out of order, each applied once; read never goes back to delivered", async () => {
    const c = await consentingClient("(11) 97777-1111");
    const q = (await queueWhatsApp(t.db, {
      clientId: c.id,
      template: "cardapio_publicado",
      values: VALUES.cardapio_publicado as never,
      dedupeKey: `s:${c.id}`,
    })) as { id: string };
    await drainJobs({ only: ["whatsapp.deliver"] });
    const wamid = (await message(q.id)).providerMessageId!;
    const at = (min: number) => new Date(Date.parse("2026-04-06T15:00:00Z") + min * 60_000);
    // read arrives first, then delivered and sent late, then read again (Meta retries).
    expect(await call(post(statusWebhook([{ id: wamid, status: "read", at: at(3) }])))).toBe(200);
    expect(
      await call(
        post(
          statusWebhook([
            { id: wamid, status: "delivered", at: at(2) },
            { id: wamid, status: "sent", at: at(1) },
          ]),
        ),
      ),
    ).toBe(200);
    expect(await call(post(statusWebhook([{ id: wamid, status: "read", at: at(3) }])))).toBe(200);
    const stored = await t.db
      .select()
      .from(whatsappEvents)
      .where(sql`${whatsappEvents.eventId} like ${`status:${wamid}:%`}`);
    expect(stored).toHaveLength(3);
    await drainJobs({ only: ["whatsapp.apply-event"] });
    expect(await message(q.id)).toMatchObject({ status: "lido" });
    const history = await t.db
      .select()
      .from(messageStatusEvents)
      .where(eq(messageStatusEvents.messageId, q.id));
    expect(history.map((h) => [h.status, h.occurredAt.toISOString()]).sort()).toEqual([
      ["delivered", at(2).toISOString()],
      ["read", at(3).toISOString()],
      ["sent", at(1).toISOString()],
    ]);
    // A failed after read (another device) stays in the history; the message stays read.
    await call(
      post(
        statusWebhook([
          { id: wamid, status: "failed", at: at(4), errors: [{ code: 131049, title: "Not delivered" }] },
        ]),
      ),
    );
    await drainJobs({ only: ["whatsapp.apply-event"] });
    expect(await message(q.id)).toMatchObject({ status: "lido" });
  });

  it("a failed status marks the message falhou with Meta's error code", async () => {
    const c = await consentingClient("(11) 97777-2222");
    const q = (await queueWhatsApp(t.db, {
      clientId: c.id,
      template: "cardapio_publicado",
      values: VALUES.cardapio_publicado as never,
      dedupeKey: `ff:${c.id}`,
    })) as { id: string };
    await drainJobs({ only: ["whatsapp.deliver"] });
    const wamid = (await message(q.id)).providerMessageId!;
    await call(
      post(
        statusWebhook([
          {
            id: wamid,
            status: "failed",
            at: new Date(),
            errors: [{ code: 131026, title: "Message undeliverable" }],
          },
        ]),
      ),
    );
    await drainJobs({ only: ["whatsapp.apply-event"] });
    expect(await message(q.id)).toMatchObject({
      status: "falhou",
      lastError: "WhatsApp: erro 131026 (Message undeliverable)",
    });
  });

  it("PARAR (or sair, any case) withdraws the consent of that number; other text does not", async () => {
    const c = await consentingClient("(11) 98888-1111");
    await call(
      post(inboundTextWebhook({ id: "wamid.IN1", from: "5511988881111", text: "obrigado!", at: new Date() })),
    );
    await drainJobs({ only: ["whatsapp.apply-event"] });
    expect(await openConsent(t.db, c.id)).not.toBeNull();
    await call(
      post(inboundTextWebhook({ id: "wamid.IN2", from: "5511988881111", text: " Parar ", at: new Date() })),
    );
    await drainJobs({ only: ["whatsapp.apply-event"] });
    expect(await openConsent(t.db, c.id)).toBeNull();
    const [h] = await consentHistory(c.id);
    expect(h.withdrawalSource).toBe("mensagem_recebida");
    // WhatsApp may report a Brazilian mobile without its ninth digit: still the same person.
    const d = await consentingClient("(11) 98888-2222");
    await call(
      post(inboundTextWebhook({ id: "wamid.IN3", from: "551188882222", text: "sair", at: new Date() })),
    );
    await drainJobs({ only: ["whatsapp.apply-event"] });
    expect(await openConsent(t.db, d.id)).toBeNull();
    // The stored event keeps no text and no profile name, and once applied no number.
    const [ev] = await t.db
      .select()
      .from(whatsappEvents)
      .where(eq(whatsappEvents.eventId, "inbound:wamid.IN2"));
    expect(JSON.stringify(ev.payload)).not.toMatch(/Parar|Fulano|5511988881111/);
    expect(ev).toMatchObject({ payload: { stop: true }, phone: null, outcome: "consentimento retirado (1)" });
  });

  it("template status updates are stored; an older report arriving late changes nothing", async () => {
    const at = (h: number) => new Date(Date.parse("2026-04-06T10:00:00Z") + h * 3_600_000);
    await call(post(templateStatusWebhook({ id: 77, name: "cobranca_nova", event: "APPROVED", at: at(2) })));
    await call(post(templateStatusWebhook({ id: 77, name: "cobranca_nova", event: "PENDING", at: at(1) })));
    await drainJobs({ only: ["whatsapp.apply-event"] });
    const rows = await t.db
      .select()
      .from(whatsappTemplateStatuses)
      .where(eq(whatsappTemplateStatuses.name, "cobranca_nova"));
    expect(rows).toEqual([
      {
        name: "cobranca_nova",
        language: "pt_BR",
        templateId: "77",
        status: "APPROVED",
        reason: "NONE",
        reportedAt: at(2),
      },
    ]);
  });
});

describe("moments: followers of the domain events", () => {
  it("a charge paid sends 'pagamento recebido' by WhatsApp to a consenting client only, once", async () => {
    const c = await consentingClient("(11) 93210-0001");
    const other = await newClient("(11) 93210-0002");
    const paidIds: string[] = [];
    for (const client of [c, other]) {
      const made = await createOneOffCharge({
        clientId: client.id,
        input: { description: "Ajuste no cardápio", amountCents: 12_990, dueDate: "2026-04-10" },
      });
      if (!made.ok) throw new Error(made.message);
      const paid = await recordPayment({
        chargeId: made.value.id,
        input: { paidOn: "2026-04-06", method: "pix", amountCents: 12_990 },
      });
      expect(paid.ok).toBe(true);
      paidIds.push(made.value.id);
    }
    await drainJobs({ only: ["events", "whatsapp.charge-paid", "whatsapp.deliver"] });
    await drainJobs({ only: ["events", "whatsapp.charge-paid", "whatsapp.deliver"] });
    const receipts = fake.sent.filter(
      (m) => (m.body.template as { name: string }).name === "pagamento_recebido",
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0].body.to).toBe("5511932100001");
    const [number] = await t.db.select({ n: charges.number }).from(charges).where(eq(charges.id, paidIds[0]));
    expect((receipts[0].body.template as { components: unknown[] }).components).toEqual([
      {
        type: "body",
        parameters: [c.name, "R$ 129,90", number.n, "06/04/2026"].map((text) => ({ type: "text", text })),
      },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: paidIds[0] }] },
    ]);
    // The follower running again (a retried job) adds nothing.
    expect(await queuePaymentReceived(t.db, paidIds[0])).toEqual({ queued: false, reason: "ja_registrada" });
    expect(await queuePaymentReceived(t.db, paidIds[1])).toEqual({
      queued: false,
      reason: "sem_consentimento",
    });
  });
});

describe("Configurações → WhatsApp", () => {
  it("shows each template with its review status as last reported, and 'Testar conexão' reads the number", async () => {
    const cookie = await adminCookie("zap-admin@test.dev");
    await action({
      request: webhookRequest(
        URL_,
        templateStatusWebhook({
          id: 91,
          name: "cobranca_vencida",
          event: "REJECTED",
          reason: "INCORRECT_CATEGORY",
          at: new Date(),
        }),
        APP_SECRET,
      ),
      params: {},
      context: {},
    } as never);
    await drainJobs({ only: ["whatsapp.apply-event"] });
    const view = (await settingsPage.loader({
      request: get("/admin/settings/whatsapp", cookie),
      params: {},
      context: context(),
    } as never)) as Awaited<ReturnType<typeof settingsPage.loader>>;
    expect(view.configured).toBe(true);
    expect(view.webhookUrl).toMatch(/\/api\/webhooks\/whatsapp$/);
    expect(view.templates.map((t) => t.name)).toEqual(Object.keys(TEMPLATES));
    expect(view.templates.find((t) => t.name === "cobranca_vencida")).toMatchObject({
      status: "Rejeitado",
      reason: "INCORRECT_CATEGORY",
    });
    expect(view.templates.find((t) => t.name === "cardapio_publicado")).toMatchObject({
      status: "Sem notícia da Meta",
    });
    const tested = (await settingsPage.action({
      request: post("/admin/settings/whatsapp", {}, cookie),
      params: {},
      context: context(),
    } as never)) as {
      toast: { message: string };
    };
    expect(tested.toast.message).toBe("Conexão funcionando: CardápioDigital (+55 11 4000-0000).");
  });
});

describe("privacy: the export and the erasure cover the consent and the messages", () => {
  it("a client's consents and WhatsApp messages are exported, then erased with them", async () => {
    const c = await consentingClient("(11) 92222-3333");
    const q = (await queueWhatsApp(t.db, {
      clientId: c.id,
      template: "cardapio_publicado",
      values: { nome: c.name, negocio: c.businessName, link: "https://x.cardapio.digital" },
      dedupeKey: `p:${c.id}`,
    })) as { id: string };
    await drainJobs({ only: ["whatsapp.deliver"] });
    await action({
      request: webhookRequest(
        URL_,
        inboundTextWebhook({ id: "wamid.PRIV", from: "5511922223333", text: "oi", at: new Date() }),
        APP_SECRET,
      ),
      params: {},
      context: {},
    } as never);
    await drainJobs({ only: ["whatsapp.apply-event"] });

    const byPhone = await findSubjectData({ query: { email: null, phone: "11922223333" } });
    expect(byPhone.whatsappConsents.map((r) => r.phone)).toEqual(["5511922223333"]);
    expect(byPhone.mailMessages.map((m) => m.id)).toContain(q.id);

    await anonymiseSubject({ query: { email: c.email, phone: null }, actor: null });
    expect(await consentHistory(c.id)).toEqual([]);
    const row = await message(q.id);
    expect(row.toAddress).toBe("00000000000");
    expect(row.template).toBeNull();
    expect(row.text).not.toContain(c.name);
    // The inbound's event, applied, kept no number to erase.
    const [ev] = await t.db
      .select()
      .from(whatsappEvents)
      .where(eq(whatsappEvents.eventId, "inbound:wamid.PRIV"));
    expect(ev.phone).toBeNull();
    const after = await findSubjectData({ query: { email: null, phone: "11922223333" } });
    expect(after.whatsappConsents).toEqual([]);
    expect(after.mailMessages).toEqual([]);
  });
});

describe("logs", () => {
  let lines: string[] = [];
  beforeEach(() => {
    lines = [];
    const stream = (baseLogger() as unknown as Record<symbol, { write(s: string): boolean }>)[
      pino.symbols.streamSym
    ];
    vi.spyOn(stream, "write").mockImplementation((s: string) => {
      lines.push(s);
      return true;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("no template text, phone number or token appears in any log line", async () => {
    const level = baseLogger().level;
    baseLogger().level = "debug";
    try {
      const c = await consentingClient("(11) 96666-1234");
      const q = (await queueWhatsApp(t.db, {
        clientId: c.id,
        template: "cobranca_nova",
        values: VALUES.cobranca_nova as never,
        dedupeKey: `l:${c.id}`,
      })) as { id: string };
      fake.failWith(RATE_LIMIT_ERROR.status, RATE_LIMIT_ERROR.code, RATE_LIMIT_ERROR.message);
      await expect(deliverWhatsAppJob.handler({ id: q.id }, job())).rejects.toThrow();
      await drainJobs({ only: ["whatsapp.deliver"] });
      // The queue retries later; this test runs the retry now.
      await deliverWhatsAppJob.handler({ id: q.id }, job({ retryCount: 1 }));
      const wamid = (await message(q.id)).providerMessageId!;
      const webhookPost = webhookRequest(
        URL_,
        statusWebhook([{ id: wamid, status: "delivered", at: new Date(), to: "5511966661234" }]),
        APP_SECRET,
      );
      await action({ request: webhookPost, params: {}, context: {} } as never);
      await action({
        request: webhookRequest(
          URL_,
          inboundTextWebhook({ id: "wamid.LOG", from: "5511966661234", text: "PARAR", at: new Date() }),
          APP_SECRET,
        ),
        params: {},
        context: {},
      } as never);
      await drainJobs({ only: ["whatsapp.apply-event"] });
    } finally {
      baseLogger().level = level;
    }
    const all = lines.join("\n");
    // The lines are there (what happened, by id and code), just not what was said or to whom.
    expect(all).toContain("whatsapp: send failed");
    expect(all).toContain("whatsapp: event applied");
    for (const secret of [
      "5511966661234",
      "96666-1234",
      "966661234",
      "token-de-acesso",
      APP_SECRET,
      "Maria",
      "2026-000123",
      PIX.slice(0, 30),
      "Sua cobrança",
      "PARAR",
    ])
      expect(all).not.toContain(secret);
  });
});
