import { Circle, CircleCheck } from "lucide-react";
import { ClientChargeInvoice } from "~/components/client-area/charge-invoice";
import type { ChargeInvoice } from "~/modules/invoices/views.server";
import { Form, Link } from "react-router";
import { formatIsoDate, formatMoney } from "~/lib/format";
import { owedCents, paidSummary } from "~/modules/billing/charge-paid";
import { CHARGE_STATUS_LABELS } from "~/modules/billing/billing.schema";
import { CLIENT_AREA_MESSAGES } from "~/modules/client-area/client-area.constants";
import type { ClientOverview } from "~/modules/client-area/client-area.server";
import { ONBOARDING_STATUS_LABELS } from "~/modules/onboarding/onboarding.constants";

const card = "rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
const h2 = "text-lg font-bold";

/**
 * What a charge is made of: each line (the plan and the period it covers, the activation fee, a
 * one-off item), the discount when there is one, and the total.
 */
function ChargeLines({
  charge: c,
}: {
  charge: Pick<ClientOverview["open"][number], "number" | "lines" | "discountCents" | "amountCents">;
}) {
  const row = "flex justify-between gap-3";
  return (
    <ul aria-label={`Itens da cobrança ${c.number}`} className="mt-2 space-y-1 text-sm text-slate-800">
      {c.lines.map((l, i) => (
        <li key={i} className={row}>
          <span className="min-w-0 break-words">{l.description}</span>
          <span className="shrink-0 tabular-nums">{formatMoney(l.amountCents)}</span>
        </li>
      ))}
      {c.discountCents > 0 && (
        <li className={row}>
          <span>Desconto</span>
          <span className="shrink-0 tabular-nums">−{formatMoney(c.discountCents)}</span>
        </li>
      )}
      <li className={`${row} border-t border-slate-200 pt-1 font-semibold`}>
        <span>Total</span>
        <span className="shrink-0 tabular-nums">{formatMoney(c.amountCents)}</span>
      </li>
    </ul>
  );
}

/** "ativa" → "Ativa"; a status added later (e.g. "suspensa") shows as stored, capitalised. */
const statusLabel = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function PlanSection({
  subscription: s,
  planName,
}: {
  subscription: ClientOverview["subscription"];
  planName: string | null;
}) {
  const suspended = String(s?.status) === "suspensa";
  return (
    <section aria-labelledby="plano" className={card}>
      <h2 id="plano" className={h2}>
        Seu plano
      </h2>
      {suspended && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          Sua assinatura está suspensa. Pague a cobrança em aberto abaixo para reativá-la, ou fale conosco.
        </p>
      )}
      {s ? (
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-600">Plano</dt>
            <dd className="font-semibold">{s.planName}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Situação</dt>
            <dd className={`font-semibold ${suspended ? "text-red-700" : ""}`}>
              {statusLabel(String(s.status))}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Renovação</dt>
            <dd className="font-semibold">{statusLabel(s.renewalType)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{s.cancelAt ? "Termina em" : "Próxima renovação"}</dt>
            <dd className="font-semibold">{formatIsoDate(s.cancelAt ?? s.endDate)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Mensalidade</dt>
            <dd className="font-semibold">{formatMoney(s.monthlyPriceCents)}/mês</dd>
          </div>
        </dl>
      ) : null}
      {s?.next && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
          <span className="font-semibold">
            Próxima cobrança: {formatMoney(s.next.amountCents)} em {formatIsoDate(s.next.dueDate)}
          </span>
          {s.next.planName !== s.planName && ` (Plano ${s.next.planName})`}
        </p>
      )}
      {!s && (
        <p className="mt-3 text-sm text-slate-700">
          {planName ? `Plano ${planName}. ` : ""}Nenhuma assinatura registrada ainda.
        </p>
      )}
    </section>
  );
}

/**
 * The code as text, to select and copy by hand; "Copiar código PIX" is shown and wired by the
 * area's script (site-script/client-area.ts), which says in the status line how it went.
 */
function CopyCode({ code }: { code: string }) {
  const id = `pix-${code.slice(-8)}`;
  return (
    <div className="space-y-2">
      <label className="block text-sm font-medium" htmlFor={id}>
        PIX copia e cola
      </label>
      <textarea
        id={id}
        readOnly
        rows={3}
        defaultValue={code}
        className="w-full rounded-lg border border-slate-300 p-2 font-mono text-xs break-all"
      />
      <button
        type="button"
        hidden
        data-copy={id}
        data-copy-status={`${id}-status`}
        data-copied={CLIENT_AREA_MESSAGES.copied}
        data-copy-failed={CLIENT_AREA_MESSAGES.copyFailed}
        className="w-full rounded-lg bg-brand-700 px-4 py-3 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Copiar código PIX
      </button>
      <p id={`${id}-status`} role="status" className="text-sm text-slate-700" />
    </div>
  );
}

export function ChargesSection({
  open,
  paid,
  invoices,
}: {
  open: ClientOverview["open"];
  paid: ClientOverview["paid"];
  /** The paid charges' tax invoices, by charge id. */
  invoices?: Record<string, ChargeInvoice>;
}) {
  return (
    <section aria-labelledby="cobrancas" className={card}>
      <h2 id="cobrancas" className={h2}>
        Cobranças
      </h2>
      {open.length === 0 && (
        <p className="mt-3 text-sm text-slate-700">Nenhuma cobrança em aberto. Tudo em dia!</p>
      )}
      <ul className="mt-3 space-y-4">
        {open.map((c) => (
          <li key={c.id} className="rounded-xl border border-slate-200 p-4" data-charge={c.number}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-2xl font-bold">{formatMoney(owedCents(c))}</p>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${c.overdue ? "bg-red-100 text-red-800" : "bg-amber-100 text-amber-900"}`}
              >
                {c.status === "contestada"
                  ? CHARGE_STATUS_LABELS.contestada
                  : c.overdue
                    ? CHARGE_STATUS_LABELS.vencida
                    : CHARGE_STATUS_LABELS.pendente}
              </span>
            </div>
            <p className="text-sm text-slate-700">
              Cobrança {c.number} · vence em {formatIsoDate(c.dueDate)}
            </p>
            <ChargeLines charge={c} />
            {paidSummary(c) && <p className="text-sm font-medium text-slate-900">{paidSummary(c)}</p>}
            {c.payLink && (
              <a
                href={c.payLink}
                target="_blank"
                rel="noreferrer"
                className="mt-3 flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
              >
                Pagar com PIX, boleto ou cartão
              </a>
            )}
            {c.pixCode ? (
              <div className="mt-3 space-y-3">
                {c.pixQr && (
                  <img
                    src={c.pixQr}
                    alt={`QR Code do PIX da cobrança ${c.number}`}
                    width={200}
                    height={200}
                    className="mx-auto rounded border border-slate-200"
                  />
                )}
                <CopyCode code={c.pixCode} />
              </div>
            ) : (
              !c.payLink && (
                <p className="mt-3 text-sm text-slate-700">
                  {c.payUpdating
                    ? "Atualizando a forma de pagamento. Volte em alguns minutos para ver o código PIX com o valor atual."
                    : "Fale conosco para receber os dados de pagamento."}
                </p>
              )
            )}
          </li>
        ))}
      </ul>
      {paid.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold">Pagas</h3>
          <ul className="mt-2 divide-y divide-slate-200 text-sm">
            {paid.map((c) => (
              <li key={c.id} className="py-2" data-charge={c.number}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {c.number} · {formatMoney(c.paidAmountCents ?? c.amountCents)}
                    {c.paidOn ? ` · paga em ${formatIsoDate(c.paidOn)}` : ""}
                  </span>
                  <Link
                    to={`/cliente/recibo/${c.id}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    Recibo<span className="sr-only"> da cobrança {c.number}</span>
                  </Link>
                </div>
                <ChargeLines charge={c} />
                <ClientChargeInvoice invoice={invoices?.[c.id]} number={c.number} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function OnboardingSection({ onboarding: o }: { onboarding: ClientOverview["onboarding"] }) {
  if (!o) return null;
  const late = o.health === "atrasada";
  return (
    <section aria-labelledby="implantacao" className={card}>
      <h2 id="implantacao" className={h2}>
        Implantação do cardápio
      </h2>
      <p className="mt-2 text-sm">
        {ONBOARDING_STATUS_LABELS[o.status]} · prazo {formatIsoDate(o.dueDate)} ·{" "}
        <span className={`font-semibold ${late ? "text-red-700" : "text-green-800"}`}>
          {late ? "atrasada" : "no prazo"}
        </span>
      </p>
      {o.items.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {o.items.map((i) => (
            <li key={i.id} className="flex gap-2">
              {/* Icons, not emoji: ⬜/✅ showed as empty boxes on machines without an emoji font. */}
              {i.done ? (
                <CircleCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
              ) : (
                <Circle aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
              )}
              <span>
                {i.label}
                <span className="sr-only">{i.done ? " (concluído)" : " (pendente)"}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function HelpSection({ help }: { help: ClientOverview["help"] }) {
  return (
    <section aria-labelledby="ajuda" className={card}>
      <h2 id="ajuda" className={h2}>
        Precisa de ajuda?
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {help.whatsapp?.href && (
          <li>
            <a
              href={help.whatsapp.href}
              className="tap font-semibold text-brand-700 hover:underline"
              rel="noopener"
            >
              Falar pelo WhatsApp
            </a>
          </li>
        )}
        {help.email && (
          <li>
            E-mail:{" "}
            <a href={`mailto:${help.email}`} className="font-semibold text-brand-700 hover:underline">
              {help.email}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}

export function SignOutEverywhere() {
  return (
    <Form method="post" action="/cliente/sair" className="text-center">
      <input type="hidden" name="scope" value="todos" />
      <button type="submit" className="text-sm font-medium text-slate-700 underline hover:text-slate-900">
        Sair de todos os dispositivos
      </button>
    </Form>
  );
}
