import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { useMemo, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { countLabel, sumCounts, type ListCount } from "~/components/admin/pagination";
import { withParams } from "~/lib/list-params";
import {
  FOLLOW_UP_FILTERS,
  LEAD_MESSAGES,
  reachableStages,
  STAGE_LABELS,
  STAGES,
  type FollowUpFilter,
  type Stage,
} from "~/modules/leads/leads.schema";
import { ChevronsLeftRight, ChevronsRightLeft } from "lucide-react";
import { formatMoney } from "~/lib/format";
import type { OpenStage } from "~/modules/leads/leads.constants";
import type { PlanChoice } from "./convert-dialog";
import type { LostSettings } from "./lost-dialog";
import { LeadCard, type LeadCardData } from "./lead-card";
import { askFor, MoveDialog, type AskedMove } from "./lead-moves";

export type Columns = Record<Stage, { leads: LeadCardData[]; hasMore: boolean }>;

/** Count tabs: "Todos" shows the six columns, a stage shows its column alone. */
export function StageTabs({ counts, view }: { counts: Record<Stage, ListCount>; view: Stage | null }) {
  const { search } = useLocation();
  const total = sumCounts(STAGES.map((s) => counts[s]));
  const tabs: { key: Stage | null; label: string; n: ListCount }[] = [
    { key: null, label: "Todos", n: total },
    ...STAGES.map((s) => ({ key: s, label: STAGE_LABELS[s], n: counts[s] })),
  ];
  return (
    <nav aria-label="Estágios do funil" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((t) => {
        const active = t.key === view;
        return (
          <Link
            key={t.key ?? "todos"}
            to={withParams(search, { etapa: t.key })}
            aria-current={active ? "page" : undefined}
            preventScrollReset
            className={`-mb-px rounded-t-lg border-b-2 px-3 py-2 text-sm font-medium ${
              active
                ? "border-brand-700 text-brand-800"
                : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {t.label}{" "}
            <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              <CountBadge count={t.n} />
            </span>
          </Link>
        );
      })}
    </nav>
  );
}

/** ?contato= : the follow-up filter (server-side), "Para hoje" or "Atrasados". */
export function FollowUpFilterLinks({ value }: { value: FollowUpFilter | null }) {
  const { search } = useLocation();
  const options: { key: FollowUpFilter | null; label: string }[] = [
    { key: null, label: "Todos os contatos" },
    ...(Object.keys(FOLLOW_UP_FILTERS) as FollowUpFilter[]).map((k) => ({
      key: k,
      label: FOLLOW_UP_FILTERS[k],
    })),
  ];
  return (
    <nav aria-label="Próximo contato" className="mr-auto flex items-center gap-1">
      <span className="font-medium text-slate-700">Próximo contato:</span>
      {options.map((o) => {
        const active = o.key === value;
        return (
          <Link
            key={o.key ?? "todos"}
            to={withParams(search, { contato: o.key })}
            aria-current={active ? "page" : undefined}
            preventScrollReset
            className={`rounded-full border px-2.5 py-1 font-medium ${
              active
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
            }`}
          >
            {o.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** The closed stages: narrow columns with their counts until opened. */
const COLLAPSIBLE: readonly Stage[] = ["convertido", "perdido"];

export function FunnelBoard({
  columns,
  counts,
  sums,
  pages,
  view,
  searching,
  plans,
  lost,
  lostByReason,
}: {
  plans: PlanChoice[];
  lost: LostSettings & { idleDays: Record<OpenStage, number> };
  lostByReason: { reason: string; count: number }[];
  columns: Columns;
  counts: Record<Stage, ListCount>;
  /** Monthly value of each stage's leads, in cents. */
  sums: Record<Stage, number>;
  pages: Record<Stage, number>;
  view: Stage | null;
  /** A search narrows the board to a few cards: the closed stages open to show them. */
  searching: boolean;
}) {
  const { search } = useLocation();
  const shown = view ? [view] : STAGES;
  const [opened, setOpened] = useState<Partial<Record<Stage, boolean>>>({});
  // Drops are moves like the buttons': the server decides (a refusal's toast says why) and the
  // board is revalidated, so a refused card snaps back to where the server keeps it.
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  const [dragging, setDragging] = useState<LeadCardData | null>(null);
  // A drop or a card's "Mover para" on Convertidos or Perdidos asks first, in the buttons' dialogs.
  const [dialog, setDialog] = useState<{ kind: AskedMove; lead: LeadCardData } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

  // While a drop is being saved, the card already shows in its new column.
  const pendingId = fetcher.formData?.get("id");
  const pendingTo = fetcher.formData?.get("to") as Stage | undefined;
  const board = useMemo(() => {
    if (typeof pendingId !== "string" || !pendingTo || !(pendingTo in columns)) return columns;
    const moving = STAGES.flatMap((s) => columns[s].leads).find((l) => l.id === pendingId);
    if (!moving) return columns;
    const next = { ...columns };
    for (const s of STAGES) {
      const leadsIn = columns[s].leads.filter((l) => l.id !== pendingId);
      next[s] = {
        ...columns[s],
        leads: s === pendingTo ? [{ ...moving, statusFunil: pendingTo }, ...leadsIn] : leadsIn,
      };
    }
    return next;
  }, [columns, pendingId, pendingTo]);

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragging(null);
    const lead = (active.data.current as { lead?: LeadCardData } | undefined)?.lead;
    const to = over?.id as Stage | undefined;
    if (!lead || !to || to === lead.statusFunil) return;
    const from = lead.statusFunil;
    // Converting and losing ask first; a drop they do not allow goes to the server, which says why.
    const kind = askFor(to);
    if (kind && reachableStages(from).includes(to)) return setDialog({ kind, lead });
    fetcher.submit({ intent: "move", id: lead.id, from, to }, { method: "post" });
  }

  return (
    <DndContext
      id="funil"
      sensors={sensors}
      collisionDetection={pointerThenRect}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={({ active }) =>
        setDragging((active.data.current as { lead?: LeadCardData } | undefined)?.lead ?? null)
      }
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
    >
      {/* From 1280 px the six stages share the width (no sideways scroll); narrower screens
          scroll the board sideways, a column at a time. */}
      <div className={view ? "max-w-xl" : "relative flex gap-3 overflow-x-auto pb-2 xl:overflow-x-visible"}>
        {shown.map((stage) => {
          const col = board[stage];
          const collapsed = !view && !searching && COLLAPSIBLE.includes(stage) && !opened[stage];
          return (
            <FunnelColumn
              key={stage}
              stage={stage}
              count={counts[stage]}
              sum={sums[stage]}
              single={!!view}
              collapsed={collapsed}
              onToggle={
                !view && !searching && COLLAPSIBLE.includes(stage)
                  ? () => setOpened((o) => ({ ...o, [stage]: !o[stage] }))
                  : undefined
              }
            >
              {stage === "perdido" && lostByReason.length > 0 && <LostByReason rows={lostByReason} />}
              {col.leads.length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
                  {LEAD_MESSAGES.empty}
                </p>
              ) : (
                <div className="space-y-2">
                  {col.leads.map((lead) => (
                    <LeadCard
                      key={lead.id}
                      lead={lead}
                      plans={plans}
                      lost={lost}
                      idleDays={lost.idleDays}
                      saving={lead.id === pendingId}
                      onAsk={(kind) => setDialog({ kind, lead })}
                    />
                  ))}
                </div>
              )}
              {col.hasMore && (
                <Link
                  to={withParams(search, { [stage]: pages[stage] + 1 })}
                  preventScrollReset
                  className="mt-2 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-slate-50"
                >
                  Carregar mais
                  <span className="sr-only"> em {STAGE_LABELS[stage]}</span>
                </Link>
              )}
            </FunnelColumn>
          );
        })}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <div className="w-56 rotate-1 rounded-lg border border-brand-300 bg-white p-3 text-sm shadow-lg">
            <p className="font-semibold text-slate-900">{dragging.name}</p>
            <p className="text-slate-700">{dragging.business}</p>
          </div>
        )}
      </DragOverlay>
      {dialog && (
        <MoveDialog
          asked={dialog.kind}
          lead={dialog.lead}
          plans={plans}
          lost={lost}
          onClose={() => setDialog(null)}
        />
      )}
    </DndContext>
  );
}

/**
 * A column of the board, and the drop target of its stage. Its cards scroll inside it, so a long
 * column does not stretch the page. A collapsed column is a narrow strip with its name and count
 * (still a drop target) and a button that opens it.
 */
function FunnelColumn({
  stage,
  count,
  sum,
  single,
  collapsed,
  onToggle,
  children,
}: {
  stage: Stage;
  count: ListCount;
  sum: number;
  single: boolean;
  collapsed: boolean;
  onToggle?: () => void;
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver, active } = useDroppable({ id: stage });
  const headingId = `coluna-${stage}`;
  const bodyId = `coluna-${stage}-cartoes`;
  const from = (active?.data.current as { lead?: LeadCardData } | undefined)?.lead?.statusFunil;
  const ring = isOver && from !== stage ? "ring-2 ring-brand-600 ring-offset-2" : "";
  const toggle = onToggle && (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={!collapsed}
      aria-controls={collapsed ? undefined : bodyId}
      className="rounded p-1 text-slate-600 hover:bg-white hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {collapsed ? (
        <ChevronsLeftRight aria-hidden className="h-4 w-4" />
      ) : (
        <ChevronsRightLeft aria-hidden className="h-4 w-4" />
      )}
      <span className="sr-only">
        {collapsed ? "Abrir" : "Recolher"} {STAGE_LABELS[stage]}
      </span>
    </button>
  );
  if (collapsed)
    return (
      <section
        ref={setNodeRef}
        aria-labelledby={headingId}
        className={`flex w-12 shrink-0 flex-col items-center gap-2 rounded-xl bg-slate-100 py-2 ${ring}`}
      >
        {toggle}
        <h2 id={headingId} className="flex flex-col items-center gap-2 text-sm font-semibold text-slate-800">
          <span className="[writing-mode:vertical-rl]">{STAGE_LABELS[stage]}</span>
          <span className="order-first rounded-full bg-white px-2 py-0.5 text-xs text-slate-700">
            <CountBadge count={count} />
          </span>
        </h2>
      </section>
    );
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={`flex flex-col rounded-xl bg-slate-100 p-2 ${single ? "" : "w-64 shrink-0 xl:w-auto xl:min-w-0 xl:flex-1"} ${ring}`}
    >
      <div className="mb-2 flex items-start gap-1 px-1">
        <h2 id={headingId} className="min-w-0 flex-1 text-sm font-semibold text-slate-800">
          <span className="flex items-center justify-between gap-1">
            <span className="truncate">{STAGE_LABELS[stage]}</span>
            <span className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-700">
              <CountBadge count={count} />
            </span>
          </span>
          <span className="block text-xs font-normal text-slate-600">{formatMoney(sum)}/mês</span>
        </h2>
        {toggle}
      </div>
      <div
        id={bodyId}
        className={
          single
            ? ""
            : "-mx-1 max-h-[calc(100vh-17rem)] min-h-24 overflow-y-auto overscroll-contain px-1 pb-1"
        }
      >
        {children}
      </div>
    </section>
  );
}

const leadOf = (active: Active) => (active.data.current as { lead?: LeadCardData } | undefined)?.lead;
const stageLabel = (id: UniqueIdentifier | undefined) =>
  id !== undefined && id in STAGE_LABELS ? STAGE_LABELS[id as Stage] : null;

/** What the screen reader hears while a card is dragged (dnd-kit's live region), in pt-BR. */
const announcements: Announcements = {
  onDragStart({ active }) {
    const lead = leadOf(active);
    return lead ? `Lead ${lead.name} pego na coluna ${STAGE_LABELS[lead.statusFunil]}.` : undefined;
  },
  onDragOver({ active, over }) {
    const lead = leadOf(active);
    if (!lead) return undefined;
    const to = stageLabel(over?.id);
    return to ? `Lead ${lead.name} sobre a coluna ${to}.` : `Lead ${lead.name} fora das colunas.`;
  },
  onDragEnd({ active, over }) {
    const lead = leadOf(active);
    if (!lead) return undefined;
    const to = stageLabel(over?.id);
    if (!to || over?.id === lead.statusFunil)
      return `Lead ${lead.name} solto de volta em ${STAGE_LABELS[lead.statusFunil]}.`;
    return `Lead ${lead.name} solto na coluna ${to}.`;
  },
  onDragCancel({ active }) {
    const lead = leadOf(active);
    return lead
      ? `Movimento cancelado. Lead ${lead.name} continua em ${STAGE_LABELS[lead.statusFunil]}.`
      : undefined;
  },
};

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    "Para mover o lead para outra etapa, pressione Espaço ou Enter. Use as setas para a esquerda e para a direita para escolher a coluna e pressione Espaço ou Enter de novo para soltar, ou Esc para cancelar.",
};

/** The mouse decides by where the pointer is; the keyboard by where the card is. */
const pointerThenRect: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

/**
 * Arrow keys move the dragged card one whole column left or right (dnd-kit's default moves it
 * 25 px), measured live so a scrolled board still lands on the column.
 */
const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code !== "ArrowRight" && event.code !== "ArrowLeft") return undefined;
  event.preventDefault();
  const dragged = context.active ? leadOf(context.active) : undefined;
  const current = (context.over?.id as Stage | undefined) ?? dragged?.statusFunil;
  const columns = STAGES.map((s) => context.droppableContainers.get(s)).filter((c) => c?.node.current);
  const at = columns.findIndex((c) => c!.id === current);
  const target = columns[at + (event.code === "ArrowRight" ? 1 : -1)];
  if (at < 0 || !target) return undefined;
  const rect = target.node.current!.getBoundingClientRect();
  const card = context.collisionRect;
  const width = card?.width ?? 0;
  const height = card?.height ?? 0;
  return {
    x: rect.left + (rect.width - width) / 2,
    y: Math.max(rect.top, Math.min(currentCoordinates.y, rect.bottom - height)),
  };
};

/** Estimated counts say so to screen readers too (the "≈" alone is easy to miss). */
function CountBadge({ count }: { count: ListCount }) {
  if (count.kind === "exact") return <>{countLabel(count)}</>;
  return (
    <>
      <span aria-hidden="true">{countLabel(count)}</span>
      <span className="sr-only">
        {count.kind === "estimate"
          ? `aproximadamente ${count.total.toLocaleString("pt-BR")}`
          : `mais de ${(count.total - 1).toLocaleString("pt-BR")}`}
      </span>
    </>
  );
}

/** The Perdidos column's summary: lost leads by reason (all of them, not only the cards shown). */
export function LostByReason({ rows }: { rows: { reason: string; count: number }[] }) {
  return (
    <div role="group" aria-label="Motivos de perda" className="mb-3 rounded-lg bg-white p-2 text-xs">
      <dl className="space-y-0.5">
        {rows.map((r) => (
          <div key={r.reason} className="flex justify-between gap-2">
            <dt className="text-slate-700">{r.reason}</dt>
            <dd className="font-semibold text-slate-900">{r.count.toLocaleString("pt-BR")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
