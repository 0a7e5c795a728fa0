import { Link, useLocation } from "react-router";
import { countLabel, sumCounts, type ListCount } from "~/components/admin/pagination";
import { withParams } from "~/lib/list-params";
import { LEAD_MESSAGES, STAGE_LABELS, STAGES, type Stage } from "~/modules/leads/leads.schema";
import type { PlanChoice } from "./convert-dialog";
import type { LostSettings } from "./lost-dialog";
import { LeadCard, type LeadCardData } from "./lead-card";

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

export function FunnelBoard({
  columns,
  counts,
  pages,
  view,
  plans,
  lost,
  lostByReason,
}: {
  plans: PlanChoice[];
  lost: LostSettings;
  lostByReason: { reason: string; count: number }[];
  columns: Columns;
  counts: Record<Stage, ListCount>;
  pages: Record<Stage, number>;
  view: Stage | null;
}) {
  const { search } = useLocation();
  const shown = view ? [view] : STAGES;
  return (
    <div className={view ? "max-w-xl" : "relative flex gap-4 overflow-x-auto pb-4"}>
      {shown.map((stage) => {
        const col = columns[stage];
        const headingId = `coluna-${stage}`;
        return (
          <section
            key={stage}
            aria-labelledby={headingId}
            className={`flex flex-col rounded-xl bg-slate-100 p-3 ${view ? "" : "w-72 shrink-0"}`}
          >
            <h2
              id={headingId}
              className="mb-3 flex items-center justify-between text-sm font-semibold text-slate-800"
            >
              {STAGE_LABELS[stage]}
              <span className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-700">
                <CountBadge count={counts[stage]} />
              </span>
            </h2>
            {stage === "perdido" && lostByReason.length > 0 && <LostByReason rows={lostByReason} />}
            {col.leads.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
                {LEAD_MESSAGES.empty}
              </p>
            ) : (
              <div className="space-y-3">
                {col.leads.map((lead) => (
                  <LeadCard key={lead.id} lead={lead} plans={plans} lost={lost} />
                ))}
              </div>
            )}
            {col.hasMore && (
              <Link
                to={withParams(search, { [stage]: pages[stage] + 1 })}
                preventScrollReset
                className="mt-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                Carregar mais
                <span className="sr-only"> em {STAGE_LABELS[stage]}</span>
              </Link>
            )}
          </section>
        );
      })}
    </div>
  );
}

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
