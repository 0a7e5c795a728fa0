import { useDraggable } from "@dnd-kit/core";
import { GripVertical, MessageCircle } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { showToast } from "~/components/ui/toasts";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { formatDateTime } from "~/lib/format";
import { whatsappLink } from "~/lib/whatsapp";
import { LEAD_MESSAGES, lostReasonText, type Stage } from "~/modules/leads/leads.schema";
import type { LeadCard as LeadCardData } from "~/modules/leads/funnel.server";

import type { PlanChoice } from "./convert-dialog";
import { FUNNEL_ACTION, LeadMoves } from "./lead-moves";
import type { LostSettings } from "./lost-dialog";
import { formatPhone } from "~/lib/phone";

export type { LeadCardData };

const btn = "rounded-md px-2.5 py-1.5 text-xs font-semibold disabled:cursor-not-allowed disabled:opacity-60";

function Attribution({ lead }: { lead: LeadCardData }) {
  const source = [lead.utmSource, lead.utmMedium].filter(Boolean).join(" / ");
  const items: [string, string][] = [];
  if (source) items.push(["Origem", source]);
  if (lead.utmCampaign) items.push(["Campanha", lead.utmCampaign]);
  if (lead.landingPage) items.push(["Página de entrada", lead.landingPage]);
  if (lead.referrer) items.push(["Veio de", lead.referrer]);
  if (!items.length) return null;
  return (
    <dl className="mt-2 space-y-0.5 rounded-md bg-slate-50 p-2 text-xs text-slate-600">
      {items.map(([k, v]) => (
        <div key={k} className="flex gap-1">
          <dt className="font-medium text-slate-700">{k}:</dt>
          <dd className="truncate" title={v}>
            {v}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One lead in its column, with the SPEC §4 buttons of its stage plus "Voltar etapa", and a
 * handle to drag it to another column (mouse or keyboard). The server checks every move again.
 */
export function LeadCard({
  lead,
  plans,
  lost,
  saving = false,
}: {
  lead: LeadCardData;
  plans: PlanChoice[];
  lost: LostSettings;
  /** A drop of this card is being saved. */
  saving?: boolean;
}) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  const busy = fetcher.state !== "idle" || saving;
  const stage = lead.statusFunil;
  const headingId = `lead-${lead.id}`;
  // Nothing leaves `convertido`: its cards have no handle.
  const draggable = stage !== "convertido";
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: lead.id,
    data: { lead },
    disabled: !draggable || busy,
    attributes: { roleDescription: "lead arrastável" },
  });

  const move = (to: Stage) =>
    fetcher.submit(
      { intent: "move", id: lead.id, from: stage, to },
      { method: "post", action: FUNNEL_ACTION },
    );

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
    <article
      ref={setNodeRef}
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      className={`rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm ${isDragging ? "opacity-50" : ""}`}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {/* The lead page: every field, attribution, notes and the timeline. */}
          <Link to={`/admin/leads/${lead.id}`} className="hover:text-brand-800 hover:underline">
            {lead.name}
          </Link>
        </h3>
        {draggable && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Mover ${lead.name}`}
            className="-mt-1 -mr-1 cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
          >
            <GripVertical aria-hidden className="h-4 w-4" />
          </button>
        )}
      </div>
      <p className="text-slate-700">{lead.business}</p>
      <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
        <li className="break-all">{lead.email}</li>
        <li>{formatPhone(lead.phone)}</li>
        <li>
          Plano: <span className="font-medium text-slate-800">{lead.plan}</span>
          {lead.isRepresentative && (
            <span className="ml-1 rounded bg-blue-100 px-1.5 py-0.5 font-semibold text-blue-800">
              Representante
            </span>
          )}
        </li>
        <li>{formatDateTime(lead.createdAt)}</li>
      </ul>
      {lead.contactOverdue && (
        <p className="mt-2 rounded-md bg-red-50 p-2 text-xs font-semibold text-red-800">
          Sem contato há mais de 20 horas
        </p>
      )}
      {lead.message && (
        <p className="mt-2 line-clamp-3 text-xs whitespace-pre-line text-slate-700">{lead.message}</p>
      )}
      {lead.nextContactAt && stage !== "convertido" && stage !== "perdido" && (
        <FollowUpBadge at={lead.nextContactAt} overdue={lead.followUpOverdue} />
      )}
      {stage === "perdido" && (lead.lostReason || lead.lostNote) && (
        <p className="mt-2 rounded-md bg-red-50 p-2 text-xs text-red-800">
          Motivo: {lostReasonText(lead.lostReason, lead.lostNote)}
        </p>
      )}
      <Attribution lead={lead} />
      {lead.convertedClientId && (
        <Link
          to={`/admin/clients/edit/${lead.convertedClientId}`}
          className="mt-2 inline-block text-xs font-semibold text-brand-700 hover:underline"
        >
          Ver cliente<span className="sr-only"> {lead.name}</span>
        </Link>
      )}
      <div className="mt-3 flex flex-wrap gap-1.5">
        <LeadMoves lead={lead} plans={plans} lost={lost} busy={busy} move={move} />
        <button
          type="button"
          onClick={openWhatsapp}
          className={`${btn} inline-flex items-center gap-1 border border-green-300 text-green-800 hover:bg-green-50`}
        >
          <MessageCircle aria-hidden className="h-3.5 w-3.5" />
          WhatsApp
        </button>
      </div>
    </article>
  );
}

/** "Próximo contato", red once it has passed. */
function FollowUpBadge({ at, overdue }: { at: Date | string; overdue: boolean }) {
  return (
    <p
      className={`mt-2 rounded-md p-2 text-xs ${overdue ? "bg-red-50 font-semibold text-red-800" : "bg-slate-50 text-slate-700"}`}
    >
      {overdue ? "Contato atrasado: " : "Próximo contato: "}
      {formatDateTime(at)}
    </p>
  );
}
