import { CheckCircle2 } from "lucide-react";

const HIGHLIGHTS = [
  "Pronto em 3 a 5 dias úteis",
  "Zero comissão por pedido",
  "PIX, cartão ou dinheiro direto para você",
];

export function Hero({ demoUrl }: { demoUrl: string }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 pt-24 pb-12 md:pt-36 md:pb-24">
      <div className="mx-auto grid max-w-6xl items-center gap-8 md:grid-cols-2 md:gap-12">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Cardápio digital para restaurantes e lanchonetes
          </p>
          <h1 className="mt-3 text-4xl leading-tight font-extrabold text-slate-900 md:text-5xl">
            Venda pelo seu próprio delivery e pare de pagar comissão por pedido
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-slate-700">
            Cardápio digital com pedidos para entrega, retirada e agendamento. Você paga uma mensalidade fixa
            e recebe o pagamento direto do seu cliente, sem intermediários ficando com parte do seu lucro.
          </p>
          <ul className="mt-6 space-y-2">
            {HIGHLIGHTS.map((h) => (
              <li key={h} className="flex items-center gap-2 font-medium text-slate-800">
                <CheckCircle2 aria-hidden className="h-5 w-5 flex-none text-green-700" />
                {h}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={demoUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Ver Demonstração
            </a>
            <a
              href="#contato"
              className="rounded-full border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Quero meu cardápio
            </a>
          </div>
        </div>
        <img
          src="/images/hero-cardapio-digital.svg"
          alt="Celular mostrando um cardápio digital com lanches, preços e o botão de finalizar pedido"
          width={560}
          height={480}
          fetchPriority="high"
          className="mx-auto hidden h-auto w-full max-w-xs sm:block md:max-w-none"
        />
      </div>
    </section>
  );
}
