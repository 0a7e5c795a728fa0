import { Form } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { Badge, DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/format";
import { STATUS_LABELS } from "~/modules/accounts/accounts.schema";
import type { AdminRow } from "~/modules/accounts/team.server";

const STATUS_COLOR = { active: "green", invited: "yellow", deactivated: "gray" } as const;

const linkButton = "rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50";

export function AdminTable({ rows, meId }: { rows: AdminRow[]; meId: string }) {
  return (
    <DataTable
      caption="Administradores"
      head={
        <>
          <Th>Nome</Th>
          <Th>E-mail</Th>
          <Th>Status</Th>
          <Th>Último login</Th>
          <Th>Ações</Th>
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyRow colSpan={5}>Nenhum administrador.</EmptyRow>
      ) : (
        rows.map((r) => (
          <tr key={r.id}>
            <td className="px-4 py-3 font-medium text-slate-900">
              {r.name}
              {r.id === meId && <span className="ml-2 text-xs text-slate-500">(você)</span>}
            </td>
            <td className="px-4 py-3 text-slate-700">{r.email}</td>
            <td className="px-4 py-3">
              <Badge color={STATUS_COLOR[r.status]}>{STATUS_LABELS[r.status]}</Badge>
              {r.status === "invited" && r.inviteExpiresAt && (
                <span className="ml-2 text-xs text-slate-500">
                  {new Date(r.inviteExpiresAt) > new Date()
                    ? `vale até ${formatDateTime(r.inviteExpiresAt)}`
                    : "convite expirado"}
                </span>
              )}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">
              {r.lastSignInAt ? formatDateTime(r.lastSignInAt) : "Nunca"}
            </td>
            <td className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-1">
                {r.status === "invited" && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="id" value={r.id} />
                    <button
                      type="submit"
                      className={linkButton}
                      aria-label={`Reenviar convite para ${r.name}`}
                    >
                      Reenviar convite
                    </button>
                  </Form>
                )}
                {r.status === "deactivated" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="reactivate" />
                    <input type="hidden" name="id" value={r.id} />
                    <button type="submit" className={linkButton} aria-label={`Reativar ${r.name}`}>
                      Reativar
                    </button>
                  </Form>
                ) : r.id === meId ? null : (
                  <ConfirmButton
                    label={`Desativar ${r.name}`}
                    title={`Desativar ${r.name}?`}
                    description="As sessões abertas terminam na hora e o login passa a ser recusado. O histórico fica, e a conta pode ser reativada."
                    confirmLabel="Desativar"
                    triggerContent="Desativar"
                    fields={{ intent: "deactivate", id: r.id }}
                  />
                )}
              </div>
            </td>
          </tr>
        ))
      )}
    </DataTable>
  );
}
