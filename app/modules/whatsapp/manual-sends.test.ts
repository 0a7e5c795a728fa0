// The sends an admin asks for by hand, against the local fake Cloud API: "Enviar teste" in
// Configurações → WhatsApp and "Enviar pelo WhatsApp" on a lead that ticked the contact form's box.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, leads, mailMessages } from "~/db/schema";
import { drainJobs } from "~/server/jobs/queue.server";
import * as settingsPage from "~/routes/admin/settings/whatsapp";
import { useTestDatabase } from "../../../tests/support/db";
import { startFakeWhatsApp, type FakeWhatsApp } from "../../../tests/support/fake-whatsapp";
import { adminCookie, context, post } from "../../../tests/support/requests";
import { sendLeadWhatsApp } from "./manual-sends.server";

const t = useTestDatabase();
const saved = { ...process.env };
const admin = { id: "admin-1", name: "Ana Admin" };
let fake: FakeWhatsApp;

beforeAll(async () => {
  fake = await startFakeWhatsApp({ accessToken: "token-de-acesso" });
  Object.assign(process.env, {
    WHATSAPP_API_URL: fake.url,
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: "token-de-acesso",
    WHATSAPP_APP_SECRET: "segredo-do-app",
    WHATSAPP_VERIFY_TOKEN: "token-de-verificacao",
  });
});
afterAll(async () => {
  for (const k of Object.keys(process.env))
    if (k.startsWith("WHATSAPP_") && saved[k] === undefined) delete process.env[k];
  await fake.close();
});
beforeEach(() => fake.reset());

type Sent = { to: string; template: { name: string; components: { parameters: { text: string }[] }[] } };

describe("Enviar teste", () => {
  it("sends the chosen template with its example values to the admin's number, audited; refuses a bad number", async () => {
    const cookie = await adminCookie("zap-teste@test.dev");
    const send = (fields: Record<string, string>) =>
      settingsPage.action({
        request: post("/admin/settings/whatsapp", { intent: "enviar-teste", ...fields }, cookie),
        params: {},
        context: context(),
      } as never) as Promise<unknown>;
    const bad = (await send({ phone: "123", template: "cobranca_nova" })) as {
      data: { toast: { message: string } };
    };
    expect(bad.data.toast.message).toBe("Informe um celular com DDD, por exemplo (11) 99999-9999.");
    const ok = (await send({ phone: "(21) 98765-1234", template: "cardapio_publicado" })) as {
      data: { toast: { message: string } };
    };
    expect(ok.data.toast.message).toBe("Mensagem de teste na fila de envio para (21) 98765-1234.");
    await drainJobs({ only: ["whatsapp.deliver"] });
    const sent = fake.sent.map((m) => m.body as unknown as Sent);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe("5521987651234");
    expect(sent[0].template.name).toBe("cardapio_publicado");
    expect(sent[0].template.components[0].parameters.map((p) => p.text)).toEqual([
      "Maria",
      "Pizzaria Boa",
      "https://pizzariaboa.cardapio.digital",
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, "whatsapp.teste_enviado"));
    expect(audits).toHaveLength(1);
  });
});

describe("Enviar pelo WhatsApp (lead)", () => {
  it("only for a lead that ticked the box, once, with the contato_retorno template", async () => {
    const [yes, no] = await t.db
      .insert(leads)
      .values([
        {
          name: "Maria Souza",
          email: "lz1@x.dev",
          phone: "11987650001",
          business: "Pizzaria Boa",
          plan: "x",
          whatsappConsentAt: new Date(),
        },
        { name: "João", email: "lz2@x.dev", phone: "11987650002", business: "Bar", plan: "x" },
      ])
      .returning();
    expect(await sendLeadWhatsApp({ leadId: no.id, actor: admin })).toEqual({
      ok: false,
      message: "Este contato não autorizou mensagens pelo WhatsApp no formulário.",
    });
    expect(await sendLeadWhatsApp({ leadId: yes.id, actor: admin })).toMatchObject({ ok: true });
    expect(await sendLeadWhatsApp({ leadId: yes.id, actor: admin })).toMatchObject({ ok: false });
    await drainJobs({ only: ["whatsapp.deliver"] });
    const sent = fake.sent.map((m) => m.body as unknown as Sent);
    expect(sent.map((s) => [s.to, s.template.name])).toEqual([["5511987650001", "contato_retorno"]]);
    expect(sent[0].template.components[0].parameters.map((p) => p.text)).toEqual(["Maria", "Pizzaria Boa"]);
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.entityId, yes.id));
    expect(row).toMatchObject({ channel: "whatsapp", status: "enviado", kind: "whatsapp.lead.retorno" });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, yes.id));
    expect(audits.map((a) => a.action)).toEqual(["lead.whatsapp_enviado"]);
  });
});
