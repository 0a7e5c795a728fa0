import { Check } from "lucide-react";
import { useFetcher } from "react-router";
import { Card } from "~/components/admin/ui";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { STAGE_LABELS, STAGES, type Stage } from "~/modules/leads/leads.schema";
import type { PlanChoice } from "./convert-dialog";
import { FUNNEL_ACTION, LeadMoves } from "./lead-moves";
import type { LostSettings } from "./lost-dialog";

/**
 * The lead page is where a lead is worked (issue 28 item 1, Pipedrive's deal page): the six stages
 * with the current one marked, and the moves the board allows. They post to the funnel's action,
 * so the server rules are the board's; the page reloads its lead once the answer comes.
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
  const busy = fetcher.state !== "idle";
  const stage = lead.statusFunil;
  const at = (STAGES as readonly Stage[]).indexOf(stage);
  const move = (to: Stage) =>
    fetcher.submit(
      { intent: "move", id: lead.id, from: stage, to },
      { method: "post", action: FUNNEL_ACTION, preventScrollReset: true },
    );
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
          const tone = current
            ? s === "perdido"
              ? "border-red-600 bg-red-600 text-white"
              : s === "convertido"
                ? "border-green-700 bg-green-700 text-white"
                : "border-brand-700 bg-brand-700 text-white"
            : done
              ? "border-brand-200 bg-brand-50 text-brand-800"
              : "border-slate-200 bg-white text-slate-600";
          return (
            <li
              key={s}
              aria-current={current ? "step" : undefined}
              className={`flex items-center justify-center gap-1 rounded-lg border px-2 py-2 text-center text-xs font-semibold ${tone}`}
            >
              {done && <Check aria-hidden className="h-3.5 w-3.5" />}
              {STAGE_LABELS[s]}
              {current && <span className="sr-only"> (etapa atual)</span>}
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-2" aria-busy={busy || undefined}>
        <LeadMoves lead={lead} plans={plans} lost={lost} busy={busy} move={move} size="md" />
      </div>
    </Card>
  );
}
