import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatDate } from "~/lib/format";
import { REPRESENTATIVE_MESSAGES } from "~/modules/representatives/representatives.schema";
import type { AdminRepresentativeRow } from "~/modules/representatives/representatives.server";

export function RepresentativeTable({
  rows,
  q,
  page,
}: {
  rows: AdminRepresentativeRow[];
  q: string;
  page: number;
}) {
  return (
    <DataTable
      caption="Representantes"
      head={
        <>
          <Th>Nome</Th>
          <Th>Email</Th>
          <Th right>Indicações</Th>
          <Th right>Concluídas</Th>
          <Th>Cadastro</Th>
          <Th>Ações</Th>
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyRow colSpan={6}>{REPRESENTATIVE_MESSAGES.empty}</EmptyRow>
      ) : (
        rows.map((r) => (
          <tr key={r.id}>
            <td className="px-4 py-3 font-medium text-slate-900">{r.name}</td>
            <td className="px-4 py-3 text-slate-700">{r.email}</td>
            <td className="px-4 py-3 text-right text-slate-700">{r.referralsCount}</td>
            <td className="px-4 py-3 text-right text-slate-700">{r.completedCount}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(r.createdAt)}</td>
            <td className="px-4 py-3">
              <ConfirmButton
                label={`Excluir ${r.name}`}
                title={`Excluir o representante ${r.name}?`}
                description={REPRESENTATIVE_MESSAGES.deleteConsequence}
                fields={{ intent: "deleteRepresentative", id: r.id, q, page: String(page) }}
              />
            </td>
          </tr>
        ))
      )}
    </DataTable>
  );
}
