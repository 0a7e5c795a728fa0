import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/dialog";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { formatMoney } from "~/lib/format";
import type { AdminReferralRow } from "~/modules/referrals/admin.server";
import { commissionForPlan } from "~/modules/referrals/commission";
import type { StoredReferralStatus } from "~/modules/referrals/referrals.constants";
import {
  REFERRAL_CANCELLED_LABEL,
  REFERRAL_STATUS_LABELS,
  referralStatusLabel,
} from "~/modules/referrals/referrals.schema";

type Status = keyof typeof REFERRAL_STATUS_LABELS;
const STATUS_STYLE: Record<StoredReferralStatus, string> = {
  analise: "border-yellow-300 bg-yellow-50 text-yellow-900",
  aguardando_pagamento: "border-blue-300 bg-blue-50 text-blue-900",
  producao: "border-purple-300 bg-purple-50 text-purple-900",
  concluido: "border-green-300 bg-green-50 text-green-900",
  cancelada: "border-slate-300 bg-slate-100 text-slate-700",
};

/**
 * A change that creates a commission ("Concluído") or cancels one (leaving
 * "Concluído") asks first, with the amount and the representative; the others save at once. The
 * server decides again (setReferralStatus). Used by the list and the referral's page.
 * A cancelled referral shows "Cancelada" and any of the four reopens it, after asking.
 */
export function ReferralStatusSelect({
  row,
  action,
}: {
  row: Pick<
    AdminReferralRow,
    "id" | "businessName" | "commissionCents" | "planName" | "representativeName"
  > & {
    status: StoredReferralStatus;
  };
  /** The list's action decides (the detail page posts there too). */
  action?: string;
}) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  const [asking, setAsking] = useState<Status | null>(null);
  const pending = fetcher.formData?.get("status");
  const value = (typeof pending === "string" ? pending : row.status) as StoredReferralStatus;
  const save = (status: Status) =>
    fetcher.submit({ intent: "status", id: row.id, status }, { method: "post", action });
  const amount = formatMoney(row.commissionCents ?? commissionForPlan(row.planName));
  const who = row.representativeName ?? "o representante removido";
  const completing = asking === "concluido";
  const reopening = !completing && row.status === "cancelada";
  return (
    <>
      <select
        aria-label={`Status da indicação de ${row.businessName}`}
        value={value}
        disabled={fetcher.state !== "idle"}
        onChange={(e) => {
          const next = e.currentTarget.value as Status;
          if (next === "concluido" || row.status === "concluido" || row.status === "cancelada")
            setAsking(next);
          else save(next);
        }}
        className={`rounded-lg border px-2 py-1 text-sm font-medium ${STATUS_STYLE[value]}`}
      >
        {row.status === "cancelada" && (
          <option value="cancelada" disabled>
            {REFERRAL_CANCELLED_LABEL}
          </option>
        )}
        {Object.entries(REFERRAL_STATUS_LABELS).map(([k, label]) => (
          <option key={k} value={k}>
            {label}
          </option>
        ))}
      </select>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={completing ? "Concluir indicação?" : reopening ? "Reabrir indicação?" : "Cancelar a comissão?"}
        description={
          completing
            ? `A indicação de ${row.businessName} será concluída e gera uma comissão de ${amount} para ${who}.`
            : reopening
              ? `A indicação cancelada de ${row.businessName} volta para ${asking ? referralStatusLabel(asking) : ""}${row.representativeName ? ` e ${row.representativeName} recebe um e-mail` : ""}.`
              : `A comissão de ${amount} de ${who} será cancelada e a indicação de ${row.businessName} volta para ${asking ? REFERRAL_STATUS_LABELS[asking] : ""}.`
        }
        cancelLabel={completing || reopening ? "Cancelar" : "Manter concluída"}
        confirmLabel={
          completing ? `Concluir e gerar ${amount}` : reopening ? "Reabrir indicação" : "Cancelar a comissão"
        }
        tone={completing || reopening ? "success" : "danger"}
        onConfirm={() => {
          if (asking) save(asking);
        }}
      />
    </>
  );
}
