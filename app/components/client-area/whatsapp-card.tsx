import {
  MESSAGE_PREFERENCE_LABELS,
  MESSAGE_PREFERENCES,
} from "~/modules/notifications/notifications.constants";
import { formatDateTime } from "~/lib/format";

// The client area's WhatsApp card: plain HTML forms that POST (they work before and without
// JavaScript), each with an `intent` the route hands to whatsappAreaAction.

export interface WhatsAppCardView {
  consent: { phoneLabel: string; givenAt: Date | string } | null;
  phone: string | null;
  phoneLabel: string;
  consentText: string | null;
  preference: (typeof MESSAGE_PREFERENCES)[number];
}

const button =
  "inline-flex min-h-11 items-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2";

export function WhatsAppCard({
  view,
  reply,
}: {
  view: WhatsAppCardView;
  reply?: { ok: boolean; message: string } | null;
}) {
  return (
    <section aria-labelledby="whatsapp" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="whatsapp" className="text-lg font-semibold">
        Avisos pelo WhatsApp
      </h2>
      {reply ? (
        <p
          role={reply.ok ? "status" : "alert"}
          className={`mt-2 text-sm ${reply.ok ? "text-green-800" : "text-red-700"}`}
        >
          {reply.message}
        </p>
      ) : null}
      {view.consent ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-slate-700">
            Você autorizou avisos pelo WhatsApp no número <strong>{view.consent.phoneLabel}</strong> em{" "}
            {formatDateTime(view.consent.givenAt)}.
          </p>
          <form method="post">
            <input type="hidden" name="intent" value="whatsapp-retirar" />
            <button
              type="submit"
              className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}
            >
              Não quero mais receber pelo WhatsApp
            </button>
          </form>
        </div>
      ) : view.consentText && view.phone ? (
        <form method="post" className="mt-2 space-y-3">
          <input type="hidden" name="intent" value="whatsapp-autorizar" />
          <input type="hidden" name="phone" value={view.phone} />
          <p className="text-sm text-slate-700">
            Receba cobranças, lembretes e recibos no WhatsApp do número <strong>{view.phoneLabel}</strong> (o
            telefone do seu cadastro).
          </p>
          <blockquote className="border-l-4 border-slate-300 pl-3 text-sm text-slate-700">
            {view.consentText}
          </blockquote>
          <button type="submit" className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
            Autorizo receber pelo WhatsApp
          </button>
        </form>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          Para receber avisos pelo WhatsApp, cadastre acima um celular com DDD.
        </p>
      )}
      <form method="post" className="mt-4">
        <input type="hidden" name="intent" value="whatsapp-preferencia" />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">Receber os avisos por</legend>
          <div className="mt-2 space-y-1">
            {MESSAGE_PREFERENCES.map((p) => (
              <label key={p} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="preference" value={p} defaultChecked={view.preference === p} />
                {MESSAGE_PREFERENCE_LABELS[p]}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-600">
            O WhatsApp só é usado com a sua autorização; sem ela, os avisos continuam por e-mail. Se uma
            mensagem do WhatsApp não chegar, mandamos por e-mail.
          </p>
        </fieldset>
        <button
          type="submit"
          className={`${button} mt-2 border border-slate-300 text-slate-800 hover:bg-slate-50`}
        >
          Salvar preferência
        </button>
      </form>
    </section>
  );
}
