import { Mail, MessageCircle } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { AddNoteForm } from "~/components/admin/notes/add-note-form";
import { Card } from "~/components/admin/ui";
import { Button, TextField } from "~/components/ui/form";
import { showToast } from "~/components/ui/toasts";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { maskBrDateTime } from "~/lib/dates";
import { formatDateTime } from "~/lib/format";
import { whatsappLink } from "~/lib/whatsapp";
import type { Lead } from "~/modules/leads/lead.server";
import type { TimelineEntry } from "~/modules/leads/lead-timeline.server";
import { LEAD_MESSAGES, STAGE_LABELS, toSaoPauloInput } from "~/modules/leads/leads.schema";
import { formatPhone } from "~/lib/phone";

const action = "rounded-lg px-3 py-2 text-sm font-semibold inline-flex items-center gap-1.5";

/**
 * WhatsApp, e-mail (the mail client) and the client once converted. WhatsApp goes through the API
 * ("Enviar pelo WhatsApp", the contato_retorno template) when the lead ticked the contact form's
 * box and the channel is on; otherwise the wa.me link with the funnel's message, as before.
 */
export function LeadActions({ lead, whatsappApi = false }: { lead: Lead; whatsappApi?: boolean }) {
  const viaApi = whatsappApi && lead.whatsappConsentAt !== null;
  function openWhatsapp() {
    const link = whatsappLink(
      lead.phone,
      `Olá, ${lead.name}! Recebemos seu contato sobre o cardápio digital para ${lead.business}.`,
    );
    if (!link) {
      showToast("error", LEAD_MESSAGES.invalidPhone);
      return;
    }
    window.open(link, "_blank", "noopener,noreferrer");
  }
  return (
    <div className="flex flex-wrap gap-2">
      {viaApi ? (
        <Form method="post" action={`/admin/leads/${lead.id}`} preventScrollReset>
          <input type="hidden" name="intent" value="whatsapp-api" />
          <button
            type="submit"
            className={`${action} border border-green-300 bg-white text-green-800 hover:bg-green-50`}
          >
            <MessageCircle aria-hidden className="h-4 w-4" />
            Enviar pelo WhatsApp
          </button>
        </Form>
      ) : (
        <button
          type="button"
          onClick={openWhatsapp}
          className={`${action} border border-green-300 bg-white text-green-800 hover:bg-green-50`}
        >
          <MessageCircle aria-hidden className="h-4 w-4" />
          WhatsApp
        </button>
      )}
      {lead.email && (
        <a
          href={`mailto:${lead.email}`}
          className={`${action} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          <Mail aria-hidden className="h-4 w-4" />
          Enviar e-mail
        </a>
      )}
      {lead.convertedClientId && (
        <Link
          to={`/admin/clients/edit/${lead.convertedClientId}`}
          className={`${action} bg-brand-700 text-white hover:bg-brand-800`}
        >
          Ver cliente
        </Link>
      )}
      <ConfirmButton
        label="Excluir lead"
        title="Excluir lead"
        description={`Tem certeza que deseja excluir o lead ${lead.name}? As anotações dele também serão excluídas. Esta ação não pode ser desfeita.`}
        fields={{ intent: "delete" }}
        action={`/admin/leads/${lead.id}`}
        triggerClassName={`${action} border border-red-200 bg-white text-red-700 hover:bg-red-50`}
        triggerContent="Excluir lead"
      />
    </div>
  );
}

function Facts({ title, items, empty }: { title: string; items: [string, string | null][]; empty?: string }) {
  const shown = items.filter((i): i is [string, string] => Boolean(i[1]));
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
          {shown.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-slate-700">{k}</dt>
              <dd className="break-words whitespace-pre-line text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** Every field of the lead and where it came from. */
export function LeadFacts({
  lead,
  referrer = null,
}: {
  lead: Lead;
  /** The representative whose referral link brought the lead. */
  referrer?: { representativeName: string; referralCreated: boolean } | null;
}) {
  return (
    <Card className="space-y-6">
      <Facts
        title="Dados do lead"
        items={[
          ["Nome", lead.name],
          // A representative's referral has no e-mail until the conversion asks for it.
          ["E-mail", lead.email || "Não informado (indicação)"],
          ["Telefone", formatPhone(lead.phone)],
          ["Negócio", lead.business],
          ["Plano de interesse", lead.plan],
          ["Quer ser representante", lead.isRepresentative ? "Sim" : "Não"],
          ["Estágio", STAGE_LABELS[lead.statusFunil]],
          ["Recebido em", formatDateTime(lead.createdAt)],
          ["Atualizado em", formatDateTime(lead.updatedAt)],
          ["Mensagem", lead.message],
        ]}
      />
      <Facts
        title="Origem"
        empty="Sem dados de origem (acesso direto ou rastreamento recusado)."
        items={[
          ["utm_source", lead.utmSource],
          ["utm_medium", lead.utmMedium],
          ["utm_campaign", lead.utmCampaign],
          ["utm_term", lead.utmTerm],
          ["utm_content", lead.utmContent],
          ["gclid", lead.gclid],
          ["fbclid", lead.fbclid],
          ["Veio de (referrer)", lead.referrer],
          ["Página de entrada", lead.landingPage],
          ["Fonte", referrer?.referralCreated ? `Indicação de ${referrer.representativeName}` : null],
          ["Indicação", lead.isRepresentative ? "Pediu para ser representante" : null],
          [
            "Indicado por",
            referrer
              ? referrer.referralCreated
                ? referrer.representativeName
                : `${referrer.representativeName} (sem nova indicação: o estabelecimento já tinha sido indicado ou já é cliente)`
              : null,
          ],
        ]}
      />
    </Card>
  );
}

/**
 * The date and time as text with a mask: a datetime-local input shows the
 * browser's locale (mm/dd/yyyy in an English browser); this one reads dd/mm/aaaa hh:mm everywhere.
 * Keyed by the saved value, so a save shows what the server stored.
 */
function FollowUpInput({ initial, error }: { initial: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <TextField
      label="Próximo contato"
      name="nextContactAt"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa hh:mm"
      maxLength={16}
      value={value}
      onChange={(e) => setValue(maskBrDateTime(e.target.value))}
      error={error}
    />
  );
}

/** "Próximo contato" of an open lead: a date and time (São Paulo), red once it has passed. */
export function FollowUpForm({ lead, overdue }: { lead: Lead; overdue: boolean }) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  if (lead.statusFunil === "convertido" || lead.statusFunil === "perdido") return null;
  return (
    <Card>
      <fetcher.Form
        method="post"
        action={`/admin/leads/${lead.id}`}
        noValidate
        className="flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="follow-up" />
        <FollowUpInput
          key={String(lead.nextContactAt)}
          initial={toSaoPauloInput(lead.nextContactAt)}
          error={fetcher.data?.fieldErrors.nextContactAt}
        />
        <Button type="submit" busy={busy} busyLabel="Salvando...">
          Salvar próximo contato
        </Button>
      </fetcher.Form>
      {lead.nextContactAt && (
        <p className={`mt-2 text-sm ${overdue ? "font-semibold text-red-700" : "text-slate-700"}`}>
          {overdue ? "Atrasado: " : "Agendado: "}
          {formatDateTime(lead.nextContactAt)}
        </p>
      )}
    </Card>
  );
}

export function LeadNoteForm({ leadId }: { leadId: string }) {
  return (
    <Card>
      <AddNoteForm action={`/admin/leads/${leadId}`} />
    </Card>
  );
}

const DOT: Record<TimelineEntry["kind"], string> = {
  created: "bg-blue-500",
  status: "bg-slate-500",
  lost: "bg-red-600",
  converted: "bg-green-600",
  note: "bg-amber-500",
  mail: "bg-violet-500",
};

/** Newest first: creation, status changes, notes, e-mails, conversion. */
export function LeadTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Card>
      <h2 id="historico" className="mb-4 text-lg font-semibold text-slate-900">
        Histórico
      </h2>
      <ol aria-labelledby="historico" className="space-y-4 border-l border-slate-200 pl-4">
        {entries.map((e) => (
          <li key={e.key} className="relative">
            <span
              aria-hidden
              className={`absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full ${DOT[e.kind]}`}
            />
            <p className="text-sm font-semibold text-slate-900">{e.title}</p>
            {e.detail && <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{e.detail}</p>}
            <p className="text-xs text-slate-600">
              {formatDateTime(e.at)}
              {e.by ? ` · por ${e.by}` : ""}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
