import { useDraggable } from "@dnd-kit/core";
import { ChevronRight, GripVertical, MoreHorizontal } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/dialog";
import { showToast } from "~/components/ui/toasts";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { formatDateTime, formatMoney, formatWaited, lostReasonText } from "~/lib/format";
import { whatsappLink } from "~/lib/whatsapp";
import type { OpenStage } from "~/modules/leads/leads.constants";
import {
  LEAD_MESSAGES,
  MOVE_BACK_LABEL,
  PREVIOUS_STAGE,
  reachableStages,
  STAGE_LABELS,
  type Stage,
} from "~/modules/leads/leads.schema";
import type { LeadCard as LeadCardData } from "~/modules/leads/funnel.server";

import type { PlanChoice } from "./convert-dialog";
import { askFor, FUNNEL_ACTION, LeadMoves, type AskedMove } from "./lead-moves";
import type { LostSettings } from "./lost-dialog";

export type { LeadCardData };

// Menu items are not buttons, so the touch-screen minimum of app.css does not reach them.
const MENU_ITEM =
  "flex cursor-pointer items-center rounded px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 data-[state=open]:bg-slate-100 pointer-coarse:min-h-11";
const MENU_CONTENT = "z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg";

/**
 * One lead in its column, compact: name, business, plan and monthly value, the
 * follow-up or "parado há N dias", the SPEC §4 buttons of its stage, a drag handle and one
 * actions menu ("Voltar etapa", "Mover para", WhatsApp, delete). Everything else is on the lead
 * page. The server checks every move again.
 */
export function LeadCard({
  lead,
  plans,
  lost,
  idleDays,
  saving = false,
  onAsk,
}: {
  lead: LeadCardData;
  plans: PlanChoice[];
  lost: LostSettings;
  /** The stage thresholds of "parado há N dias" (funnel settings). */
  idleDays: Record<OpenStage, number>;
  /** A drop of this card is being saved. */
  saving?: boolean;
  /** Opens the board's conversion or lost dialog for this lead ("Mover para" Convertidos or Perdidos). */
  onAsk: (kind: AskedMove) => void;
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
  const open = stage !== "convertido" && stage !== "perdido";
  const threshold = open ? idleDays[stage as OpenStage] : null;
  const idle = threshold !== null && !lead.nextContactAt && lead.idleDays >= threshold;

  return (
    <article
      ref={setNodeRef}
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      className={`rounded-lg border border-slate-200 bg-white p-2.5 text-sm shadow-sm ${isDragging ? "opacity-50" : ""}`}
    >
      <div className="flex items-start gap-1">
        <h3 id={headingId} className="min-w-0 flex-1 truncate font-semibold text-slate-900">
          {/* The lead page: every field, attribution, notes and the timeline. */}
          <Link
            to={`/admin/leads/${lead.id}`}
            className="block truncate hover:text-brand-800 hover:underline pointer-coarse:leading-[44px]"
            title={lead.name}
          >
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
            className="-mt-1 cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
          >
            <GripVertical aria-hidden className="h-4 w-4" />
          </button>
        )}
        <CardMenu lead={lead} busy={busy} move={move} onAsk={onAsk} />
      </div>
      <p className="truncate text-slate-700" title={lead.business}>
        {lead.business}
      </p>
      {lead.referralSource && (
        <p className="truncate text-xs font-semibold text-brand-800">{lead.referralSource}</p>
      )}
      {lead.contactOverdue && (
        <p className="mt-1.5 rounded bg-red-50 px-2 py-1 text-xs font-semibold text-red-800">
          Sem contato há {formatWaited(lead.hoursWaiting)}
        </p>
      )}
      <p className="mt-0.5 flex items-baseline justify-between gap-2 text-xs text-slate-600">
        <span className="truncate" title={lead.plan}>
          {lead.plan}
          {lead.isRepresentative && (
            <span className="ml-1 rounded bg-blue-100 px-1 font-semibold text-blue-800">Representante</span>
          )}
        </span>
        {lead.monthlyCents !== null && (
          <span className="shrink-0 font-semibold text-slate-800">{formatMoney(lead.monthlyCents)}/mês</span>
        )}
      </p>
      {lead.nextContactAt && open && <FollowUpBadge at={lead.nextContactAt} overdue={lead.followUpOverdue} />}
      {idle && (
        <p className="mt-1.5 rounded bg-amber-50 px-2 py-1 text-xs font-semibold text-amber-900">
          Parado há {lead.idleDays} {lead.idleDays === 1 ? "dia" : "dias"}
        </p>
      )}
      {stage === "perdido" && (lead.lostReason || lead.lostNote) && (
        <p className="mt-1.5 line-clamp-2 rounded bg-red-50 px-2 py-1 text-xs text-red-800">
          Motivo: {lostReasonText(lead.lostReason, lead.lostNote)}
        </p>
      )}
      {lead.convertedClientId && (
        <Link
          to={`/admin/clients/edit/${lead.convertedClientId}`}
          className="mt-1.5 inline-block text-xs font-semibold text-brand-700 hover:underline"
        >
          Ver cliente<span className="sr-only"> {lead.name}</span>
        </Link>
      )}
      {stage !== "convertido" && (
        <div className="mt-2 flex flex-wrap gap-1">
          <LeadMoves lead={lead} plans={plans} lost={lost} busy={busy} move={move} withBack={false} />
        </div>
      )}
    </article>
  );
}

/**
 * The card's one actions menu: the moves and contacts that do not need a button of their own.
 * "Mover para" lists every stage the lead can go to, so any move is two choices away from the
 * board; Convertidos and Perdidos ask first, as their buttons do.
 */
function CardMenu({
  lead,
  busy,
  move,
  onAsk,
}: {
  lead: LeadCardData;
  busy: boolean;
  move: (to: Stage) => void;
  onAsk: (kind: AskedMove) => void;
}) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remover = useFetcher();
  const back = PREVIOUS_STAGE[lead.statusFunil];
  const targets = reachableStages(lead.statusFunil);
  const choose = (to: Stage) => {
    const kind = askFor(to);
    if (kind) onAsk(kind);
    else move(to);
  };

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
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Ações de ${lead.name}`}
          className="-mt-1 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <MoreHorizontal aria-hidden className="h-4 w-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={MENU_CONTENT}>
            <DropdownMenu.Item asChild className={MENU_ITEM}>
              <Link to={`/admin/leads/${lead.id}`}>Abrir página do lead</Link>
            </DropdownMenu.Item>
            {back && (
              <DropdownMenu.Item className={MENU_ITEM} disabled={busy} onSelect={() => move(back)}>
                {MOVE_BACK_LABEL}
                <span className="sr-only"> para {STAGE_LABELS[back]}</span>
              </DropdownMenu.Item>
            )}
            {targets.length > 0 && (
              <DropdownMenu.Sub>
                <DropdownMenu.SubTrigger className={`${MENU_ITEM} justify-between gap-3`} disabled={busy}>
                  Mover para
                  <ChevronRight aria-hidden className="h-4 w-4 text-slate-500" />
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent sideOffset={2} collisionPadding={8} className={MENU_CONTENT}>
                    {targets.map((to) => (
                      <DropdownMenu.Item key={to} className={MENU_ITEM} onSelect={() => choose(to)}>
                        {STAGE_LABELS[to]}
                      </DropdownMenu.Item>
                    ))}
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            )}
            <DropdownMenu.Item className={MENU_ITEM} onSelect={openWhatsapp}>
              WhatsApp
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item
              className={`${MENU_ITEM} text-red-700`}
              onSelect={() => setConfirmDelete(true)}
            >
              Excluir lead
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Excluir lead"
        description={`Tem certeza que deseja excluir o lead ${lead.name}? As anotações dele também serão excluídas. Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        onConfirm={() =>
          remover.submit({ intent: "delete" }, { method: "post", action: `/admin/leads/${lead.id}` })
        }
      />
    </>
  );
}

/** "Próximo contato", red once it has passed. */
function FollowUpBadge({ at, overdue }: { at: Date | string; overdue: boolean }) {
  return (
    <p
      className={`mt-1.5 rounded px-2 py-1 text-xs ${overdue ? "bg-red-50 font-semibold text-red-800" : "bg-slate-50 text-slate-700"}`}
    >
      {overdue ? "Contato atrasado: " : "Próximo contato: "}
      {formatDateTime(at)}
    </p>
  );
}
