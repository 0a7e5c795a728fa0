import { Check } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Card } from "~/components/admin/ui";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { reachableStages, STAGE_LABELS, STAGES, type Stage } from "~/modules/leads/leads.schema";
import type { PlanChoice } from "./convert-dialog";
import { askFor, FUNNEL_ACTION, LeadMoves, MoveDialog, type AskedMove } from "./lead-moves";
import type { LostSettings } from "./lost-dialog";

const BOX =
  "flex w-full items-center justify-center gap-1 rounded-lg border px-2 py-2 text-center text-xs font-semibold";

/**
 * The lead page is where a lead is worked (Pipedrive's deal page): the six stages
 * with the current one marked. The stages the lead can go to are buttons: a click
 * moves it there, Convertidos and Perdidos through their dialogs, like the moves below the bar.
 * Everything posts to the funnel's action, so the server rules are the board's (a stale move is
 * refused); the page reloads its lead once the answer comes.
 */
export function StageBar({
  lead,
  plans,
  lost,
}: {
  lead: { id: string; name: string; plan: string; email: string; statusFunil: Stage };
  plans: PlanChoice[];
  lost: LostSettings;
}) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  const [asked, setAsked] = useState<AskedMove | null>(null);
  const busy = fetcher.state !== "idle";
  const stage = lead.statusFunil;
  const at = (STAGES as readonly Stage[]).indexOf(stage);
  const targets = reachableStages(stage);
  const move = (to: Stage) =>
    fetcher.submit(
      { intent: "move", id: lead.id, from: stage, to },
      { method: "post", action: FUNNEL_ACTION, preventScrollReset: true },
    );
  const choose = (to: Stage) => {
    const kind = askFor(to);
    if (kind) setAsked(kind);
    else move(to);
  };
  return (
    <Card>
      <h2 id="etapa" className="sr-only">
        Etapa do lead
      </h2>
      <ol aria-labelledby="etapa" className="grid grid-cols-2 gap-1.5 sm:grid-cols-3 lg:grid-cols-6">
        {STAGES.map((s, i) => {
          const current = s === stage;
          // Open stages before the current one are done; nothing is "done" for a lost lead.
          const done = stage !== "perdido" && s !== "perdido" && i < at;
          const label = (
            <>
              {done && <Check aria-hidden className="h-3.5 w-3.5 shrink-0" />}
              {STAGE_LABELS[s]}
            </>
          );
          if (targets.includes(s))
            return (
              <li key={s} className="flex">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => choose(s)}
                  className={`${BOX} cursor-pointer shadow-sm hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${
                    done
                      ? "border-brand-600 bg-brand-50 text-brand-800"
                      : "border-brand-600 bg-white text-brand-800"
                  }`}
                >
                  <span className="sr-only">Mover para </span>
                  {label}
                </button>
              </li>
            );
          const tone = current
            ? s === "perdido"
              ? "border-red-600 bg-red-600 text-white"
              : s === "convertido"
                ? "border-green-700 bg-green-700 text-white"
                : "border-brand-700 bg-brand-700 text-white"
            : done
              ? "border-brand-100 bg-brand-50 text-brand-800"
              : // Not reachable from here: flat and dashed, so it does not look like a button.
                "border-dashed border-slate-300 bg-slate-50 text-slate-600";
          return (
            <li key={s} aria-current={current ? "step" : undefined} className="flex">
              <span className={`${BOX} ${tone}`}>
                {label}
                {current && <span className="sr-only"> (etapa atual)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      {targets.length > 0 && (
        <p className="mt-2 text-xs text-slate-600">Escolha uma etapa em destaque para mover o lead.</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2" aria-busy={busy || undefined}>
        <LeadMoves lead={lead} plans={plans} lost={lost} busy={busy} move={move} size="md" />
      </div>
      {asked && (
        <MoveDialog asked={asked} lead={lead} plans={plans} lost={lost} onClose={() => setAsked(null)} />
      )}
    </Card>
  );
}
