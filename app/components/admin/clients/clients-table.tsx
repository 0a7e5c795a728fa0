import { Link, useLocation } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { SortHeader } from "~/components/admin/sort-header";
import { Badge, DataTable, EditLink, EmptyRow, Th } from "~/components/admin/ui";
import { formatDate } from "~/lib/format";
import { CLIENT_STATUS_LABELS, clientStatusColor, type ClientSort } from "~/modules/clients/clients.schema";
import type { ClientListRow } from "~/modules/clients/clients.server";
import { formatPhone } from "~/lib/phone";

/** The clients list: sortable headers (state in the URL), edit link and delete per row. */
export function ClientsTable({
  rows,
  sort,
  dir,
  emptyText,
}: {
  rows: ClientListRow[];
  sort: ClientSort;
  dir: "asc" | "desc";
  emptyText: string;
}) {
  const { search } = useLocation();
  return (
    <DataTable
      caption="Clientes"
      head={
        <>
          <SortHeader label="Nome" sortKey="name" sort={sort} dir={dir} />
          <SortHeader label="Negócio" sortKey="business_name" sort={sort} dir={dir} />
          <SortHeader label="E-mail" sortKey="email" sort={sort} dir={dir} />
          <Th>Telefone</Th>
          <Th>Plano</Th>
          <SortHeader label="Status" sortKey="status" sort={sort} dir={dir} />
          <SortHeader label="Cadastro" sortKey="created_at" defaultDir="desc" sort={sort} dir={dir} />
          <Th right>Ações</Th>
        </>
      }
    >
      {rows.length === 0 && <EmptyRow colSpan={8}>{emptyText}</EmptyRow>}
      {rows.map((c) => (
        <tr key={c.id} className="hover:bg-slate-50">
          <td className="px-4 py-3 font-medium text-slate-900">
            <Link to={`/admin/clients/edit/${c.id}`} className="tap hover:text-brand-700 hover:underline">
              {c.name}
            </Link>
          </td>
          <td className="px-4 py-3">{c.businessName}</td>
          <td className="px-4 py-3">{c.email}</td>
          <td className="px-4 py-3 whitespace-nowrap">{formatPhone(c.phone)}</td>
          <td className="px-4 py-3">{c.planName ?? "—"}</td>
          <td className="px-4 py-3">
            <Badge color={clientStatusColor(c.status)}>{CLIENT_STATUS_LABELS[c.status]}</Badge>
          </td>
          <td className="px-4 py-3 whitespace-nowrap">{formatDate(c.createdAt)}</td>
          <td className="px-4 py-3">
            <div className="flex justify-end gap-1">
              <EditLink to={`/admin/clients/edit/${c.id}`} name={c.name} />
              <ConfirmButton
                label={`Excluir ${c.name}`}
                title="Excluir cliente"
                description={`Tem certeza que deseja excluir o cliente ${c.name}? As assinaturas e anotações dele também serão excluídas.`}
                fields={{ intent: "delete", id: c.id }}
                action={`/admin/clients${search}`}
                preventScrollReset
              />
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
