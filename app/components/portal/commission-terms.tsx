import { Link } from "react-router";
import { formatMoney } from "~/lib/format";

export interface CommissionTerm {
  id: string;
  name: string;
  commissionCents: number;
}

/**
 * What each plan pays per completed referral, read from the plans: the same amounts
 * the landing's modal shows and a new referral snapshots.
 */
export function CommissionTerms({ plans }: { plans: CommissionTerm[] }) {
  if (plans.length === 0) return null;
  return (
    <section
      aria-labelledby="commission-terms"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="commission-terms" className="font-semibold text-slate-900">
        Comissão por indicação concluída
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {plans.map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <span className="text-sm text-slate-700">Plano {p.name}</span>
            <span className="font-semibold text-slate-900">{formatMoney(p.commissionCents)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-500">
        O valor fica garantido na data da indicação: mudanças posteriores no plano não alteram suas
        indicações.
      </p>
    </section>
  );
}

/** Dashboard: what is owed and what was paid. */
export function CommissionSummaryCards({
  toReceiveCents,
  receivedCents,
}: {
  toReceiveCents: number;
  receivedCents: number;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Comissões">
      <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-sm font-medium text-slate-600">A receber</p>
        <p className="mt-2 text-2xl font-bold text-slate-900">{formatMoney(toReceiveCents)}</p>
      </li>
      <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-sm font-medium text-slate-600">Recebido</p>
        <p className="mt-2 text-2xl font-bold text-slate-900">{formatMoney(receivedCents)}</p>
      </li>
    </ul>
  );
}

/**
 * Shown while there is money to receive and no PIX key on file (like
 * PartnerStack's payout-method banner): the admin cannot pay by PIX without one.
 */
export function PixKeyBanner({ toReceiveCents }: { toReceiveCents: number }) {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <Link to="/representante/conta" className="font-semibold underline underline-offset-2">
        Cadastre sua chave PIX para receber {formatMoney(toReceiveCents)}
      </Link>
      <span> — sem ela o pagamento das suas comissões não pode ser feito por PIX.</span>
    </div>
  );
}
