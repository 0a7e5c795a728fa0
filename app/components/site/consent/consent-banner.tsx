import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { parseConsent, type Consent } from "~/lib/consent";
import type { Tracking } from "~/modules/seo/tracking";
import { saveConsent } from "./consent-apply";

// The cookie banner and the preferences dialog (LGPD, issue 16). Loaded lazily by ConsentSlot:
// only when no choice was made yet (after the page is idle) or when the footer link is used.
// Non-blocking: the banner is a region at the bottom left that leaves the WhatsApp button free,
// and the page gets room below its footer so no form control stays hidden behind it.

export type ConsentMode = "banner" | "preferences";

const BUTTON =
  "inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const PRIMARY = `${BUTTON} bg-brand-700 text-white hover:bg-brand-800`;
const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

const ALL: Consent = { analytics: true, marketing: true };
const NONE: Consent = { analytics: false, marketing: false };

export default function ConsentUi({
  mode,
  tracking,
  served,
  onMode,
}: {
  mode: ConsentMode;
  tracking: Tracking | undefined;
  served: Consent | null;
  onMode: (mode: ConsentMode | null) => void;
}) {
  const choose = (next: Consent) => {
    if (saveConsent({ tracking, served, next }) === "applied") onMode(null);
  };
  return mode === "banner" ? (
    <Banner onChoose={choose} onCustomize={() => onMode("preferences")} />
  ) : (
    <Preferences onChoose={choose} onClose={() => onMode(parseConsent(document.cookie) ? null : "banner")} />
  );
}

function PolicyLink() {
  return (
    <a href="/privacidade" className="font-medium text-brand-700 underline hover:text-brand-800">
      Política de Privacidade
    </a>
  );
}

function Banner({ onChoose, onCustomize }: { onChoose: (c: Consent) => void; onCustomize: () => void }) {
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  // Room below the footer as tall as the banner: whatever it covers can be scrolled above it.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const body = document.body;
    const fit = () => {
      body.style.paddingBottom = `${el.offsetHeight + 24}px`;
    };
    fit();
    const ro = typeof ResizeObserver === "function" ? new ResizeObserver(fit) : null;
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      body.style.paddingBottom = "";
    };
  }, []);
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      data-consent-banner=""
      className="fixed bottom-4 left-4 right-24 z-40 max-w-md rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-xl sm:right-auto"
    >
      <h2 id={titleId} className="font-semibold text-slate-900">
        Sua privacidade
      </h2>
      <p className="mt-1 leading-relaxed">
        Usamos cookies necessários para o site funcionar e, se você permitir, cookies de estatísticas e de
        marketing. Veja a <PolicyLink />.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={PRIMARY} onClick={() => onChoose(ALL)}>
          Aceitar todos
        </button>
        <button type="button" className={SECONDARY} onClick={() => onChoose(NONE)}>
          Recusar opcionais
        </button>
        <button type="button" className={SECONDARY} onClick={onCustomize}>
          Personalizar
        </button>
      </div>
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

function Preferences({ onChoose, onClose }: { onChoose: (c: Consent) => void; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [choice, setChoice] = useState<Consent>(() => parseConsent(document.cookie) ?? NONE);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-sm text-slate-700 shadow-2xl backdrop:bg-slate-900/50"
    >
      <form
        method="dialog"
        className="p-5"
        onSubmit={(e) => {
          e.preventDefault();
          onChoose(choice);
        }}
      >
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
            const checked = fixed ? true : choice[c.key];
            return (
              <div key={c.key} className="flex gap-3 rounded-lg border border-slate-200 p-3">
                <input
                  id={`consent-${c.key}`}
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 accent-brand-700"
                  checked={checked}
                  disabled={fixed}
                  aria-describedby={`consent-${c.key}-text`}
                  onChange={(e) => {
                    if (!fixed) setChoice((prev) => ({ ...prev, [c.key]: e.target.checked }));
                  }}
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
          <button type="button" className={SECONDARY} onClick={onClose}>
            Fechar
          </button>
          <button type="button" className={SECONDARY} onClick={() => onChoose(NONE)}>
            Recusar opcionais
          </button>
          <button type="button" className={SECONDARY} onClick={() => onChoose(ALL)}>
            Aceitar todos
          </button>
          <button type="submit" className={PRIMARY}>
            Salvar escolhas
          </button>
        </div>
      </form>
    </dialog>
  );
}
