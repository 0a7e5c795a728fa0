import { Form, Link } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { Badge, DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatDate } from "~/lib/format";
import { REPRESENTATIVE_MESSAGES } from "~/modules/representatives/representatives.schema";
import type { AdminRepresentativeRow } from "~/modules/representatives/representatives.server";

const linkButton = "rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50";

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
          <Th>Acesso</Th>
          <Th>Ações</Th>
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyRow colSpan={7}>{REPRESENTATIVE_MESSAGES.empty}</EmptyRow>
      ) : (
        rows.map((r) => (
          <tr key={r.id}>
            <td className="px-4 py-3 font-medium text-slate-900">
              <Link to={`/admin/representatives/${r.id}`} className="text-brand-700 hover:underline">
                {r.name}
              </Link>
            </td>
            <td className="px-4 py-3 text-slate-700">{r.email}</td>
            <td className="px-4 py-3 text-right text-slate-700">{r.referralsCount}</td>
            <td className="px-4 py-3 text-right text-slate-700">{r.completedCount}</td>
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
                    <input type="hidden" name="q" value={q} />
                    <input type="hidden" name="page" value={String(page)} />
                    <button type="submit" className={linkButton} aria-label={`Reativar ${r.name}`}>
                      Reativar
                    </button>
                  </Form>
                ) : (
                  <>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="sendPasswordReset" />
                      <input type="hidden" name="id" value={r.id} />
                      <input type="hidden" name="q" value={q} />
                      <input type="hidden" name="page" value={String(page)} />
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
                      fields={{ intent: "deactivateRepresentative", id: r.id, q, page: String(page) }}
                    />
                  </>
                )}
                <ConfirmButton
                  label={`Excluir ${r.name}`}
                  title={`Excluir o representante ${r.name}?`}
                  description={REPRESENTATIVE_MESSAGES.deleteConsequence}
                  fields={{ intent: "deleteRepresentative", id: r.id, q, page: String(page) }}
                />
              </div>
            </td>
          </tr>
        ))
      )}
    </DataTable>
  );
}
