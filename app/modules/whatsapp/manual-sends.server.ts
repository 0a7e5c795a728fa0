import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { leads } from "~/db/schema";
import { formatPhone } from "~/lib/phone";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { configuredWhatsApp } from "~/server/messaging/index.server";
import { consentPhone } from "./consent.server";
import { queueWhatsAppTo } from "./send.server";
import { TEMPLATES, type TemplateName, type TemplateValues } from "./templates";

// The two sends an admin asks for by hand, each audited and delivered by the same job:
// "Enviar teste" (Configurações → WhatsApp: a template with its example values, to a number
// the admin gives, their own) and "Enviar pelo WhatsApp" on a lead's page (the contact
// form's WhatsApp box ticked: the "contato_retorno" template).

export const MANUAL_SEND_MESSAGES = {
  notConfigured: "O WhatsApp não está configurado.",
  invalidPhone: "Informe um celular com DDD, por exemplo (11) 99999-9999.",
  invalidTemplate: "Escolha um dos modelos da lista.",
  testQueued: (phone: string) => `Mensagem de teste na fila de envio para ${phone}.`,
  leadNoConsent: "Este contato não autorizou mensagens pelo WhatsApp no formulário.",
  leadNotFound: "Lead não encontrado.",
  leadQueued: "Mensagem enviada para a fila do WhatsApp.",
  leadAlreadySent: "A mensagem de retorno pelo WhatsApp já foi enviada para este contato.",
} as const;

type Reply = { ok: boolean; message: string };

/** Whether the API can send (the lead page then offers "Enviar pelo WhatsApp"). */
export const whatsappAvailable = (): boolean => configuredWhatsApp() !== null;

export async function sendWhatsAppTest({
  phone,
  template,
  actor,
}: {
  phone: string;
  template: string;
  actor: Actor;
}): Promise<Reply> {
  if (!configuredWhatsApp()) return { ok: false, message: MANUAL_SEND_MESSAGES.notConfigured };
  const to = consentPhone(phone);
  if (!to) return { ok: false, message: MANUAL_SEND_MESSAGES.invalidPhone };
  if (!Object.hasOwn(TEMPLATES, template))
    return { ok: false, message: MANUAL_SEND_MESSAGES.invalidTemplate };
  const name = template as TemplateName;
  const def = TEMPLATES[name];
  const values = Object.fromEntries(
    [...def.params, ...("button" in def ? [def.button.param] : [])].map((p) => [p.key, p.example]),
  ) as TemplateValues<TemplateName>;
  const id = randomUUID();
  await getDb().transaction(async (tx) => {
    await queueWhatsAppTo(tx, {
      to,
      template: name,
      values,
      dedupeKey: `teste:${id}`,
      entity: { type: "teste", id },
    });
    await recordAudit(tx, {
      actor,
      action: "whatsapp.teste_enviado",
      entityType: "settings",
      entityId: "whatsapp",
      entityLabel: "WhatsApp",
      changes: { whatsappTest: [null, def.name] },
    });
  });
  return { ok: true, message: MANUAL_SEND_MESSAGES.testQueued(formatPhone(to.slice(2))) };
}

/** "Enviar pelo WhatsApp" for a lead that ticked the box: once per lead (its own key). */
export async function sendLeadWhatsApp({ leadId, actor }: { leadId: string; actor: Actor }): Promise<Reply> {
  if (!configuredWhatsApp()) return { ok: false, message: MANUAL_SEND_MESSAGES.notConfigured };
  return getDb().transaction(async (tx) => {
    const [lead] = await tx
      .select({
        id: leads.id,
        name: leads.name,
        business: leads.business,
        phone: leads.phone,
        at: leads.whatsappConsentAt,
      })
      .from(leads)
      .where(eq(leads.id, leadId));
    if (!lead) return { ok: false, message: MANUAL_SEND_MESSAGES.leadNotFound };
    const to = consentPhone(lead.phone);
    if (!lead.at || !to) return { ok: false, message: MANUAL_SEND_MESSAGES.leadNoConsent };
    const r = await queueWhatsAppTo(tx, {
      to,
      template: "contato_retorno",
      values: { nome: lead.name.split(/\s+/)[0] || lead.name, negocio: lead.business },
      dedupeKey: `lead:${lead.id}:retorno`,
      entity: { type: "lead", id: lead.id },
    });
    if (!r.queued) return { ok: false, message: MANUAL_SEND_MESSAGES.leadAlreadySent };
    await recordAudit(tx, {
      actor,
      action: "lead.whatsapp_enviado",
      entityType: "lead",
      entityId: lead.id,
      entityLabel: lead.business,
      changes: { whatsapp: [null, "Retorno enviado pelo WhatsApp"] },
    });
    return { ok: true, message: MANUAL_SEND_MESSAGES.leadQueued };
  });
}
