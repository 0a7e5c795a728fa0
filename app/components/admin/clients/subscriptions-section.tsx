import { useState } from "react";
import { PlanOptions } from "~/components/ui/plan-options";
import { useFetcher } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { Badge, Card, EmptyRow } from "~/components/admin/ui";
import { Button, SelectField, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { daysBetween, isoToBrDate, maskBrDate, parseBrDate } from "~/lib/dates";
import { formatIsoDate } from "~/lib/format";
import {
  RENEWAL_LABELS,
  RENEWAL_TYPES,
  SUBSCRIPTION_STATUS_LABELS,
  subscriptionEndDate,
  subscriptionExpiryNote,
} from "~/modules/clients/clients.schema";
import type { SubscriptionRow } from "~/modules/clients/subscriptions.server";
import { ScheduledPlanChange, SubscriptionChanges, TRIGGER } from "./subscription-changes";

function AddSubscriptionForm({
  clientId,
  plans,
  today,
}: {
  clientId: string;
  plans: { id: string; name: string; priceCents: number }[];
  today: string;
}) {
  const fetcher = useFetcher<FormReply>();
  const busy = fetcher.state !== "idle";
  const [planId, setPlanId] = useState("");
  // Shown and typed as dd/mm/aaaa in every browser locale (a native date input follows the
  // browser's locale: mm/dd/yyyy in an English one); the server parses the same format.
  const [startDate, setStartDate] = useState(isoToBrDate(today));
  const [renewalType, setRenewalType] = useState<(typeof RENEWAL_TYPES)[number]>("mensal");
  // Back to the defaults once a subscription was added (adjusting state on a new answer, not in
  // an effect); on an error what was typed stays.
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok) {
      setPlanId("");
      setStartDate(isoToBrDate(today));
      setRenewalType("mensal");
    }
  }
  useReplyToast(fetcher.data);
  const errors = fetcher.data?.fieldErrors ?? {};
  // The same month arithmetic as the server, so what is shown is what is saved.
  const startIso = parseBrDate(startDate);
  const endDate = startIso ? subscriptionEndDate(startIso, renewalType) : null;
  return (
    <fetcher.Form
      method="post"
      action={`/admin/clients/edit/${clientId}`}
      noValidate
      className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 md:grid-cols-4 md:items-end"
    >
      <input type="hidden" name="intent" value="add-subscription" />
      <SelectField
        label="Plano da assinatura"
        name="planId"
        required
        value={planId}
        onChange={(e) => setPlanId(e.target.value)}
        error={errors.planId}
      >
        <option value="">Selecione um plano</option>
        <PlanOptions plans={plans} />
      </SelectField>
      <TextField
        label="Data de início"
        name="startDate"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/aaaa"
        maxLength={10}
        required
        value={startDate}
        onChange={(e) => setStartDate(maskBrDate(e.target.value))}
        error={errors.startDate}
      />
      <SelectField
        label="Tipo de renovação"
        name="renewalType"
        required
        value={renewalType}
        onChange={(e) => setRenewalType(e.target.value as (typeof RENEWAL_TYPES)[number])}
        error={errors.renewalType}
      >
        {RENEWAL_TYPES.map((r) => (
          <option key={r} value={r}>
            {RENEWAL_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <div className="flex items-center gap-2 md:col-span-4">
        <input
          id="subscription-no-billing"
          type="checkbox"
          name="noBilling"
          className="h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
        />
        <label htmlFor="subscription-no-billing" className="text-sm text-slate-700">
          Sem cobrança (cortesia ou contrato antigo: nenhuma cobrança é emitida)
        </label>
      </div>
      <Button type="submit" busy={busy} busyLabel="Adicionando...">
        Adicionar Assinatura
      </Button>
      <p className="text-sm text-slate-700 md:col-span-4" aria-live="polite">
        Data de término: <strong>{endDate ? formatIsoDate(endDate) : "—"}</strong>
      </p>
    </fetcher.Form>
  );
}

function ExpiryNote({ today, endDate }: { today: string; endDate: string }) {
  const note = subscriptionExpiryNote(daysBetween(today, endDate));
  if (!note) return null;
  return (
    <span
      className={`ml-2 text-xs font-semibold ${note.kind === "expired" ? "text-red-700" : "text-yellow-800"}`}
    >
      {note.text}
    </span>
  );
}

/** SPEC §2/§4 subscriptions of a client (edit mode): add with a derived end date, list, delete. */
export function SubscriptionsSection({
  clientId,
  subscriptions,
  plans,
  previews = {},
  today,
}: {
  clientId: string;
  subscriptions: SubscriptionRow[];
  plans: { id: string; name: string; priceCents: number }[];
  /** What "Trocar plano … Agora" costs, by subscription id then plan id. */
  previews?: Record<string, Record<string, string>>;
  today: string;
}) {
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Assinaturas</h2>
      <AddSubscriptionForm clientId={clientId} plans={plans} today={today} />
      <div className="relative mt-4 overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Assinaturas do cliente</caption>
          <thead className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Plano
              </th>
              <th scope="col" className="px-3 py-2">
                Início
              </th>
              <th scope="col" className="px-3 py-2">
                Término
              </th>
              <th scope="col" className="px-3 py-2">
                Renovação
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Ações
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {subscriptions.length === 0 && <EmptyRow colSpan={6}>Nenhuma assinatura cadastrada.</EmptyRow>}
            {subscriptions.map((s) => (
              <tr key={s.id}>
                <td className="px-3 py-2 font-medium">
                  {s.planName}
                  <ScheduledPlanChange clientId={clientId} subscription={s} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatIsoDate(s.startDate)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {formatIsoDate(s.endDate)}
                  <ExpiryNote today={today} endDate={s.endDate} />
                </td>
                <td className="px-3 py-2">{RENEWAL_LABELS[s.renewalType]}</td>
                <td className="px-3 py-2">
                  <Badge color={s.status === "ativa" ? "green" : "red"}>
                    {SUBSCRIPTION_STATUS_LABELS[s.status]}
                  </Badge>
                  {s.cancelAt && s.status === "ativa" && (
                    <span className="ml-2 text-xs text-red-700">
                      Cancelada: termina em {formatIsoDate(s.cancelAt)}
                    </span>
                  )}
                </td>
                <td className="flex flex-wrap justify-end gap-1.5 px-3 py-2 text-right">
                  <SubscriptionChanges
                    clientId={clientId}
                    subscription={s}
                    plans={plans}
                    previews={previews[s.id] ?? {}}
                  />
                  {(s.status === "ativa" || s.status === "suspensa") && !s.cancelAt && (
                    <ConfirmButton
                      label={`${s.suspensionExempt ? "Remover isenção de suspensão" : "Isentar de suspensão"} da assinatura ${s.planName}`}
                      title={s.suspensionExempt ? "Remover isenção de suspensão" : "Isentar de suspensão"}
                      description={
                        s.suspensionExempt
                          ? `A assinatura ${s.planName} voltará a ser suspensa quando uma cobrança ficar vencida além do prazo.`
                          : `A assinatura ${s.planName} não será suspensa por atraso${s.status === "suspensa" ? " e volta a ficar ativa agora" : ""}.`
                      }
                      confirmLabel={s.suspensionExempt ? "Remover isenção" : "Isentar"}
                      fields={{
                        intent: "suspension-exempt",
                        subscriptionId: s.id,
                        exempt: s.suspensionExempt ? "false" : "true",
                      }}
                      action={`/admin/clients/edit/${clientId}`}
                      triggerClassName={TRIGGER}
                      triggerContent={s.suspensionExempt ? "Remover isenção" : "Isentar de suspensão"}
                      preventScrollReset
                    />
                  )}
                  <ConfirmButton
                    label={`Excluir assinatura ${s.planName} de ${formatIsoDate(s.startDate)}`}
                    title="Excluir assinatura"
                    description={`Tem certeza que deseja excluir a assinatura do plano ${s.planName} (${formatIsoDate(s.startDate)} a ${formatIsoDate(s.endDate)})?`}
                    fields={{ intent: "delete-subscription", subscriptionId: s.id }}
                    action={`/admin/clients/edit/${clientId}`}
                    preventScrollReset
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
