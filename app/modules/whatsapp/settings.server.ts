import { baseUrl } from "~/lib/env.server";
import { configuredWhatsApp, type MessagingChannel } from "~/server/messaging/index.server";
import { openConsentCount } from "./consent.server";
import { TEMPLATE_LANGUAGE, TEMPLATES } from "./templates";
import { templateStatuses } from "./webhook.server";

export const WHATSAPP_SETTINGS_MESSAGES = {
  notConfigured: "O WhatsApp não está configurado.",
  connectionError: "Erro ao testar a conexão com o WhatsApp",
} as const;

/** Meta's review statuses, as the page names them (an unknown one shows as Meta sent it). */
export const TEMPLATE_STATUS_LABELS: Record<string, string> = {
  APPROVED: "Aprovado",
  REJECTED: "Rejeitado",
  PENDING: "Em análise",
  PAUSED: "Pausado",
  DISABLED: "Desativado",
  FLAGGED: "Sinalizado",
  IN_APPEAL: "Em recurso",
  PENDING_DELETION: "Exclusão pendente",
  REINSTATED: "Reativado",
  ARCHIVED: "Arquivado",
  UNARCHIVED: "Desarquivado",
};

/**
 * What Configurações → WhatsApp shows: whether the channel is on (from the environment, never a
 * form: the token is a secret the page never shows), the webhook URL to register, each template
 * with its review status as the webhook last reported it, and how many clients consented.
 */
export async function whatsappSettingsView(channel: MessagingChannel | null = configuredWhatsApp()) {
  const reported = new Map((await templateStatuses()).map((r) => [`${r.name}|${r.language}`, r]));
  return {
    configured: channel !== null,
    webhookUrl: `${baseUrl()}/api/webhooks/whatsapp`,
    openConsents: await openConsentCount(),
    templates: Object.values(TEMPLATES).map((def) => {
      const r = reported.get(`${def.name}|${TEMPLATE_LANGUAGE}`);
      return {
        name: def.name,
        label: def.label.replace(/^WhatsApp: /, ""),
        status: r ? (TEMPLATE_STATUS_LABELS[r.status] ?? r.status) : "Sem notícia da Meta",
        reason: r?.reason && r.reason !== "NONE" ? r.reason : null,
        reportedAt: r?.reportedAt.toISOString() ?? null,
      };
    }),
  };
}

/** "Testar conexão": reads the phone number's details with our token; changes nothing. */
export async function testWhatsAppConnection(
  channel: MessagingChannel | null = configuredWhatsApp(),
): Promise<{ ok: boolean; message: string }> {
  if (!channel) return { ok: false, message: WHATSAPP_SETTINGS_MESSAGES.notConfigured };
  const result = await channel.testConnection();
  return result.ok
    ? { ok: true, message: `Conexão funcionando: ${result.verifiedName} (${result.displayPhoneNumber}).` }
    : { ok: false, message: result.message };
}
