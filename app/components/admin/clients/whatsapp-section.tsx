import { Form, Link } from "react-router";
import { MailStatusBadge } from "~/components/admin/emails/mail-status";
import { Card } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/format";
import {
  MESSAGE_PREFERENCE_LABELS,
  MESSAGE_PREFERENCES,
  type MailStatus,
  type MessagePreference,
} from "~/modules/notifications/notifications.constants";

// The client page's WhatsApp block: small forms of their own (not part of the client form):
// record a consent given elsewhere (with where), withdraw it, the channel preference, and the
// client's WhatsApp messages with their statuses.

export interface WhatsAppSectionView {
  consent: {
    phoneLabel: string;
    givenAt: Date | string;
    sourceLabel: string;
    sourceNote: string | null;
  } | null;
  preference: MessagePreference;
  messages: { id: string; subject: string; status: MailStatus; createdAt: Date | string }[];
}

const input = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm";
const button = "inline-flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-semibold";

export function WhatsAppSection({ clientId, view }: { clientId: string; view: WhatsAppSectionView | null }) {
  const action = `/admin/clients/edit/${clientId}`;
  if (!view) return null;
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">WhatsApp</h2>
      {view.consent ? (
        <div className="space-y-2 text-sm text-slate-700">
          <p>
            Autorizou mensagens no número <strong>{view.consent.phoneLabel}</strong> em{" "}
            {formatDateTime(view.consent.givenAt)} ({view.consent.sourceLabel}
            {view.consent.sourceNote ? `: ${view.consent.sourceNote}` : ""}).
          </p>
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value="whatsapp-retirar" />
            <button
              type="submit"
              className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}
            >
              Retirar consentimento
            </button>
          </Form>
        </div>
      ) : (
        <Form
          method="post"
          action={action}
          preventScrollReset
          className="space-y-3"
          aria-label="Registrar consentimento"
        >
          <input type="hidden" name="intent" value="whatsapp-registrar" />
          <p className="text-sm text-slate-700">
            Sem consentimento: nenhuma mensagem sai pelo WhatsApp. Registre aqui um consentimento dado fora do
            sistema.
          </p>
          <label className="block text-sm font-medium text-slate-800">
            Número do WhatsApp
            <input name="phone" type="tel" required maxLength={20} className={input} />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            Onde e como o cliente autorizou
            <input name="sourceNote" required maxLength={500} className={input} />
          </label>
          <button type="submit" className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
            Registrar consentimento
          </button>
        </Form>
      )}
      <Form method="post" action={action} preventScrollReset className="mt-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="whatsapp-preferencia" />
        <label className="text-sm font-medium text-slate-800">
          Receber os avisos por
          <select name="preference" defaultValue={view.preference} className={input}>
            {MESSAGE_PREFERENCES.map((p) => (
              <option key={p} value={p}>
                {MESSAGE_PREFERENCE_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}
        >
          Salvar preferência
        </button>
      </Form>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Mensagens pelo WhatsApp</h3>
      {view.messages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Nenhuma mensagem pelo WhatsApp.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Mensagens pelo WhatsApp">
          {view.messages.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <Link to={`/admin/emails/${m.id}`} className="tap font-medium text-brand-700 hover:underline">
                {m.subject}
              </Link>
              <span className="flex items-center gap-2 text-slate-600">
                {formatDateTime(m.createdAt)} <MailStatusBadge status={m.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
