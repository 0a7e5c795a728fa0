import {
  MOVE_BACK_LABEL,
  MOVE_LABELS,
  NEXT_STAGE,
  PREVIOUS_STAGE,
  STAGE_LABELS,
  TRANSITIONS,
  type Stage,
} from "~/modules/leads/leads.schema";
import { ConvertDialog, type PlanChoice } from "./convert-dialog";
import { LostDialog, type LostSettings } from "./lost-dialog";

/** The funnel's route: its action is the one place that moves and converts leads. */
export const FUNNEL_ACTION = "/admin/leads";

const SIZES = {
  sm: "rounded-md px-2.5 py-1.5 text-xs",
  md: "rounded-lg px-3 py-2 text-sm",
} as const;

/**
 * The moves a lead's stage allows (SPEC §4, extended for drag-and-drop), the same on the board's card and on the
 * lead page: the next stage ("Retomar" from `perdido`), "Converter em cliente" from `negociando`,
 * "Marcar como perdido" from an open stage, and "Voltar etapa". Each one posts to the funnel's
 * action, which checks the move again (moveLead / convertLead).
 */
export function LeadMoves({
  lead,
  plans,
  lost,
  busy,
  move,
  size = "sm",
  withBack = true,
}: {
  lead: { id: string; name: string; plan: string; email: string; statusFunil: Stage };
  plans: PlanChoice[];
  lost: LostSettings;
  busy: boolean;
  move: (to: Stage) => void;
  size?: keyof typeof SIZES;
  /** The board's card puts "Voltar etapa" in its actions menu instead. */
  withBack?: boolean;
}) {
  const stage = lead.statusFunil;
  const forward = NEXT_STAGE[stage];
  const back = PREVIOUS_STAGE[stage];
  const btn = `${SIZES[size]} font-semibold disabled:cursor-not-allowed disabled:opacity-60`;
  return (
    <>
      {forward && (
        <button
          type="button"
          disabled={busy}
          onClick={() => move(forward)}
          className={`${btn} bg-brand-700 text-white hover:bg-brand-800`}
        >
          {MOVE_LABELS[forward]}
        </button>
      )}
      {stage === "negociando" && (
        <ConvertDialog
          lead={lead}
          plans={plans}
          action={FUNNEL_ACTION}
          triggerClassName={`${btn} bg-green-700 text-white hover:bg-green-800`}
        />
      )}
      {TRANSITIONS[stage].includes("perdido") && (
        <LostDialog
          lead={lead}
          from={stage}
          settings={lost}
          triggerClassName={`${btn} border border-red-200 bg-white text-red-700 hover:bg-red-50`}
        />
      )}
      {back && withBack && (
        <button
          type="button"
          disabled={busy}
          onClick={() => move(back)}
          className={`${btn} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        >
          {MOVE_BACK_LABEL}
          <span className="sr-only"> para {STAGE_LABELS[back]}</span>
        </button>
      )}
    </>
  );
}

/** The moves that ask first: converting (which plan, what is charged) and losing (why). */
export type AskedMove = "convert" | "lost";

/** The dialog a chosen stage opens first, or null when the move goes at once. */
export function askFor(to: Stage): AskedMove | null {
  return to === "convertido" ? "convert" : to === "perdido" ? "lost" : null;
}

/**
 * The conversion or lost dialog opened by a chosen stage rather than by its own button (a drop on
 * the board, the stage bar, "Mover para"): the same dialogs, posting to the funnel's action. It
 * closes once the server has answered.
 */
export function MoveDialog({
  asked,
  lead,
  plans,
  lost,
  onClose,
}: {
  asked: AskedMove;
  lead: { id: string; name: string; plan: string; email: string; statusFunil: Stage };
  plans: PlanChoice[];
  lost: LostSettings;
  onClose: () => void;
}) {
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  return asked === "convert" ? (
    <ConvertDialog
      key={`convert-${lead.id}`}
      lead={lead}
      plans={plans}
      action={FUNNEL_ACTION}
      open
      onOpenChange={onOpenChange}
    />
  ) : (
    <LostDialog
      key={`lost-${lead.id}`}
      lead={lead}
      from={lead.statusFunil}
      settings={lost}
      open
      onOpenChange={onOpenChange}
    />
  );
}
