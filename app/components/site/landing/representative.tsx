import { BadgeDollarSign, Megaphone, Headphones, Infinity as Unlimited, X } from "lucide-react";
import { formatMoney } from "~/lib/format";
import { invokes, PLAN_PARAM, REP_DIALOG_ID } from "~/lib/site-script";
import { PLAN_REPRESENTATIVE } from "~/modules/leads/contact.options";

const PERKS = [
  { icon: Megaphone, text: "Material promocional pronto para divulgar" },
  { icon: Headphones, text: "Suporte dedicado para você e seus indicados" },
  { icon: Unlimited, text: "Sem limite de indicações" },
];

const STEPS = [
  "Cadastre-se gratuitamente no portal do representante.",
  "Indique restaurantes e lanchonetes e acompanhe cada indicação pelo portal.",
  "Receba sua comissão quando a venda for concluída.",
];

/**
 * The representative programme: a banner whose button opens a native modal <dialog> through an
 * invoker command (focus trap and Escape for free, no script). "Falar com a equipe" is a link to
 * the landing with "representative" preselected in the form; the site script instead closes the
 * dialog, picks it in the form and scrolls there after 300 ms (SPEC §2).
 */
export function RepresentativeProgram({
  plans,
}: {
  /** Each plan's commission: what the modal promises is what is paid. */
  plans: { id: string; name: string; commissionCents: number }[];
}) {
  const amounts = plans.map((p) => p.commissionCents);
  const low = amounts.length ? Math.min(...amounts) : 0;
  const high = amounts.length ? Math.max(...amounts) : 0;
  return (
    <section aria-labelledby="representante-banner" className="px-4 pb-14 md:pb-20">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-2xl bg-slate-900 p-8 text-white md:flex-row md:items-center md:justify-between md:p-10">
        <div>
          <h2 id="representante-banner" className="text-2xl font-bold">
            Conhece donos de restaurante? Ganhe indicando.
          </h2>
          {amounts.length > 0 && (
            <p className="mt-2 text-slate-300">
              Torne-se representante e receba{" "}
              {low === high ? formatMoney(low) : `${formatMoney(low)} a ${formatMoney(high)}`} por venda
              concluída.
            </p>
          )}
        </div>
        <button
          type="button"
          {...invokes("show-modal", REP_DIALOG_ID)}
          className="rounded-full bg-white px-6 py-3 font-semibold text-slate-900 hover:bg-brand-50"
        >
          Seja um representante
        </button>
      </div>

      <dialog
        id={REP_DIALOG_ID}
        data-rep-dialog=""
        aria-labelledby="representante-titulo"
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
      >
        <div className="max-h-[85vh] overflow-y-auto p-6 md:p-8">
          <div className="flex items-start justify-between gap-4">
            <h2 id="representante-titulo" className="text-2xl font-bold">
              Seja um representante CardápioDigital
            </h2>
            <button
              type="button"
              {...invokes("close", REP_DIALOG_ID)}
              aria-label="Fechar"
              className="flex h-10 w-10 flex-none items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
            >
              <X aria-hidden className="h-5 w-5" />
            </button>
          </div>
          <p className="mt-2 text-slate-700">
            Indique restaurantes e lanchonetes para o CardápioDigital e ganhe comissão a cada venda concluída.
          </p>
          {plans.length > 0 && (
            <ul className="mt-5 grid gap-3 sm:grid-cols-2" aria-label="Comissão por plano">
              {plans.map((p) => (
                <li key={p.id} className="rounded-xl bg-brand-50 p-4">
                  <BadgeDollarSign aria-hidden className="h-5 w-5 text-brand-700" />
                  <p className="mt-1 text-2xl font-extrabold text-brand-800">
                    {formatMoney(p.commissionCents)}
                  </p>
                  <p className="text-sm text-slate-700">por venda do plano {p.name}</p>
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-6 font-semibold">Vantagens</h3>
          <ul className="mt-2 space-y-2">
            {PERKS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2 text-slate-700">
                <Icon aria-hidden className="h-5 w-5 flex-none text-brand-700" />
                {text}
              </li>
            ))}
          </ul>
          <h3 className="mt-6 font-semibold">Como funciona</h3>
          <ol className="mt-2 space-y-2">
            {STEPS.map((s, i) => (
              <li key={s} className="flex gap-3 text-slate-700">
                <span className="flex h-6 w-6 flex-none items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {i + 1}
                </span>
                {s}
              </li>
            ))}
          </ol>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a
              href="/representante/register"
              className="flex-1 rounded-full bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800"
            >
              Quero me cadastrar
            </a>
            <a
              href={`/?${PLAN_PARAM}=${PLAN_REPRESENTATIVE}#contato`}
              data-choose-plan={PLAN_REPRESENTATIVE}
              className="flex-1 rounded-full border border-slate-300 px-5 py-3 text-center font-semibold text-slate-800 hover:bg-slate-50"
            >
              Falar com a equipe
            </a>
          </div>
        </div>
      </dialog>
    </section>
  );
}
