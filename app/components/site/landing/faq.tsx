import { ChevronDown } from "lucide-react";
import { FAQ } from "./content";

/**
 * SPEC §1: one item open at a time; clicking the open one closes it. `<details name>` does that
 * natively, without JavaScript (Chrome 120, Safari 17.2, Firefox 130), so the FAQ ships as HTML
 * only.
 */
export function Faq() {
  return (
    <section
      id="perguntas-frequentes"
      aria-labelledby="faq-titulo"
      className="scroll-mt-20 px-4 py-14 md:py-20"
    >
      <div className="mx-auto max-w-3xl">
        <h2 id="faq-titulo" className="text-center text-3xl font-bold text-slate-900 md:text-4xl">
          Perguntas frequentes
        </h2>
        <ul className="mt-8 space-y-3 md:mt-10">
          {FAQ.map((item) => (
            <li key={item.q}>
              <details
                name="faq"
                className="group rounded-xl border border-slate-200 bg-white open:shadow-sm"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                  {item.q}
                  <ChevronDown
                    aria-hidden
                    className="h-5 w-5 flex-none text-slate-500 transition-transform group-open:rotate-180"
                  />
                </summary>
                <p className="px-5 pb-5 leading-relaxed text-slate-700">{item.a}</p>
              </details>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
