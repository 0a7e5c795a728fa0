import { Link } from "react-router";
import { Card } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/format";
import type { ClientOrigin as Origin } from "~/modules/leads/lead.server";
import { REFERRAL_STATUS_LABELS } from "~/modules/referrals/referrals.schema";

const LINK = "font-semibold text-brand-700 hover:underline";

/**
 * "Origem" on the client page: the lead it was converted from with its
 * attribution (its timeline is on the lead page, one click away), and the referral and
 * representative when there is one.
 */
export function ClientOrigin({ origin }: { origin: Origin | null }) {
  const items: [string, React.ReactNode][] = [];
  if (origin) {
    items.push([
      "Lead",
      <Link key="l" to={`/admin/leads/${origin.id}`} className={LINK}>
        {origin.name}
        <span className="font-normal text-slate-600"> · recebido em {formatDateTime(origin.createdAt)}</span>
      </Link>,
    ]);
    if (origin.source) items.push(["Origem", origin.source]);
    if (origin.campaign) items.push(["Campanha", origin.campaign]);
    if (origin.landingPage) items.push(["Página de entrada", origin.landingPage]);
    if (origin.referrer) items.push(["Veio de", origin.referrer]);
    if (origin.representative)
      items.push([
        "Representante",
        <Link key="r" to={`/admin/representatives/${origin.representative.id}`} className={LINK}>
          {origin.representative.name}
        </Link>,
      ]);
    if (origin.referral)
      items.push([
        "Indicação",
        <Link key="i" to={`/admin/referrals/${origin.referral.id}`} className={LINK}>
          {REFERRAL_STATUS_LABELS[origin.referral.status as keyof typeof REFERRAL_STATUS_LABELS] ??
            origin.referral.status}
        </Link>,
      ]);
  }
  return (
    <Card>
      <section aria-labelledby="origem-cliente">
        <h2 id="origem-cliente" className="mb-3 text-lg font-semibold text-slate-900">
          Origem
        </h2>
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">Cliente cadastrado direto, sem lead de origem.</p>
        ) : (
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {items.map(([k, v]) => (
              <div key={k} className="min-w-0">
                <dt className="text-xs font-medium text-slate-600">{k}</dt>
                <dd className="truncate text-slate-800">{v}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </Card>
  );
}
