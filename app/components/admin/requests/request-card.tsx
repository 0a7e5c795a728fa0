import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, TextAreaField } from "~/components/ui/form";
import { formatDateTime, formatIsoDate } from "~/lib/format";
import {
  CANCEL_WHEN_LABELS,
  PLAN_CHANGE_WHEN_LABELS,
  CLIENT_REQUEST_KIND_LABELS,
  CLIENT_REQUEST_MESSAGE_MAX,
  CLIENT_REQUEST_REASON_LABELS,
  CLIENT_REQUEST_STATUS_LABELS,
  type ClientRequestKind,
  type ClientRequestReason,
  type ClientRequestStatus,
} from "~/modules/client-requests/requests.constants";

export interface RequestCardData {
  id: string;
  clientId: string;
  clientName: string;
  businessName: string;
  kind: ClientRequestKind;
  requestedPlanName: string | null;
  /** None for an upgrade (no reason is asked). */
  reason: ClientRequestReason | null;
  details: string;
  /** The first day after the paid period (a cancellation "ao fim do período pago" ends on it). */
  subscriptionEndDate?: string | null;
  /** An open plan change's "Agora" in money ("R$ 40,00 hoje, depois R$ 299,90 por mês"). */
  preview?: string | null;
  status: ClientRequestStatus;
  adminMessage: string | null;
  decidedAt: Date | string | null;
  decidedByName?: string | null;
  createdAt: Date | string;
}

/**
 * One request: what was asked, and (while open) the answer. A plan change is accepted or refused
 * (with a message); a cancellation cannot be refused: the admin chooses when it takes effect.
 */
export function RequestCard({ request: r, back }: { request: RequestCardData; back: string }) {
  const busy = useNavigation().state === "submitting";
  const [chosen, setDecision] = useState<"aceitar" | "recusar">("aceitar");
  const cancellation = r.kind === "cancelamento";
  const decision = cancellation ? "aceitar" : chosen;
  const label = `${CLIENT_REQUEST_KIND_LABELS[r.kind]} de ${r.clientName}`;
  return (
    <article
      id={`solicitacao-${r.id}`}
      aria-label={label}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          {CLIENT_REQUEST_KIND_LABELS[r.kind]}
          {r.requestedPlanName ? ` para ${r.requestedPlanName}` : ""}
        </h3>
        <span className="text-sm font-medium text-slate-700">{CLIENT_REQUEST_STATUS_LABELS[r.status]}</span>
      </header>
      <p className="text-sm">
        <Link to={`/admin/clients/edit/${r.clientId}`} className="font-medium text-brand-700 hover:underline">
          {r.clientName} ({r.businessName})
        </Link>{" "}
        <span className="text-slate-600">· pedido em {formatDateTime(r.createdAt)}</span>
      </p>
      {r.reason && (
        <p className="mt-2 text-sm">
          <span className="text-slate-600">Motivo: </span>
          {CLIENT_REQUEST_REASON_LABELS[r.reason]}
        </p>
      )}
      {r.details && <p className="mt-1 text-sm whitespace-pre-line">{r.details}</p>}
      {r.status !== "aberta" && (
        <p className="mt-2 text-sm text-slate-700">
          Respondida{r.decidedAt ? ` em ${formatDateTime(r.decidedAt)}` : ""}
          {r.decidedByName ? ` por ${r.decidedByName}` : ""}
          {r.adminMessage ? `: ${r.adminMessage}` : "."}
        </p>
      )}
      {r.status === "aberta" && (
        <Form method="post" action="/admin/requests" className="mt-3 space-y-3">
          <input type="hidden" name="requestId" value={r.id} />
          <input type="hidden" name="back" value={back} />
          {cancellation ? (
            <input type="hidden" name="decision" value="aceitar" />
          ) : (
            <fieldset className="flex flex-wrap gap-4 text-sm">
              <legend className="sr-only">Resposta</legend>
              {(["aceitar", "recusar"] as const).map((d) => (
                <label key={d} className="inline-flex items-center gap-2">
                  <input
                    type="radio"
                    name="decision"
                    value={d}
                    checked={decision === d}
                    onChange={() => setDecision(d)}
                  />
                  {d === "aceitar" ? "Aceitar" : "Recusar"}
                </label>
              ))}
            </fieldset>
          )}
          {cancellation && (
            <fieldset className="text-sm">
              <legend className="font-medium text-slate-700">
                O cancelamento vale (um pedido de cancelamento não pode ser recusado)
              </legend>
              {(["fim_do_periodo", "agora"] as const).map((w) => (
                <label key={w} className="mr-4 inline-flex items-center gap-2">
                  <input type="radio" name="when" value={w} defaultChecked={w === "fim_do_periodo"} />
                  {CANCEL_WHEN_LABELS[w]}
                  {w === "fim_do_periodo" && r.subscriptionEndDate
                    ? ` (${formatIsoDate(r.subscriptionEndDate)})`
                    : ""}
                </label>
              ))}
            </fieldset>
          )}
          {decision === "aceitar" && r.kind === "troca_plano" && (
            <fieldset className="text-sm">
              <legend className="font-medium text-slate-700">A troca vale</legend>
              {(["renovacao", "agora"] as const).map((w) => (
                <label key={w} className="mr-4 inline-flex items-center gap-2">
                  <input type="radio" name="when" value={w} defaultChecked={w === "renovacao"} />
                  {PLAN_CHANGE_WHEN_LABELS[w]}
                  {w === "agora" && r.preview ? `: ${r.preview}` : ""}
                </label>
              ))}
            </fieldset>
          )}
          <TextAreaField
            label={
              decision === "recusar" ? "Mensagem ao cliente (obrigatória)" : "Mensagem ao cliente (opcional)"
            }
            name="message"
            rows={2}
            maxLength={CLIENT_REQUEST_MESSAGE_MAX}
            required={decision === "recusar"}
          />
          <Button type="submit" busy={busy} variant={decision === "recusar" ? "danger" : "primary"}>
            {cancellation
              ? "Aceitar cancelamento"
              : decision === "aceitar"
                ? "Aceitar solicitação"
                : "Recusar solicitação"}
          </Button>
        </Form>
      )}
    </article>
  );
}
