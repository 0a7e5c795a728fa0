import { Check } from "lucide-react";
import { BENEFITS } from "./content";

export function Benefits() {
  return (
    <section
      id="beneficios"
      aria-labelledby="beneficios-titulo"
      className="scroll-mt-20 bg-slate-50 px-4 py-14 md:py-20"
    >
      <div className="mx-auto grid max-w-6xl gap-8 md:grid-cols-2 md:items-center md:gap-12">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Benefícios</p>
          <h2 id="beneficios-titulo" className="mt-2 text-3xl font-bold text-slate-900 md:text-4xl">
            Mais pedidos, mais margem e menos dor de cabeça
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Com um canal de vendas próprio, o cliente é seu, o relacionamento é seu e o lucro também. Veja o
            que muda no dia a dia do seu restaurante.
          </p>
        </div>
        <ul className="space-y-2 md:space-y-4">
          {BENEFITS.map((b) => (
            <li key={b} className="flex gap-3 rounded-xl bg-white p-3 shadow-sm md:p-4">
              <span className="flex h-7 w-7 flex-none items-center justify-center rounded-full bg-green-100 text-green-800">
                <Check aria-hidden className="h-4 w-4" />
              </span>
              <span className="text-slate-800">{b}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
