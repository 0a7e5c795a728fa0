import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/billing-provider";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { Card, DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { ListError } from "~/components/ui/list-states";
import { Button } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { formatDateTime } from "~/lib/format";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  PROVIDER_MESSAGES,
  providerSettingsView,
  testProviderConnection,
} from "~/modules/billing/provider-settings.server";
import { connectionTestReply } from "~/server/http/connection-test.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return providerSettingsView();
}

/** "Testar conexão": reads the provider's account status with our key; changes nothing. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return connectionTestReply(testProviderConnection, {
    unreachable: PROVIDER_MESSAGES.connectionError,
    what: "provider",
  });
}

export default function BillingProviderPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const busy = useNavigation().state === "submitting";
  const { provider, events } = loaderData;
  return (
    <div className="max-w-6xl">
      <PageHeader title="Configurações" subtitle="Provedor de pagamento e eventos recebidos" />
      <SettingsNav />
      <p className="mb-4 text-sm">
        <Link to="/admin/settings/billing" className="tap font-medium text-brand-700 hover:underline">
          ← PIX, lembretes e suspensão
        </Link>
      </p>
      <Card className="max-w-2xl">
        <h2 className="text-lg font-semibold text-slate-900">Provedor de pagamento</h2>
        {provider ? (
          <>
            <p className="mt-2 text-sm text-slate-700">
              {provider.name} ({provider.environment}): cada nova cobrança é criada também no provedor, que
              confirma os pagamentos sozinho.
            </p>
            <p className="mt-2 text-sm text-slate-700">
              Cadastre no painel do Asaas (Integrações → Webhooks) esta URL, com o mesmo token de
              ASAAS_WEBHOOK_TOKEN:
            </p>
            <p className="mt-1 rounded bg-slate-100 px-3 py-2 font-mono text-sm break-all">
              {provider.webhookUrl}
            </p>
            <Form method="post" className="mt-4">
              <Button type="submit" busy={busy} busyLabel="Testando...">
                Testar conexão
              </Button>
            </Form>
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-700">
            Nenhum provedor configurado: os clientes pagam pelo PIX estático e os pagamentos são registrados à
            mão. Para usar o Asaas, defina ASAAS_API_KEY, ASAAS_API_URL e ASAAS_WEBHOOK_TOKEN (veja o README).
          </p>
        )}
      </Card>
      <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">Eventos recebidos</h2>
      <DataTable
        caption="Eventos recebidos do provedor"
        head={
          <>
            <Th>Recebido em</Th>
            <Th>Evento</Th>
            <Th>Cobrança</Th>
            <Th>Resultado</Th>
          </>
        }
      >
        {events.length === 0 && <EmptyRow colSpan={4}>Nenhum evento recebido.</EmptyRow>}
        {events.map((e) => (
          <tr key={e.id}>
            <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(e.receivedAt)}</td>
            <td className="px-4 py-3">
              <span className="font-mono text-xs">{e.type}</span>
              <div className="text-xs text-slate-500">{e.eventId}</div>
            </td>
            <td className="px-4 py-3 font-mono whitespace-nowrap">{e.chargeNumber ?? "—"}</td>
            <td className="px-4 py-3">{e.processedAt ? e.outcome : "Aguardando processamento"}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

export function meta() {
  return [{ title: "Provedor de pagamento | Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message="Erro ao carregar o provedor de pagamento" />;
}
