import { Check } from "lucide-react";
import { formatMoney } from "~/lib/format";
import { PLAN_PARAM } from "~/lib/site-script";

export interface PublicPlan {
  id: string;
  name: string;
  priceCents: number;
  setupFeeCents: number;
  description: string | null;
  features: string[];
  isPopular: boolean;
}

/**
 * A plan's button is a link to the landing with the plan preselected in the contact form
 * (`/?plano={id}#contato`, rendered by the server); the site script does the same without a
 * reload (`data-choose-plan`).
 */
export function Plans({ plans }: { plans: PublicPlan[] }) {
  return (
    <section
      id="planos"
      aria-labelledby="planos-titulo"
      className="scroll-mt-20 bg-slate-50 px-4 py-14 md:py-20"
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Planos</p>
          <h2 id="planos-titulo" className="mt-2 text-3xl font-bold text-slate-900 md:text-4xl">
            Preço fixo por mês. Zero comissão por pedido.
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Escolha o plano ideal para o tamanho do seu negócio. A mensalidade não muda quando as suas vendas
            crescem.
          </p>
        </div>
        {plans.length === 0 ? (
          <p className="mt-12 text-center text-slate-700">Nenhum plano disponível no momento.</p>
        ) : (
          <ul className="mt-10 grid items-stretch gap-6 md:mt-12 md:grid-cols-3">
            {plans.map((p) => (
              <li
                key={p.id}
                data-popular={p.isPopular ? "true" : undefined}
                className={`relative flex flex-col rounded-2xl bg-white p-6 md:p-8 ${
                  p.isPopular
                    ? "shadow-xl ring-2 ring-brand-700 md:-translate-y-2"
                    : "border border-slate-200 shadow-sm"
                }`}
              >
                {p.isPopular && (
                  <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">
                    Mais Popular
                  </span>
                )}
                <h3 className="text-xl font-bold text-slate-900">{p.name}</h3>
                {p.description && <p className="mt-2 text-sm text-slate-600">{p.description}</p>}
                <p className="mt-6">
                  <span className="text-4xl font-extrabold text-slate-900">{formatMoney(p.priceCents)}</span>
                  <span className="text-slate-600">/mês</span>
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {p.setupFeeCents > 0
                    ? `Taxa de ativação: ${formatMoney(p.setupFeeCents)} (pagamento único)`
                    : "Sem taxa de ativação"}
                </p>
                <ul className="mt-6 flex-1 space-y-3">
                  {p.features.map((f) => (
                    <li key={f} className="flex gap-2 text-slate-700">
                      <Check aria-hidden className="mt-0.5 h-5 w-5 flex-none text-green-700" />
                      {f}
                    </li>
                  ))}
                </ul>
                <a
                  href={`/?${PLAN_PARAM}=${p.id}#contato`}
                  data-cta=""
                  data-choose-plan={p.id}
                  className={`mt-8 block rounded-full px-5 py-3 text-center font-semibold ${
                    p.isPopular
                      ? "bg-brand-700 text-white hover:bg-brand-800"
                      : "border border-brand-700 text-brand-700 hover:bg-brand-50"
                  }`}
                >
                  Quero o plano {p.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
