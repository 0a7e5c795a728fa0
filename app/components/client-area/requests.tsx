import { useState } from "react";
import { PlanOptions } from "~/components/ui/plan-options";
import { Form, useNavigation } from "react-router";
import { Button, SelectField, TextAreaField } from "~/components/ui/form";
import { formatDate } from "~/lib/format";
import {
  CLIENT_REQUEST_DETAILS_MAX,
  CLIENT_REQUEST_KIND_LABELS,
  CLIENT_REQUEST_REASON_LABELS,
  CLIENT_REQUEST_STATUS_LABELS,
  reasonsFor,
  type ClientRequestKind,
} from "~/modules/client-requests/requests.constants";
import type { OwnRequests } from "~/modules/client-requests/requests.server";

const card = "rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

export interface RequestReply {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
}

/** "Alterar ou cancelar o plano": the request form and the client's requests. */
export function RequestsSection({ own, reply }: { own: OwnRequests; reply?: RequestReply }) {
  const busy = useNavigation().state === "submitting";
  const [kind, setKind] = useState<string>("");
  const [planId, setPlanId] = useState<string>("");
  const errors = reply && !reply.ok ? reply.fieldErrors : undefined;
  const plan = own.plans.find((p) => p.id === planId);
  // The "Motivo" is asked for a cancellation and a move to a cheaper plan, with the reasons that fit.
  const reasons =
    kind === "cancelamento" || kind === "troca_plano"
      ? reasonsFor(
          kind as ClientRequestKind,
          plan && own.subscription
            ? { currentCents: own.subscription.planPriceCents, requestedCents: plan.priceCents }
            : undefined,
        )
      : [];
  return (
    <section aria-labelledby="alterar-plano" className={card}>
      <h2 id="alterar-plano" className="text-lg font-bold">
        Alterar ou cancelar o plano
      </h2>
      {reply && (
        <p
          role={reply.ok ? "status" : "alert"}
          className={`mt-3 rounded-lg border p-3 text-sm font-medium ${
            reply.ok ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"
          }`}
        >
          {reply.message}
        </p>
      )}
      {own.subscription ? (
        <Form method="post" className="mt-3 space-y-4" noValidate key={reply?.ok ? "sent" : "form"}>
          <p className="text-sm text-slate-700">
            Seu pedido vai para a nossa equipe, que responde por e-mail. Nada muda até a resposta.
          </p>
          <SelectField
            label="O que você quer?"
            name="kind"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value)}
            error={errors?.kind}
          >
            <option value="">Selecione</option>
            <option value="troca_plano">Trocar de plano</option>
            <option value="cancelamento">Cancelar a assinatura</option>
          </SelectField>
          {kind === "troca_plano" && (
            <SelectField
              label="Novo plano"
              name="planId"
              value={planId}
              onChange={(e) => setPlanId(e.currentTarget.value)}
              error={errors?.planId}
            >
              <option value="">Selecione</option>
              <PlanOptions plans={own.plans} />
            </SelectField>
          )}
          {kind === "troca_plano" && plan?.preview && (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800" aria-live="polite">
              Se a troca valer a partir de hoje: <strong>{plan.preview}</strong>.
            </p>
          )}
          {reasons.length > 0 && (
            <SelectField
              label="Motivo"
              name="reason"
              key={reasons.join()}
              defaultValue=""
              error={errors?.reason}
            >
              <option value="">Selecione</option>
              {reasons.map((r) => (
                <option key={r} value={r}>
                  {CLIENT_REQUEST_REASON_LABELS[r]}
                </option>
              ))}
            </SelectField>
          )}
          <TextAreaField
            label="Conte mais (opcional)"
            name="details"
            rows={3}
            maxLength={CLIENT_REQUEST_DETAILS_MAX}
            error={errors?.details}
          />
          <Button
            type="submit"
            name="intent"
            value="request"
            busy={busy}
            busyLabel="Enviando..."
            className="min-h-11"
          >
            Enviar pedido
          </Button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          Você não tem uma assinatura ativa para alterar. Se precisar, fale com a nossa equipe.
        </p>
      )}
      {own.requests.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold">Seus pedidos</h3>
          <ul className="mt-2 space-y-3">
            {own.requests.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-semibold">
                  {CLIENT_REQUEST_KIND_LABELS[r.kind]}
                  {r.requestedPlanName ? ` para ${r.requestedPlanName}` : ""} ·{" "}
                  <span>{CLIENT_REQUEST_STATUS_LABELS[r.status]}</span>
                </p>
                <p className="text-slate-600">
                  Pedido em {formatDate(r.createdAt)}
                  {r.reason ? ` · ${CLIENT_REQUEST_REASON_LABELS[r.reason]}` : ""}
                </p>
                {r.adminMessage && (
                  <p className="mt-1">
                    <span className="text-slate-600">Resposta: </span>
                    {r.adminMessage}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
