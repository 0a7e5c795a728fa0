import { Link } from "react-router";
import { ChargeInvoiceNote } from "~/components/admin/invoices/charge-invoice";
import type { ChargeInvoice } from "~/modules/invoices/views.server";
import { ChargeActions, ChargeWhatsapp, PixCopy } from "~/components/admin/billing/charge-actions";
import { OneOffForm } from "~/components/admin/billing/one-off-form";
import { ChargeResend, ReceiptLink } from "~/components/admin/billing/charge-mail-actions";
import { CHARGE_STATUS_COLORS, CHARGE_STATUS_LABELS } from "~/components/admin/billing/charge-labels";
import { Badge, Card } from "~/components/admin/ui";
import { formatIsoDate, formatMoney } from "~/lib/format";
import { PAYMENT_METHOD_LABELS } from "~/modules/billing/billing.schema";
import { isPayable } from "~/modules/billing/billing.constants";
import { owedCents, paidSummary } from "~/modules/billing/charge-paid";
import type { ClientChargeView } from "~/modules/billing/charge-pix.server";
import { ChargeProvider } from "~/components/admin/billing/charge-provider";

/** The client page's "Cobranças": each charge with its lines, status, payment or PIX, and actions. */
export function ChargesSection({
  clientId,
  client,
  charges,
  today,
  invoices = {},
}: {
  clientId: string;
  /** The charges' tax invoices, by charge id. */
  invoices?: Record<string, ChargeInvoice>;
  /** Whom "Cobrar pelo WhatsApp" writes to. */
  client: { name: string; phone: string };
  charges: ClientChargeView[];
  today: string;
}) {
  const back = `/admin/clients/edit/${clientId}`;
  return (
    <Card>
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-lg font-semibold text-slate-900">Cobranças</h2>
        <Link
          to={`/admin/billing?client=${clientId}`}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Ver no Financeiro
        </Link>
      </div>
      <OneOffForm clientId={clientId} back={back} />
      {charges.length === 0 ? (
        <p className="text-sm text-slate-500">Nenhuma cobrança emitida.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Cobranças do cliente">
          {charges.map((c) => (
            <li key={c.id} className="flex flex-wrap items-start justify-between gap-4 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  <span className="font-mono">{c.number}</span> · {formatMoney(c.amountCents)} · vence em{" "}
                  {formatIsoDate(c.dueDate)}{" "}
                  <Badge color={CHARGE_STATUS_COLORS[c.status]}>{CHARGE_STATUS_LABELS[c.status]}</Badge>
                </p>
                <ul className="mt-1 text-slate-600">
                  {c.lines.map((l, i) => (
                    <li key={i}>
                      {l.description}: {formatMoney(l.amountCents)}
                    </li>
                  ))}
                </ul>
                {paidSummary(c) && <p className="mt-1 font-medium text-amber-800">{paidSummary(c)}</p>}
                {c.status === "paga" && c.paidOn && c.paymentMethod && (
                  <p className="mt-1 text-green-800">
                    Paga em {formatIsoDate(c.paidOn)} ({PAYMENT_METHOD_LABELS[c.paymentMethod]})
                  </p>
                )}
                {c.cancelReason && <p className="mt-1 text-slate-500">Cancelada: {c.cancelReason}</p>}
                <ChargeInvoiceNote invoice={invoices[c.id]} />
                {isPayable(c.status) && (
                  <ChargeProvider
                    id={c.id}
                    number={c.number}
                    state={c.provider}
                    payLink={c.payLink}
                    back={back}
                  />
                )}
                {c.pixCode && (
                  <>
                    <PixCopy code={c.pixCode} qr={c.pixQr} number={c.number} />
                    <ChargeWhatsapp
                      phone={client.phone}
                      charge={{ ...c, clientName: client.name, pixCode: c.pixCode }}
                    />
                  </>
                )}
              </div>
              {isPayable(c.status) && (
                <ChargeActions
                  id={c.id}
                  number={c.number}
                  status={c.status}
                  amountCents={c.amountCents}
                  owedCents={owedCents(c)}
                  today={today}
                  back={back}
                />
              )}
              {(c.status === "pendente" || c.status === "vencida") && (
                <ChargeResend id={c.id} number={c.number} back={back} />
              )}
              {c.status === "paga" && <ReceiptLink id={c.id} number={c.number} />}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
