import { baseUrl } from "~/lib/env.server";
import { configuredProvider } from "~/server/payments/index.server";
import type { PaymentProvider } from "~/server/payments/provider";
import { listProviderEvents } from "./webhook.server";

export const PROVIDER_MESSAGES = {
  notConfigured: "Nenhum provedor de pagamento está configurado.",
  connectionOk: "Conexão com o Asaas funcionando.",
  connectionError: "Erro ao testar a conexão com o provedor",
} as const;

/**
 * What Configurações → Financeiro → Provedor de pagamento shows: which provider is on
 * (from the environment, never from a form: the key is a secret the page never shows), the URL to
 * register for its webhooks, and the events received with what applying them did.
 */
export async function providerSettingsView(provider: PaymentProvider | null = configuredProvider()) {
  const apiUrl = process.env.ASAAS_API_URL ?? "";
  return {
    provider: provider
      ? {
          name: provider.name === "asaas" ? "Asaas" : provider.name,
          environment: /sandbox/i.test(apiUrl) ? "sandbox" : "produção",
          webhookUrl: `${baseUrl()}/api/webhooks/${provider.name}`,
        }
      : null,
    events: (await listProviderEvents()).map((e) => ({
      ...e,
      receivedAt: e.receivedAt.toISOString(),
      processedAt: e.processedAt?.toISOString() ?? null,
    })),
  };
}

/** "Testar conexão": the provider's answer to our key, as a pt-BR message. */
export async function testProviderConnection(
  provider: PaymentProvider | null = configuredProvider(),
): Promise<{ ok: boolean; message: string }> {
  if (!provider) return { ok: false, message: PROVIDER_MESSAGES.notConfigured };
  const result = await provider.testConnection();
  return result.ok ? { ok: true, message: PROVIDER_MESSAGES.connectionOk } : result;
}
