import { Form, Link } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { Badge, DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/format";
import { DELIVERY_STATUS_LABELS, type WebhookDeliveryStatus } from "~/modules/webhooks/webhooks.constants";

export interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  createdAt: Date | string;
}

export interface DeliveryRow {
  id: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date | string;
}

const SMALL = "rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60";

export function EndpointTable({ rows, selected }: { rows: EndpointRow[]; selected: string | null }) {
  return (
    <DataTable
      caption="Webhooks cadastrados"
      head={
        <>
          <Th>URL</Th>
          <Th>Eventos</Th>
          <Th>Status</Th>
          <Th>Criado em</Th>
          <Th right>Ações</Th>
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyRow colSpan={5}>Nenhum webhook cadastrado</EmptyRow>
      ) : (
        rows.map((w) => (
          <tr key={w.id} className={w.id === selected ? "bg-brand-50" : "hover:bg-slate-50"}>
            <td className="px-4 py-3 font-medium break-all">{w.url}</td>
            <td className="px-4 py-3">
              <ul className="space-y-0.5 font-mono text-xs">
                {w.events.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </td>
            <td className="px-4 py-3">
              {w.active ? <Badge color="green">Ativo</Badge> : <Badge color="gray">Pausado</Badge>}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(w.createdAt)}</td>
            <td className="px-4 py-3">
              <div className="flex flex-wrap justify-end gap-1">
                <Link to={`?endpoint=${w.id}`} className={SMALL} aria-label={`Ver entregas de ${w.url}`}>
                  Entregas
                </Link>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="id" value={w.id} />
                  <input type="hidden" name="active" value={String(!w.active)} />
                  <button
                    type="submit"
                    className={SMALL}
                    aria-label={`${w.active ? "Pausar" : "Reativar"} ${w.url}`}
                  >
                    {w.active ? "Pausar" : "Reativar"}
                  </button>
                </Form>
                <ConfirmButton
                  label={`Excluir ${w.url}`}
                  title="Excluir webhook?"
                  description={`${w.url} deixará de receber eventos, e o registro de entregas dele será apagado.`}
                  fields={{ intent: "delete", id: w.id }}
                />
              </div>
            </td>
          </tr>
        ))
      )}
    </DataTable>
  );
}

const STATUS_COLOR = { pendente: "yellow", entregue: "green", falhou: "red" } as const;

export function DeliveryTable({ rows }: { rows: DeliveryRow[] }) {
  return (
    <DataTable
      caption="Entregas do webhook"
      head={
        <>
          <Th>Evento</Th>
          <Th>Status</Th>
          <Th right>Tentativas</Th>
          <Th right>Código</Th>
          <Th>Último erro</Th>
          <Th>Data</Th>
          <Th right>Ações</Th>
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyRow colSpan={7}>Nenhuma entrega registrada</EmptyRow>
      ) : (
        rows.map((d) => (
          <tr key={d.id} className="hover:bg-slate-50">
            <td className="px-4 py-3 font-mono text-xs">{d.event}</td>
            <td className="px-4 py-3">
              <Badge color={STATUS_COLOR[d.status]}>{DELIVERY_STATUS_LABELS[d.status]}</Badge>
            </td>
            <td className="px-4 py-3 text-right">{d.attempts}</td>
            <td className="px-4 py-3 text-right">{d.lastStatusCode ?? "—"}</td>
            <td className="max-w-64 truncate px-4 py-3 text-slate-600" title={d.lastError ?? undefined}>
              {d.lastError ?? "—"}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(d.createdAt)}</td>
            <td className="px-4 py-3 text-right">
              {d.status === "falhou" && (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="redeliver" />
                  <input type="hidden" name="id" value={d.id} />
                  <button type="submit" className={SMALL}>
                    Reenviar
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))
      )}
    </DataTable>
  );
}
