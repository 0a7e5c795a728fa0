import { useId } from "react";
import { COOKIE_PREFERENCES_ID, invokes } from "~/lib/site-script";
import type { Consent } from "~/lib/consent";

// The cookie banner and the preferences dialog (LGPD), plain HTML: each choice
// is a form posted to /consentimento, which remembers it in a cookie and brings the visitor back
// to the page, now rendered by the server with exactly the accepted trackers. Works without
// script; the preferences are a native modal <dialog> opened by an invoker button.

const BUTTON =
  "inline-flex min-h-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const PRIMARY = `${BUTTON} bg-brand-700 text-white hover:bg-brand-800`;
const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

export const CONSENT_ACTION = "/consentimento";

function PolicyLink() {
  return (
    <a href="/privacidade" className="font-medium text-brand-700 underline hover:text-brand-800">
      Política de Privacidade
    </a>
  );
}

/** The page to come back to (a local path: /consentimento accepts nothing else). */
function Back({ path }: { path: string }) {
  return <input type="hidden" name="voltar" value={path} />;
}

/** A choice: posted as `escolha` (todos, nenhum, personalizado). */
function Choice({
  value,
  primary = false,
  children,
}: {
  value: string;
  primary?: boolean;
  children: string;
}) {
  return (
    <button type="submit" name="escolha" value={value} className={primary ? PRIMARY : SECONDARY}>
      {children}
    </button>
  );
}

/** Shown until a choice is made, when the site has trackers to ask about. */
export function ConsentBanner({ path }: { path: string }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-consent-banner=""
      className="fixed right-24 bottom-4 left-4 z-40 max-w-md rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-xl sm:right-auto"
    >
      <h2 id={titleId} className="font-semibold text-slate-900">
        Sua privacidade
      </h2>
      <p className="mt-1 leading-relaxed">
        Usamos cookies necessários para o site funcionar e, se você permitir, cookies de estatísticas e de
        marketing. Veja a <PolicyLink />.
      </p>
      <form method="post" action={CONSENT_ACTION} className="mt-3 flex flex-wrap gap-2">
        <Back path={path} />
        <Choice value="todos" primary>
          Aceitar todos
        </Choice>
        <Choice value="nenhum">Recusar opcionais</Choice>
        <button type="button" {...invokes("show-modal", COOKIE_PREFERENCES_ID)} className={SECONDARY}>
          Personalizar
        </button>
      </form>
    </section>
  );
}

const CATEGORIES = [
  {
    key: "necessary",
    label: "Necessários",
    text: "Essenciais para o site funcionar: segurança, envio dos formulários, a origem da visita registrada junto do seu contato e esta escolha. Sempre ativos.",
  },
  {
    key: "analytics",
    label: "Estatísticas",
    text: "Google Analytics e Google Tag Manager: contam visitas e mostram como o site é usado, para melhorá-lo.",
  },
  {
    key: "marketing",
    label: "Marketing",
    text: "Meta Pixel e scripts de parceiros: medem campanhas e permitem anúncios relevantes em outras plataformas.",
  },
] as const;

/** The preferences, opened by the banner's "Personalizar" and the footer's link. */
export function CookiePreferences({ consent, path }: { consent: Consent | null; path: string }) {
  const titleId = useId();
  return (
    <dialog
      id={COOKIE_PREFERENCES_ID}
      aria-labelledby={titleId}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-sm text-slate-700 shadow-2xl backdrop:bg-slate-900/50"
    >
      <form method="post" action={CONSENT_ACTION} className="p-5">
        <Back path={path} />
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Preferências de cookies
        </h2>
        <p className="mt-1 leading-relaxed">
          Escolha o que podemos usar. Você pode mudar de ideia quando quiser pelo link “Preferências de
          cookies” no rodapé. Detalhes na <PolicyLink />.
        </p>
        <fieldset className="mt-4 space-y-3">
          <legend className="sr-only">Categorias de cookies</legend>
          {CATEGORIES.map((c) => {
            const fixed = c.key === "necessary";
            return (
              <div key={c.key} className="flex gap-3 rounded-lg border border-slate-200 p-3">
                <input
                  id={`consent-${c.key}`}
                  type="checkbox"
                  name={fixed ? undefined : c.key}
                  className="mt-0.5 h-4 w-4 accent-brand-700"
                  defaultChecked={fixed || !!consent?.[c.key]}
                  disabled={fixed}
                  aria-describedby={`consent-${c.key}-text`}
                />
                <div>
                  <label htmlFor={`consent-${c.key}`} className="font-medium text-slate-900">
                    {c.label}
                  </label>
                  <p id={`consent-${c.key}-text`} className="text-slate-600">
                    {c.text}
                  </p>
                </div>
              </div>
            );
          })}
        </fieldset>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button type="button" {...invokes("close", COOKIE_PREFERENCES_ID)} className={SECONDARY}>
            Fechar
          </button>
          <Choice value="nenhum">Recusar opcionais</Choice>
          <Choice value="todos">Aceitar todos</Choice>
          <Choice value="personalizado" primary>
            Salvar escolhas
          </Choice>
        </div>
      </form>
    </dialog>
  );
}

/** The footer's "Preferências de cookies" link: opens the preferences from any public page. */
export function CookiePreferencesButton({ className }: { className?: string }) {
  return (
    <button type="button" {...invokes("show-modal", COOKIE_PREFERENCES_ID)} className={className}>
      Preferências de cookies
    </button>
  );
}
