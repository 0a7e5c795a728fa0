import { useFetcher } from "react-router";
import { Link } from "react-router";
import { DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { Button } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { formatDateTime, formatMoney } from "~/lib/format";
import type { Toast } from "~/lib/form-reply";
import {
  CHARGE_STATUS_LABELS,
  DIVERGENCE_KIND_LABELS,
  DIVERGENCE_RESOLUTION_LABELS,
} from "~/modules/billing/billing.schema";
import type { DivergenceRow } from "~/modules/billing/divergences.server";

/** Financeiro → Divergências: each one with its charge, client, amounts and, while open, "Resolver". */
export function DivergencesTable({ rows, open }: { rows: DivergenceRow[]; open: boolean }) {
  return (
    <DataTable
      caption="Divergências"
      head={
        <>
          <Th>Detectada em</Th>
          <Th>Cobrança</Th>
          <Th>Cliente</Th>
          <Th>Divergência</Th>
          <Th right>Valor da cobrança</Th>
          <Th right>Recebido</Th>
          <Th>{open ? "Resolver" : "Resolução"}</Th>
        </>
      }
    >
      {rows.length === 0 && (
        <EmptyRow colSpan={7}>
          {open ? "Nenhuma divergência em aberto." : "Nenhuma divergência resolvida."}
        </EmptyRow>
      )}
      {rows.map((d) => (
        <tr key={d.id} className="align-top hover:bg-slate-50">
          <td className="px-4 py-3 text-sm whitespace-nowrap">{formatDateTime(d.detectedAt)}</td>
          <td className="px-4 py-3 text-sm">
            <Link
              to={`/admin/billing?client=${d.clientId}`}
              className="font-mono text-brand-700 hover:underline"
            >
              {d.chargeNumber}
            </Link>
            <div className="text-xs text-slate-500">{CHARGE_STATUS_LABELS[d.chargeStatus]}</div>
          </td>
          <td className="px-4 py-3 text-sm">
            <Link to={`/admin/clients/edit/${d.clientId}`} className="hover:text-brand-700 hover:underline">
              {d.clientName}
            </Link>
            <div className="text-xs text-slate-500">{d.businessName}</div>
          </td>
          <td className="px-4 py-3 text-sm">
            {DIVERGENCE_KIND_LABELS[d.kind]}
            {d.providerPaymentId && (
              <div className="text-xs text-slate-500">Pagamento no provedor: {d.providerPaymentId}</div>
            )}
          </td>
          <td className="px-4 py-3 text-right text-sm whitespace-nowrap">{formatMoney(d.expectedCents)}</td>
          <td className="px-4 py-3 text-right text-sm font-medium whitespace-nowrap">
            {formatMoney(d.receivedCents)}
          </td>
          <td className="px-4 py-3 text-sm">
            {open ? (
              <ResolveForm id={d.id} number={d.chargeNumber} />
            ) : (
              <>
                {d.resolution && DIVERGENCE_RESOLUTION_LABELS[d.resolution]}
                <div className="text-xs text-slate-500">
                  {d.resolvedAt && formatDateTime(d.resolvedAt)}
                  {d.resolvedByName ? ` · ${d.resolvedByName}` : ""}
                </div>
              </>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function ResolveForm({ id, number }: { id: string; number: string }) {
  const fetcher = useFetcher<{ toast?: Toast | null }>();
  useReplyToast(fetcher.data);
  return (
    <fetcher.Form
      method="post"
      className="flex flex-wrap items-end gap-2"
      aria-label={`Resolver divergência da cobrança ${number}`}
    >
      <label className="text-xs text-slate-700">
        O que foi feito
        <select
          name="resolution"
          required
          defaultValue=""
          className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        >
          <option value="" disabled>
            Escolha...
          </option>
          <option value="devolvido">{DIVERGENCE_RESOLUTION_LABELS.devolvido}</option>
          <option value="aplicado">{DIVERGENCE_RESOLUTION_LABELS.aplicado}</option>
          <option value="sem_acao">{DIVERGENCE_RESOLUTION_LABELS.sem_acao}</option>
        </select>
      </label>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" busy={fetcher.state !== "idle"} busyLabel="Salvando...">
        Resolver
      </Button>
    </fetcher.Form>
  );
}
