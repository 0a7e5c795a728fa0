import { Check, Copy, Link2, MessageCircle } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { showToast } from "~/components/ui/toasts";
import { COPIED_INDICATOR_MS } from "./materials";

export const REFERRAL_LINK_TEXTS = {
  title: "Seu link de indicação",
  help: "Quem abrir este link e pedir contato pelo site vira uma indicação sua, em análise. O link vale por 90 dias no navegador de quem o abriu.",
  copy: "Copiar link",
  copied: "Link copiado!",
  copyFailed: "Não foi possível copiar. Selecione o link e copie manualmente.",
  whatsapp: "Enviar pelo WhatsApp",
} as const;

/** The prefilled WhatsApp message that carries the link. */
export function referralShareText(link: string): string {
  return `Olá! Conheça o CardápioDigital, o cardápio digital para o seu negócio. Peça uma demonstração pelo meu link: ${link}`;
}

/** The representative's link, with copy and WhatsApp share buttons. */
export function ReferralLinkCard({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      showToast("success", REFERRAL_LINK_TEXTS.copied);
    } catch {
      showToast("error", REFERRAL_LINK_TEXTS.copyFailed);
    }
  }

  const button =
    "inline-flex items-center justify-center gap-2 rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-2">
        <Link2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <h2 id={titleId} className="font-semibold text-slate-900">
          {REFERRAL_LINK_TEXTS.title}
        </h2>
      </div>
      <p className="mt-1 text-sm text-slate-600">{REFERRAL_LINK_TEXTS.help}</p>
      <p
        className="mt-3 rounded-lg bg-slate-50 p-3 font-mono text-sm break-all text-slate-800"
        data-testid="referral-link"
      >
        {link}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={copy}
          className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}
        >
          {copied ? (
            <>
              <Check aria-hidden className="h-4 w-4 text-emerald-700" /> Copiado!
            </>
          ) : (
            <>
              <Copy aria-hidden className="h-4 w-4" /> {REFERRAL_LINK_TEXTS.copy}
            </>
          )}
        </button>
        <a
          href={`https://wa.me/?text=${encodeURIComponent(referralShareText(link))}`}
          target="_blank"
          rel="noopener noreferrer"
          className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}
        >
          <MessageCircle aria-hidden className="h-4 w-4" /> {REFERRAL_LINK_TEXTS.whatsapp}
        </a>
      </div>
    </section>
  );
}
