import { useEffect, useState } from "react";
import { PlanOptions } from "~/components/ui/plan-options";
import { useFetcher } from "react-router";
import { actionClass, Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { SelectField, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { formatMoney } from "~/lib/format";
import { NO_PLAN } from "~/modules/clients/clients.schema";
import type { ConversionPlan } from "~/modules/leads/conversion.server";
import { CONVERT_EMAIL_MESSAGES, MOVE_LABELS } from "~/modules/leads/leads.schema";

/** A plan the dialog offers, with the first charge the server computed for it. */
export type PlanChoice = ConversionPlan;

const PLAN_MISSING = "Escolha o plano do cliente ou “Sem plano”.";

const LINE_WORDS: Record<PlanChoice["firstCharge"]["lines"][number]["kind"], string> = {
  mensalidade: "do primeiro mês",
  ativação: "de taxa de ativação",
};

/**
 * What confirming charges: with a plan, the first charge is issued in the conversion
 * and e-mailed to the client at once, so the admin reads its amount (the server's figure) and
 * the address before confirming; "Sem plano" issues nothing.
 */
function ChargeNotice({ plan, noPlan, email }: { plan?: PlanChoice; noPlan: boolean; email: string }) {
  if (noPlan)
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        Sem plano: nenhuma cobrança é emitida.
      </p>
    );
  if (!plan) return null;
  const { amountCents, lines } = plan.firstCharge;
  const parts =
    lines.length > 1
      ? ` (${lines.map((l) => `${formatMoney(l.amountCents)} ${LINE_WORDS[l.kind]}`).join(" + ")})`
      : " (primeiro mês)";
  return (
    <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      Ao confirmar, a primeira cobrança, de{" "}
      <strong className="font-semibold">{formatMoney(amountCents)}</strong>
      {parts}, é emitida e enviada na hora por e-mail para{" "}
      {email ? <strong className="font-semibold break-all">{email}</strong> : "o e-mail informado abaixo"}.
    </p>
  );
}

/**
 * "Converter em cliente" asks first: which plan the new client gets. The lead's plan
 * is preselected when it names a plan; "Ainda não sei" leaves the choice to the admin, who can
 * also say "Sem plano" explicitly. The server decides again (convertLead).
 */
export function ConvertDialog({
  lead,
  plans,
  action,
  triggerClassName,
  open: openProp,
  onOpenChange,
}: {
  /** A lead made from a representative's referral has no e-mail (""): the dialog asks for it. */
  lead: { id: string; name: string; plan: string; email: string };
  plans: PlanChoice[];
  /** The route whose action converts (the funnel's, by default the current route). */
  action?: string;
  /** Without it (a drop on the board opens the dialog), no trigger button is rendered. */
  triggerClassName?: string;
  /** Controlled by the board after a drop. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const fetcher = useFetcher<FormReply<never, { clientId?: string }>>();
  useReplyToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const preset = plans.find((p) => p.name === lead.plan.trim())?.id ?? "";
  const controlled = openProp !== undefined;
  const [innerOpen, setInnerOpen] = useState(false);
  const open = controlled ? openProp : innerOpen;
  const setOpen = (v: boolean) => {
    if (!controlled) setInnerOpen(v);
    onOpenChange?.(v);
  };
  const [planId, setPlanId] = useState(preset);
  const [error, setError] = useState<string | null>(null);
  const needsEmail = !lead.email.trim();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    // Done or refused (the toast says why): the board shows the lead where it now is.
    if (fetcher.data && !controlled) setInnerOpen(false);
  }
  // Controlled: the board closes (and unmounts) it once the server has answered.
  useEffect(() => {
    if (controlled && fetcher.data) onOpenChange?.(false);
  }, [controlled, fetcher.data, onOpenChange]);

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        setOpen(v);
        setError(null);
        setEmailError(null);
        if (v) setPlanId(preset);
      }}
      trigger={
        triggerClassName !== undefined ? (
          <button type="button" disabled={busy} className={triggerClassName}>
            {MOVE_LABELS.convertido}
          </button>
        ) : undefined
      }
      title="Converter em cliente"
      description={
        <>
          Cria o cliente {lead.name}, com status ativo. Com um plano, o cliente já recebe a assinatura ativa
          (mensal, a partir de hoje).
        </>
      }
    >
      <fetcher.Form
        method="post"
        action={action}
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          const emailProblem = needsEmail ? CONVERT_EMAIL_MESSAGES.check(email) : null;
          if (!planId || emailProblem) {
            e.preventDefault();
            if (!planId) setError(PLAN_MISSING);
            setEmailError(emailProblem);
          }
        }}
      >
        <input type="hidden" name="intent" value="convert" />
        <input type="hidden" name="id" value={lead.id} />
        <SelectField
          label="Plano do cliente"
          name="planId"
          required
          value={planId}
          onChange={(e) => {
            setPlanId(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        >
          <option value="">Selecione um plano</option>
          <PlanOptions plans={plans} />
          <option value={NO_PLAN}>Sem plano</option>
        </SelectField>
        <p className="text-xs text-slate-600">Plano informado pelo lead: {lead.plan || "—"}</p>
        <div aria-live="polite">
          <ChargeNotice
            plan={plans.find((p) => p.id === planId)}
            noPlan={planId === NO_PLAN}
            email={needsEmail ? email.trim() : lead.email}
          />
        </div>
        {needsEmail && (
          <TextField
            label="E-mail do cliente"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setEmailError(null);
            }}
            error={emailError ?? undefined}
            hint={CONVERT_EMAIL_MESSAGES.hint}
          />
        )}
        <DialogActions>
          <DialogCancel />
          <button type="submit" disabled={busy} className={actionClass("success")}>
            {busy ? "Convertendo..." : "Confirmar conversão"}
          </button>
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}
