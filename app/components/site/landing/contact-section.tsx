import { Clock, MessageCircle, Rocket } from "lucide-react";
import { ContactForm, type ContactActionData } from "./contact-form";

/**
 * The contact section: the landing's `#contato` and, as the page's main content, `/contato`
 * (`page`: an h1, room under the fixed header, and the form posts to /contato).
 */
export function ContactSection({
  plans,
  plan,
  onPlanChange,
  formRef,
  actionData,
  page = false,
}: {
  plans: { id: string; name: string }[];
  plan: string;
  onPlanChange: (value: string) => void;
  formRef: React.RefObject<HTMLFormElement | null>;
  actionData?: ContactActionData;
  page?: boolean;
}) {
  const Heading = page ? "h1" : "h2";
  return (
    <section
      id="contato"
      aria-labelledby="contato-titulo"
      className={`scroll-mt-20 px-4 ${page ? "pt-28 pb-20" : "py-20"}`}
    >
      <div className="mx-auto grid max-w-6xl gap-12 md:grid-cols-5">
        <div className="md:col-span-2">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Contato</p>
          <Heading id="contato-titulo" className="mt-2 text-3xl font-bold text-slate-900 md:text-4xl">
            Vamos colocar o seu cardápio no ar?
          </Heading>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Conte um pouco sobre o seu negócio. Um especialista entra em contato para tirar suas dúvidas e
            indicar o melhor plano.
          </p>
          <ul className="mt-8 space-y-4 text-slate-800">
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
          <ContactForm
            plans={plans}
            plan={plan}
            onPlanChange={onPlanChange}
            formRef={formRef}
            actionData={actionData}
            action={page ? "/contato" : undefined}
          />
        </div>
      </div>
    </section>
  );
}
