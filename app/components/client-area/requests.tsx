import { PlanOptions } from "~/components/ui/plan-options";
import { Button, SelectField, TextAreaField } from "~/components/ui/form";
import { formatDate, formatMoney } from "~/lib/format";
import { draftReady, readRequestDraft, type RequestDraft } from "~/modules/client-requests/request-draft";
import {
  CLIENT_REQUEST_DETAILS_MAX,
  CLIENT_REQUEST_KIND_LABELS,
  CLIENT_REQUEST_REASON_LABELS,
  CLIENT_REQUEST_STATUS_LABELS,
  reasonsFor,
} from "~/modules/client-requests/requests.constants";
import type { OwnRequests } from "~/modules/client-requests/requests.server";

const card = "rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

/** A refused request (the page comes back with the client's choice and the message). */
export interface RequestReply {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
  values?: { kind: string; planId: string };
}

/**
 * "Alterar ou cancelar o plano": the request form and the client's requests. Plain HTML in two
 * steps (request-draft.ts): a GET chooses what (and the plan), then the page shows what the
 * change costs and the reasons that fit, and a POST sends the request.
 */
export function RequestsSection({
  own,
  draft: fromAddress,
  reply,
}: {
  own: OwnRequests;
  draft: RequestDraft | null;
  reply?: RequestReply;
}) {
  const refused = reply && !reply.ok ? reply : undefined;
  const draft = refused?.values
    ? readRequestDraft(
        refused.values,
        own.plans.map((p) => p.id),
      )
    : fromAddress;
  return (
    <section aria-labelledby="alterar-plano" className={card}>
      <h2 id="alterar-plano" className="text-lg font-bold">
        Alterar ou cancelar o plano
      </h2>
      {refused && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          {refused.message}
        </p>
      )}
      {!own.subscription ? (
        <p className="mt-3 text-sm text-slate-700">
          Você não tem uma assinatura ativa para alterar. Se precisar, fale com a nossa equipe.
        </p>
      ) : draftReady(draft) ? (
        <RequestForm own={own} draft={draft} errors={refused?.fieldErrors} />
      ) : (
        <ChooseForm own={own} draft={draft} />
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

const intro = (
  <p className="text-sm text-slate-700">
    Seu pedido vai para a nossa equipe, que responde por e-mail. Nada muda até a resposta.
  </p>
);

/**
 * The first step, a GET: what the client wants, and for a plan change the new plan (its field is
 * shown by CSS only when "Trocar de plano" is chosen, where `:has()` is known; app.css).
 */
function ChooseForm({ own, draft }: { own: OwnRequests; draft: RequestDraft | null }) {
  return (
    <form method="get" action="/cliente#alterar-plano" className="mt-3 space-y-4" noValidate>
      {intro}
      <SelectField
        label="O que você quer?"
        name="kind"
        defaultValue={draft?.kind ?? ""}
        error={draft?.errors.kind}
      >
        <option value="">Selecione</option>
        <option value="troca_plano">Trocar de plano</option>
        <option value="cancelamento">Cancelar a assinatura</option>
      </SelectField>
      <div data-plan-field="">
        <SelectField label="Novo plano" name="planId" defaultValue="" error={draft?.errors.planId}>
          <option value="">Selecione</option>
          <PlanOptions plans={own.plans} />
        </SelectField>
      </div>
      <Button type="submit" className="min-h-11">
        Continuar
      </Button>
    </form>
  );
}

/**
 * The second step, a POST: the choice, what a plan change costs if it applies today (the same
 * preview the charge is made with), the "Motivo" for a cancellation or a cheaper plan, and details.
 */
function RequestForm({
  own,
  draft,
  errors,
}: {
  own: OwnRequests;
  draft: RequestDraft & { kind: NonNullable<RequestDraft["kind"]> };
  errors?: Record<string, string>;
}) {
  const plan = own.plans.find((p) => p.id === draft.planId);
  const reasons = reasonsFor(
    draft.kind,
    plan && own.subscription
      ? { currentCents: own.subscription.planPriceCents, requestedCents: plan.priceCents }
      : undefined,
  );
  return (
    <form method="post" action="/cliente?index" className="mt-3 space-y-4" noValidate>
      {intro}
      <input type="hidden" name="kind" value={draft.kind} />
      {plan && <input type="hidden" name="planId" value={plan.id} />}
      <p className="text-sm">
        <span className="text-slate-600">Seu pedido: </span>
        <strong>
          {draft.kind === "cancelamento"
            ? "Cancelar a assinatura"
            : `Trocar para o plano ${plan?.name} (${formatMoney(plan?.priceCents ?? 0)}/mês)`}
        </strong>{" "}
        <a href="/cliente#alterar-plano" className="tap font-medium text-brand-700 hover:underline">
          Mudar
        </a>
      </p>
      {plan?.preview && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
          Se a troca valer a partir de hoje: <strong>{plan.preview}</strong>.
        </p>
      )}
      {reasons.length > 0 && (
        <SelectField label="Motivo" name="reason" defaultValue="" error={errors?.reason}>
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
      <Button type="submit" name="intent" value="request" busyLabel="Enviando..." className="min-h-11">
        Enviar pedido
      </Button>
    </form>
  );
}
