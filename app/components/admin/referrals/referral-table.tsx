import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { SortHeader } from "~/components/admin/sort-header";
import { DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { ConfirmDialog } from "~/components/ui/dialog";
import { formatDate, formatMoney } from "~/lib/format";
import { commissionForPlan } from "~/modules/referrals/commission";
import { REFERRAL_CANCELLED_LABEL, REFERRAL_STATUS_LABELS } from "~/modules/referrals/referrals.schema";
import type { AdminReferralRow } from "~/modules/referrals/admin.server";
import { formatPhone } from "~/lib/phone";

type Status = keyof typeof REFERRAL_STATUS_LABELS;
const STATUS_STYLE: Record<Status, string> = {
  analise: "border-yellow-300 bg-yellow-50 text-yellow-900",
  aguardando_pagamento: "border-blue-300 bg-blue-50 text-blue-900",
  producao: "border-purple-300 bg-purple-50 text-purple-900",
  concluido: "border-green-300 bg-green-50 text-green-900",
};

/**
 * Issue 28 item 4: a change that creates a commission ("Concluído") or cancels one (leaving
 * "Concluído") asks first, with the amount and the representative; the others save at once. The
 * server decides again (setReferralStatus).
 */
function StatusSelect({ row }: { row: AdminReferralRow & { status: Status } }) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data);
  const [asking, setAsking] = useState<Status | null>(null);
  const pending = fetcher.formData?.get("status");
  const value = (typeof pending === "string" ? pending : row.status) as Status;
  const save = (status: Status) =>
    fetcher.submit({ intent: "status", id: row.id, status }, { method: "post" });
  const amount = formatMoney(row.commissionCents ?? commissionForPlan(row.planName));
  const who = row.representativeName ?? "o representante removido";
  const completing = asking === "concluido";
  return (
    <>
      <select
        aria-label={`Status da indicação de ${row.businessName}`}
        value={value}
        disabled={fetcher.state !== "idle"}
        onChange={(e) => {
          const next = e.currentTarget.value as Status;
          if (next === "concluido" || row.status === "concluido") setAsking(next);
          else save(next);
        }}
        className={`rounded-lg border px-2 py-1 text-sm font-medium ${STATUS_STYLE[value]}`}
      >
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
        title={completing ? "Concluir indicação?" : "Cancelar a comissão?"}
        description={
          completing
            ? `A indicação de ${row.businessName} será concluída e gera uma comissão de ${amount} para ${who}.`
            : `A comissão de ${amount} de ${who} será cancelada e a indicação de ${row.businessName} volta para ${asking ? REFERRAL_STATUS_LABELS[asking] : ""}.`
        }
        cancelLabel={completing ? "Cancelar" : "Manter concluída"}
        confirmLabel={completing ? `Concluir e gerar ${amount}` : "Cancelar a comissão"}
        tone={completing ? "success" : "danger"}
        onConfirm={() => {
          if (asking) save(asking);
        }}
      />
    </>
  );
}

export function ReferralTable({
  rows,
  sort,
  dir,
}: {
  rows: AdminReferralRow[];
  sort: string;
  dir: "asc" | "desc";
}) {
  const h = { sort, dir };
  return (
    <DataTable
      caption="Indicações"
      head={
        <>
          <SortHeader label="Representante" sortKey="representative" {...h} />
          <SortHeader label="Negócio" sortKey="business_name" {...h} />
          <SortHeader label="Contato" sortKey="contact_name" {...h} />
          <Th>Telefone</Th>
          <SortHeader label="Plano" sortKey="plan" {...h} />
          <SortHeader label="Status" sortKey="status" {...h} />
          <SortHeader label="Data" sortKey="created_at" defaultDir="desc" {...h} />
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyRow colSpan={7}>Nenhuma indicação encontrada.</EmptyRow>
      ) : (
        rows.map((r) => (
          <tr key={r.id} className="align-top">
            <td className="px-4 py-3">
              {r.representativeName ? (
                <>
                  <p className="font-medium text-slate-900">{r.representativeName}</p>
                  <p className="text-xs text-slate-600">{r.representativeEmail}</p>
                </>
              ) : (
                <span className="text-slate-500 italic">Representante removido</span>
              )}
            </td>
            <td className="px-4 py-3 font-medium text-slate-900">
              <Link
                to={`/admin/referrals/${r.id}`}
                className="text-brand-700 hover:underline"
                aria-label={`Editar a indicação de ${r.businessName}`}
              >
                {r.businessName}
              </Link>
              {r.possibleDuplicate && (
                <span
                  className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900"
                  title="Outra indicação tem o mesmo nome de negócio (ignorando maiúsculas e acentos)"
                >
                  Possível duplicata
                </span>
              )}
            </td>
            <td className="px-4 py-3 text-slate-700">{r.contactName}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatPhone(r.contactPhone)}</td>
            <td className="px-4 py-3 text-slate-700">{r.planName ?? "—"}</td>
            <td className="px-4 py-3">
              {r.status === "cancelada" ? (
                // Cancelled by the representative (issue 14): terminal, no dropdown.
                <span className="inline-block rounded-lg border border-slate-300 bg-slate-100 px-2 py-1 text-sm font-medium text-slate-700">
                  {REFERRAL_CANCELLED_LABEL}
                </span>
              ) : (
                <StatusSelect row={{ ...r, status: r.status }} />
              )}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(r.createdAt)}</td>
          </tr>
        ))
      )}
    </DataTable>
  );
}
