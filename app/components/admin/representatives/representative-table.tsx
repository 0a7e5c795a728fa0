import { Form, Link } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { SortHeader } from "~/components/admin/sort-header";
import { Badge, DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatDate, formatMoney } from "~/lib/format";
import {
  REPRESENTATIVE_MESSAGES,
  REPRESENTATIVE_SORT_DEFAULT_DIR,
  type RepresentativeSort,
} from "~/modules/representatives/representatives.schema";
import type { AdminRepresentativeRow } from "~/modules/representatives/representatives.server";

const linkButton = "rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50";

const STATUS_PARTS: { key: keyof AdminRepresentativeRow["byStatus"]; label: string }[] = [
  { key: "analise", label: "Em análise" },
  { key: "aguardando_pagamento", label: "Aguardando pagamento" },
  { key: "producao", label: "Em produção" },
  { key: "concluido", label: "Concluído" },
];

const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });

/** Referrals per status (the four), then the cancelled ones apart. */
function StatusBreakdown({ row }: { row: AdminRepresentativeRow }) {
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs whitespace-nowrap text-slate-700">
      {STATUS_PARTS.map((p) => (
        <div key={p.key} className="contents">
          <dt>{p.label}</dt>
          <dd className="text-right font-medium">{row.byStatus[p.key]}</dd>
        </div>
      ))}
      <div className="contents text-slate-500">
        <dt>Canceladas</dt>
        <dd className="text-right font-medium">{row.cancelledCount}</dd>
      </div>
    </dl>
  );
}

export function RepresentativeTable({
  rows,
  q,
  page,
  sort,
  dir,
}: {
  rows: AdminRepresentativeRow[];
  q: string;
  page: number;
  sort: RepresentativeSort;
  dir: "asc" | "desc";
}) {
  const h = (sortKey: RepresentativeSort) => ({
    sortKey,
    sort,
    dir,
    defaultDir: REPRESENTATIVE_SORT_DEFAULT_DIR[sortKey],
  });
  const keep = { q, page: String(page), sort, dir };
  return (
    <DataTable
      caption="Representantes"
      head={
        <>
          <SortHeader label="Nome" {...h("name")} />
          <SortHeader label="E-mail" {...h("email")} />
          <SortHeader label="Indicações" {...h("referrals")} />
          <Th>Por status</Th>
          <SortHeader label="Concluídas" {...h("completed")} />
          <SortHeader label="Conversão" {...h("conversion")} />
          <SortHeader label="Comissões a pagar" {...h("due")} />
          <SortHeader label="Comissões pagas" {...h("paid")} />
          <SortHeader label="Última atividade" {...h("last_activity")} />
          <SortHeader label="Cadastro" {...h("created_at")} />
          <Th>Acesso</Th>
          <Th>Ações</Th>
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyRow colSpan={12}>{REPRESENTATIVE_MESSAGES.empty}</EmptyRow>
      ) : (
        rows.map((r) => (
          <tr key={r.id} className="align-top">
            <td className="px-4 py-3 font-medium text-slate-900">
              <Link to={`/admin/representatives/${r.id}`} className="tap text-brand-700 hover:underline">
                {r.name}
              </Link>
            </td>
            <td className="px-4 py-3 text-slate-700">{r.email}</td>
            <td className="px-4 py-3 text-right text-slate-700">{r.referralsCount}</td>
            <td className="px-4 py-3">
              <StatusBreakdown row={r} />
            </td>
            <td className="px-4 py-3 text-right text-slate-700">{r.completedCount}</td>
            <td className="px-4 py-3 text-right text-slate-700">
              {r.conversion === null ? "—" : percent.format(r.conversion)}
            </td>
            <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700">
              {formatMoney(r.dueCents)}
            </td>
            <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700">
              {formatMoney(r.paidCents)}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">
              {r.lastActivityAt ? formatDate(r.lastActivityAt) : "—"}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(r.createdAt)}</td>
            <td className="px-4 py-3">
              {r.status === "deactivated" ? (
                <Badge color="gray">Desativado</Badge>
              ) : (
                <Badge color="green">Ativo</Badge>
              )}
            </td>
            <td className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-1">
                {r.status === "deactivated" ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="reactivateRepresentative" />
                    <input type="hidden" name="id" value={r.id} />
                    <KeepFields {...keep} />
                    <button type="submit" className={linkButton} aria-label={`Reativar ${r.name}`}>
                      Reativar
                    </button>
                  </Form>
                ) : (
                  <>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="sendPasswordReset" />
                      <input type="hidden" name="id" value={r.id} />
                      <KeepFields {...keep} />
                      <button
                        type="submit"
                        className={linkButton}
                        aria-label={`Enviar redefinição de senha para ${r.name}`}
                      >
                        Enviar redefinição de senha
                      </button>
                    </Form>
                    <ConfirmButton
                      label={`Desativar ${r.name}`}
                      title={`Desativar o representante ${r.name}?`}
                      description="As sessões abertas dele terminam na hora e o login passa a ser recusado. As indicações e o histórico ficam; a conta pode ser reativada."
                      confirmLabel="Desativar"
                      triggerContent="Desativar"
                      fields={{ intent: "deactivateRepresentative", id: r.id, ...keep }}
                    />
                  </>
                )}
                <ConfirmButton
                  label={`Excluir ${r.name}`}
                  title={`Excluir o representante ${r.name}?`}
                  description={REPRESENTATIVE_MESSAGES.deleteConsequence}
                  fields={{ intent: "deleteRepresentative", id: r.id, ...keep }}
                />
              </div>
            </td>
          </tr>
        ))
      )}
    </DataTable>
  );
}

function KeepFields({ q, page, sort, dir }: { q: string; page: string; sort: string; dir: string }) {
  return (
    <>
      <input type="hidden" name="q" value={q} />
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="sort" value={sort} />
      <input type="hidden" name="dir" value={dir} />
    </>
  );
}
