import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/whatsapp";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { Card, DataTable, Th } from "~/components/admin/ui";
import { ListError } from "~/components/ui/list-states";
import { Button } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { formatDateTime } from "~/lib/format";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  testWhatsAppConnection,
  WHATSAPP_SETTINGS_MESSAGES,
  whatsappSettingsView,
} from "~/modules/whatsapp/settings.server";
import { connectionTestReply } from "~/server/http/connection-test.server";
import { checkForm, readForm } from "~/server/http/form.server";
import { replyError, replyOk, toast } from "~/lib/form-reply";
import { z } from "~/lib/zod";
import { MANUAL_SEND_MESSAGES, sendWhatsAppTest } from "~/modules/whatsapp/manual-sends.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return whatsappSettingsView();
}

const TestSendSchema = z.object({
  phone: z.string({ error: MANUAL_SEND_MESSAGES.invalidPhone }).max(20, MANUAL_SEND_MESSAGES.invalidPhone),
  template: z
    .string({ error: MANUAL_SEND_MESSAGES.invalidTemplate })
    .max(64, MANUAL_SEND_MESSAGES.invalidTemplate),
});

/**
 * "Enviar teste" (intent enviar-teste): a template with its example values to the admin's own
 * number, audited. Otherwise "Testar conexão": reads the phone number's details; changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await readForm(request);
  if (form.intent === "enviar-teste") {
    const checked = checkForm(form, TestSendSchema, (errors) =>
      replyError(Object.values(errors)[0] ?? MANUAL_SEND_MESSAGES.invalidPhone, {
        status: 400,
        toastOnly: true,
      }),
    );
    if (!checked.ok) return checked.reply;
    const r = await sendWhatsAppTest({ ...checked.data, actor: user });
    return r.ok ? replyOk(toast.success(r.message)) : replyError(r.message, { status: 400, toastOnly: true });
  }
  return connectionTestReply(testWhatsAppConnection, {
    unreachable: WHATSAPP_SETTINGS_MESSAGES.connectionError,
    what: "whatsapp",
  });
}

export default function WhatsAppSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const busy = useNavigation().state === "submitting";
  const { configured, webhookUrl, openConsents, templates } = loaderData;
  return (
    <div className="max-w-6xl">
      <PageHeader title="Configurações" subtitle="WhatsApp: conexão e modelos de mensagem" />
      <SettingsNav />
      <Card className="max-w-2xl">
        <h2 className="text-lg font-semibold text-slate-900">Conexão</h2>
        {configured ? (
          <>
            <p className="mt-2 text-sm text-slate-700">
              Os avisos saem também pelo WhatsApp para os clientes que autorizaram ({openConsents}{" "}
              {openConsents === 1 ? "cliente" : "clientes"}). Cadastre no app da Meta (WhatsApp →
              Configuração) esta URL de webhook, com o token de WHATSAPP_VERIFY_TOKEN:
            </p>
            <p className="mt-1 rounded bg-slate-100 px-3 py-2 font-mono text-sm break-all">{webhookUrl}</p>
            <Form method="post" className="mt-4">
              <Button type="submit" busy={busy} busyLabel="Testando...">
                Testar conexão
              </Button>
            </Form>
            <Form method="post" className="mt-6 space-y-3" aria-label="Enviar teste">
              <h3 className="text-sm font-semibold text-slate-900">Enviar teste</h3>
              <input type="hidden" name="intent" value="enviar-teste" />
              <p className="text-sm text-slate-700">
                Envia um modelo, com os valores de exemplo, para o seu próprio WhatsApp.
              </p>
              <label className="block text-sm font-medium text-slate-800">
                Seu número (com DDD)
                <input
                  name="phone"
                  type="tel"
                  required
                  maxLength={20}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                />
              </label>
              <label className="block text-sm font-medium text-slate-800">
                Modelo
                <select
                  name="template"
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                >
                  {templates.map((t) => (
                    <option key={t.name} value={t.name}>
                      {t.label} ({t.name})
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" busy={busy} busyLabel="Enviando...">
                Enviar teste
              </Button>
            </Form>
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-700">
            WhatsApp não configurado: os avisos saem só por e-mail. Para ligar, defina
            WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET e WHATSAPP_VERIFY_TOKEN (veja
            docs/whatsapp.md).
          </p>
        )}
      </Card>
      <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">Modelos de mensagem</h2>
      <DataTable
        caption="Modelos de mensagem do WhatsApp"
        head={
          <>
            <Th>Modelo</Th>
            <Th>Momento</Th>
            <Th>Situação na Meta</Th>
            <Th>Informado em</Th>
          </>
        }
      >
        {templates.map((t) => (
          <tr key={t.name}>
            <td className="px-4 py-3 font-mono text-xs">{t.name}</td>
            <td className="px-4 py-3">{t.label}</td>
            <td className="px-4 py-3">
              {t.status}
              {t.reason && <div className="text-xs text-slate-500">{t.reason}</div>}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              {t.reportedAt ? formatDateTime(t.reportedAt) : "—"}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

export function meta() {
  return [{ title: "WhatsApp | Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message="Erro ao carregar as configurações do WhatsApp" />;
}
