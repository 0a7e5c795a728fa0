import { TESTIMONIALS } from "./content";

export function Testimonials() {
  return (
    <section
      id="depoimentos"
      aria-labelledby="depoimentos-titulo"
      className="scroll-mt-20 px-4 py-14 md:py-20"
    >
      <div className="mx-auto max-w-6xl">
        <h2 id="depoimentos-titulo" className="text-center text-3xl font-bold text-slate-900 md:text-4xl">
          Quem usa, recomenda
        </h2>
        {/* On a phone, one row that scrolls sideways: it is focusable so the keyboard scrolls it too. */}
        <div
          role="region"
          aria-label="Depoimentos de clientes"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="-mx-4 mt-8 snap-x snap-mandatory overflow-x-auto px-4 pb-2 md:mx-0 md:mt-12 md:overflow-visible md:px-0"
        >
          <ul className="flex gap-4 md:grid md:grid-cols-3 md:gap-6">
            {TESTIMONIALS.map((t) => (
              <li key={t.name} className="w-[85%] flex-none snap-center md:w-auto">
                <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6">
                  <blockquote className="flex-1 leading-relaxed text-slate-700">“{t.text}”</blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    <img
                      src={t.avatar}
                      alt={`Foto de ${t.name}`}
                      width={48}
                      height={48}
                      loading="lazy"
                      decoding="async"
                      className="h-12 w-12 rounded-full"
                    />
                    <span>
                      <span className="block font-semibold text-slate-900">{t.name}</span>
                      <span className="block text-sm text-slate-600">
                        {t.role}, {t.company}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
