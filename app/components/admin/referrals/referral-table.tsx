import { Link } from "react-router";
import { SortHeader } from "~/components/admin/sort-header";
import { DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatDate } from "~/lib/format";
import { REFERRAL_CANCEL_CAUSE_LABELS } from "~/modules/referrals/referrals.schema";
import { ReferralStatusSelect } from "./referral-status-select";
import type { AdminReferralRow } from "~/modules/referrals/admin.server";
import { formatPhone } from "~/lib/phone";

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
                className="tap text-brand-700 hover:underline"
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
              <ReferralStatusSelect row={r} />
              {/* A cancelled one says why; the select reopens it. */}
              {r.status === "cancelada" && r.cancelCause && (
                <p className="mt-1 text-xs text-slate-600">{REFERRAL_CANCEL_CAUSE_LABELS[r.cancelCause]}</p>
              )}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(r.createdAt)}</td>
          </tr>
        ))
      )}
    </DataTable>
  );
}
