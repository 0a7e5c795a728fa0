import { useState } from "react";
import { PlanOptions } from "~/components/ui/plan-options";
import { useFetcher } from "react-router";
import { Dialog, DialogActions, DialogCancel, actionClass } from "~/components/ui/dialog";
import { SelectField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { formatIsoDate } from "~/lib/format";
import type { SubscriptionRow } from "~/modules/clients/subscriptions.server";

/** A subscription row's action button (44 px tall on touch screens, a finger's target). */
export const TRIGGER =
  "inline-flex min-h-9 items-center rounded-md pointer-coarse:min-h-11 border border-slate-300 px-2.5 text-xs font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * "Trocar plano" and "Cancelar" on a running subscription. The plan changes
 * now (revenue moves today; the next renewal charge takes the new plan) or at the next renewal
 * (charged then, effective on the new period's first day; "Desfazer troca" drops it); the
 * cancellation ends revenue now or at the end of the paid period. The server decides and
 * refuses what is stale.
 */
export function SubscriptionChanges({
  clientId,
  subscription: s,
  plans,
  previews,
}: {
  clientId: string;
  subscription: SubscriptionRow;
  plans: { id: string; name: string; priceCents: number }[];
  /** What "Agora" costs for each other plan, by plan id (billing's preview). */
  previews: Record<string, string>;
}) {
  const fetcher = useFetcher<FormReply>();
  const [open, setOpen] = useState<"plan" | "cancel" | null>(null);
  const [planId, setPlanId] = useState("");
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok) setOpen(null);
  }
  useReplyToast(fetcher.data);
  if (s.status !== "ativa" || s.cancelAt) return null;
  const busy = fetcher.state !== "idle";
  const action = `/admin/clients/edit/${clientId}`;
  const errors = fetcher.data?.fieldErrors ?? {};
  return (
    <>
      <Dialog
        open={open === "plan"}
        onOpenChange={(o) => setOpen(o ? "plan" : null)}
        trigger={
          <button type="button" className={TRIGGER} aria-label={`Trocar plano da assinatura ${s.planName}`}>
            Trocar plano
          </button>
        }
        title="Trocar plano"
        description={`Plano atual: ${s.planName}, pago até ${formatIsoDate(s.endDate)}.`}
      >
        <fetcher.Form method="post" action={action} className="mt-4 space-y-4" preventScrollReset>
          <input type="hidden" name="intent" value="change-plan" />
          <input type="hidden" name="subscriptionId" value={s.id} />
          <SelectField
            label="Novo plano"
            name="planId"
            required
            value={planId}
            onChange={(e) => setPlanId(e.currentTarget.value)}
            error={errors.planId}
          >
            <option value="">Selecione um plano</option>
            <PlanOptions plans={plans.filter((p) => p.id !== s.planId)} />
          </SelectField>
          <fieldset className="space-y-2 text-sm text-slate-800">
            <legend className="mb-1 font-medium text-slate-700">Quando a troca vale</legend>
            <label className="flex items-start gap-2">
              <input type="radio" name="when" value="agora" defaultChecked className="mt-1" />
              <span>
                Agora: a diferença pelos dias que faltam do período pago é cobrada hoje (ou vira crédito na
                próxima cobrança), e a renovação já sai no plano escolhido.
                {previews[planId] && <strong className="mt-1 block">{previews[planId]}</strong>}
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="when" value="renovacao" className="mt-1" />
              <span>
                Na próxima renovação ({formatIsoDate(s.endDate)}): o período atual segue no plano {s.planName}
                ; a cobrança da renovação sai no plano escolhido.
              </span>
            </label>
            {errors.when && <p className="text-sm text-red-700">{errors.when}</p>}
          </fieldset>
          <DialogActions>
            <DialogCancel />
            <button type="submit" disabled={busy} className={actionClass("primary")}>
              {busy ? "Salvando..." : "Trocar plano"}
            </button>
          </DialogActions>
        </fetcher.Form>
      </Dialog>
      <Dialog
        open={open === "cancel"}
        onOpenChange={(o) => setOpen(o ? "cancel" : null)}
        trigger={
          <button type="button" className={TRIGGER} aria-label={`Cancelar assinatura ${s.planName}`}>
            Cancelar
          </button>
        }
        title="Cancelar assinatura"
        description={`Plano ${s.planName}, pago até ${formatIsoDate(s.endDate)}.`}
      >
        <fetcher.Form method="post" action={action} className="mt-4 space-y-4" preventScrollReset>
          <input type="hidden" name="intent" value="cancel-subscription" />
          <input type="hidden" name="subscriptionId" value={s.id} />
          <fieldset className="space-y-2 text-sm text-slate-800">
            <legend className="mb-1 font-medium text-slate-700">Quando o cancelamento vale</legend>
            <label className="flex items-start gap-2">
              <input type="radio" name="when" value="fim_do_periodo" defaultChecked className="mt-1" />
              <span>
                Ao fim do período pago ({formatIsoDate(s.endDate)}): nenhuma nova cobrança é emitida.
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="when" value="agora" className="mt-1" />
              <span>Agora: a assinatura termina hoje.</span>
            </label>
            {errors.when && <p className="text-sm text-red-700">{errors.when}</p>}
          </fieldset>
          <DialogActions>
            <DialogCancel>Voltar</DialogCancel>
            <button type="submit" disabled={busy} className={actionClass("danger")}>
              {busy ? "Cancelando..." : "Cancelar assinatura"}
            </button>
          </DialogActions>
        </fetcher.Form>
      </Dialog>
    </>
  );
}

/** A plan change scheduled for the next renewal, with "Desfazer troca". */
export function ScheduledPlanChange({
  clientId,
  subscription: s,
}: {
  clientId: string;
  subscription: SubscriptionRow;
}) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  if (!s.pendingPlanName) return null;
  return (
    <fetcher.Form
      method="post"
      action={`/admin/clients/edit/${clientId}`}
      preventScrollReset
      className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-700"
    >
      <span>
        Muda para {s.pendingPlanName} na renovação de {formatIsoDate(s.endDate)}.
      </span>
      <input type="hidden" name="intent" value="undo-plan-change" />
      <input type="hidden" name="subscriptionId" value={s.id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="font-semibold text-brand-700 hover:underline disabled:opacity-50"
      >
        {fetcher.state !== "idle" ? "Desfazendo..." : "Desfazer troca"}
      </button>
    </fetcher.Form>
  );
}
