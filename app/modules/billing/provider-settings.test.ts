import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerEvents } from "~/db/schema";
import { asaasProvider } from "~/server/payments/asaas.server";
import { startFakeAsaas, type FakeAsaas } from "../../../tests/support/fake-asaas";
import { useTestDatabase } from "../../../tests/support/db";
import { PROVIDER_MESSAGES, providerSettingsView, testProviderConnection } from "./provider-settings.server";

const t = useTestDatabase();
let fake: FakeAsaas;
beforeAll(async () => {
  fake = await startFakeAsaas({ apiKey: "chave-certa" });
});
afterAll(() => fake.close());

const asaas = (apiKey: string) => asaasProvider({ apiKey, apiUrl: fake.url, webhookToken: "t" });

describe("Configurações → Financeiro → Provedor de pagamento", () => {
  it("'Testar conexão' says whether the key works, and that no provider is configured", async () => {
    expect(await testProviderConnection(asaas("chave-certa"))).toEqual({
      ok: true,
      message: PROVIDER_MESSAGES.connectionOk,
    });
    expect(await testProviderConnection(asaas("chave-errada"))).toEqual({
      ok: false,
      message: "Chave do Asaas recusada.",
    });
    fake.down = true;
    expect(await testProviderConnection(asaas("chave-certa"))).toEqual({
      ok: false,
      message: "Não foi possível falar com o Asaas.",
    });
    fake.down = false;
    expect(await testProviderConnection(null)).toEqual({
      ok: false,
      message: PROVIDER_MESSAGES.notConfigured,
    });
  });

  it("lists the received events, newest first, with their outcome; shows the webhook URL, never the key", async () => {
    await t.db.insert(providerEvents).values([
      {
        provider: "asaas",
        eventId: "evt_antigo",
        type: "PAYMENT_CREATED",
        payload: { id: "evt_antigo" },
        receivedAt: new Date("2026-04-01T12:00:00Z"),
        processedAt: new Date("2026-04-01T12:00:01Z"),
        outcome: "cobrança não encontrada",
      },
      {
        provider: "asaas",
        eventId: "evt_novo",
        type: "PAYMENT_RECEIVED",
        payload: { id: "evt_novo" },
        receivedAt: new Date("2026-04-02T12:00:00Z"),
      },
    ]);
    const view = await providerSettingsView(asaas("chave-certa"));
    expect(view.provider?.name).toBe("Asaas");
    expect(view.provider?.webhookUrl).toMatch(/\/api\/webhooks\/asaas$/);
    expect(JSON.stringify(view)).not.toContain("chave-certa");
    expect(view.events.map((e) => [e.eventId, e.outcome])).toEqual([
      ["evt_novo", null],
      ["evt_antigo", "cobrança não encontrada"],
    ]);
    expect((await providerSettingsView(null)).provider).toBeNull();
  });
});
