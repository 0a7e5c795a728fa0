import { CheckCircle2, Clock, MessageCircle, Rocket } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import type { FlashToast } from "~/lib/flash.server";
import { whatsappLink } from "~/lib/whatsapp";
import { CONTACT_TOASTS } from "~/modules/leads/contact.options";
import { ContactForm, type ContactActionData } from "./contact-form";

const WHATSAPP_CONTACT_MESSAGE = "Olá! Acabei de enviar uma mensagem pelo site e gostaria de falar agora.";

/**
 * The contact section: the landing's `#contato` and, as the page's main content, `/contato`
 * (`page`: an h1, room under the fixed header, and the form posts to /contato).
 *
 * After a message was sent (`sent`: the page the action redirected to, with the spec's success
 * message in its flash cookie, shown here and not as a toast: one confirmation), the
 * confirmation comes first, right under the header where `#contato` lands, and the form for a
 * next message stays folded below it.
 */
export function ContactSection({
  plans,
  plan,
  actionData,
  page = false,
}: {
  plans: { id: string; name: string }[];
  plan: string;
  actionData?: ContactActionData;
  page?: boolean;
}) {
  // The action redirected here with its success message (flash cookie, read by the root loader).
  const root = useRouteLoaderData("root") as { toast?: FlashToast | null } | undefined;
  const site = useRouteLoaderData("routes/site/layout") as { whatsappNumber?: string } | undefined;
  const sent = root?.toast?.message === CONTACT_TOASTS.success;
  const whatsappHref = site?.whatsappNumber
    ? whatsappLink(site.whatsappNumber, WHATSAPP_CONTACT_MESSAGE)
    : null;
  const Heading = page ? "h1" : "h2";
  const form = (
    <ContactForm
      plans={plans}
      plan={plan}
      actionData={actionData}
      action={page ? "/contato#contato" : "/?index#contato"}
    />
  );
  return (
    <section
      id="contato"
      aria-labelledby="contato-titulo"
      className={`scroll-mt-16 px-4 ${page ? "pt-24 pb-16 md:pt-28 md:pb-20" : "py-14 md:py-20"}`}
    >
      {sent && <Confirmation whatsappHref={whatsappHref} />}
      <div className="mx-auto grid max-w-6xl gap-8 md:grid-cols-5 md:gap-12">
        <div className="md:col-span-2">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Contato</p>
          <Heading id="contato-titulo" className="mt-2 text-3xl font-bold text-slate-900 md:text-4xl">
            Vamos colocar o seu cardápio no ar?
          </Heading>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Conte um pouco sobre o seu negócio. Um especialista entra em contato para tirar suas dúvidas e
            indicar o melhor plano.
          </p>
          <ul className="mt-6 space-y-3 text-slate-800 md:mt-8 md:space-y-4">
            <li className="flex gap-3">
              <Clock aria-hidden className="h-6 w-6 flex-none text-brand-700" />
              Resposta em até 24 horas.
            </li>
            <li className="flex gap-3">
              <Rocket aria-hidden className="h-6 w-6 flex-none text-brand-700" />
              Sistema pronto em 3 a 5 dias úteis após a confirmação do pagamento.
            </li>
            <li className="flex gap-3">
              <MessageCircle aria-hidden className="h-6 w-6 flex-none text-brand-700" />
              Prefere conversar agora? Use o botão do WhatsApp no canto da tela.
            </li>
          </ul>
        </div>
        <div className="md:col-span-3">
          {sent ? (
            <details className="rounded-2xl border border-slate-200 bg-white">
              <summary className="cursor-pointer px-5 py-4 font-semibold text-brand-700">
                Enviar outra mensagem
              </summary>
              <div className="p-2">{form}</div>
            </details>
          ) : (
            form
          )}
        </div>
      </div>
    </section>
  );
}

function Confirmation({ whatsappHref }: { whatsappHref: string | null }) {
  return (
    <div
      id="contato-enviado"
      role="status"
      className="mx-auto mb-8 max-w-6xl rounded-xl border border-green-200 bg-green-50 px-5 py-4 text-green-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 aria-hidden className="h-5 w-5 flex-none" />
        {CONTACT_TOASTS.success}
      </p>
      <p className="mt-1">
        Respondemos em até 24 horas.
        {whatsappHref && (
          <>
            {" "}
            Com pressa?{" "}
            <a
              href={whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold underline"
            >
              Fale agora pelo WhatsApp
            </a>
          </>
        )}
      </p>
    </div>
  );
}
