import { BellRing, Bike, BookOpen, Percent, Smartphone, Wallet } from "lucide-react";
import { FEATURES } from "./content";

const ICONS = {
  menu: BookOpen,
  bike: Bike,
  wallet: Wallet,
  phone: Smartphone,
  bell: BellRing,
  percent: Percent,
};

export function Offerings() {
  return (
    <section id="oferecemos" aria-labelledby="oferecemos-titulo" className="scroll-mt-20 px-4 py-14 md:py-20">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">O que oferecemos</p>
          <h2 id="oferecemos-titulo" className="mt-2 text-3xl font-bold text-slate-900 md:text-4xl">
            Tudo o que o seu delivery precisa, sem dividir o lucro com ninguém
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Um sistema de pedidos completo com a cara do seu negócio, pronto para vender no Instagram, no
            WhatsApp e no Google.
          </p>
        </div>
        <ul className="mt-8 grid gap-3 sm:grid-cols-2 md:mt-12 md:gap-6 lg:grid-cols-3">
          {FEATURES.map((f) => {
            const Icon = ICONS[f.icon];
            return (
              <li
                key={f.title}
                className="grid grid-cols-[auto_1fr] gap-x-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:block md:p-6"
              >
                <span className="row-span-2 flex h-10 w-10 items-center justify-center rounded-xl bg-brand-100 text-brand-700 md:h-12 md:w-12">
                  <Icon aria-hidden className="h-6 w-6" />
                </span>
                <h3 className="text-lg font-semibold text-slate-900 md:mt-4">{f.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-700 md:mt-2 md:text-base">{f.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
