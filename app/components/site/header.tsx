import { MOBILE_MENU_ID } from "~/lib/site-script";
import { CloseIcon, MenuIcon } from "./icons";

export const SECTION_LINKS = [
  { id: "oferecemos", label: "Funcionalidades" },
  { id: "planos", label: "Planos" },
  { id: "beneficios", label: "Benefícios" },
] as const;

/**
 * The public header (SPEC §2), plain HTML. Section links are `/#id` (the site script scrolls
 * smoothly on the landing, and from another page stores the section, goes to / and scrolls after
 * 500 ms); the mobile menu is a native popover (opens, closes and closes on Escape without
 * script). On the landing the header is transparent until the script sees 50 px of scroll.
 */
export function Header({ demoUrl, home = false }: { demoUrl: string; home?: boolean }) {
  return (
    <header
      data-site-header=""
      data-home={home ? "true" : "false"}
      data-solid={home ? "false" : "true"}
      className="fixed inset-x-0 top-0 z-40 transition-colors duration-300 data-[solid=true]:bg-white/95 data-[solid=true]:shadow-sm data-[solid=true]:backdrop-blur"
    >
      <nav aria-label="Principal" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <a href="/" className="text-lg font-bold text-brand-700">
          Cardápio<span className="text-slate-900">Digital</span>
        </a>
        <div className="hidden items-center gap-6 md:flex">
          {SECTION_LINKS.map((s) => (
            <a
              key={s.id}
              href={`/#${s.id}`}
              data-section={s.id}
              className="text-sm font-medium text-slate-700 hover:text-brand-700"
            >
              {s.label}
            </a>
          ))}
          <a href="/blog" className="text-sm font-medium text-slate-700 hover:text-brand-700">
            Blog
          </a>
          <a href="/cliente/entrar" className="text-sm font-medium text-slate-700 hover:text-brand-700">
            Área do cliente
          </a>
          <a
            href={demoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Ver Demonstração
          </a>
        </div>
        <button
          type="button"
          popoverTarget={MOBILE_MENU_ID}
          aria-label="Abrir menu"
          className="group/menu flex h-11 w-11 items-center justify-center rounded-md text-slate-800 md:hidden"
        >
          <MenuIcon className="h-6 w-6 group-data-[open=true]/menu:hidden" />
          <CloseIcon className="hidden h-6 w-6 group-data-[open=true]/menu:block" />
        </button>
      </nav>
      <div
        id={MOBILE_MENU_ID}
        popover="auto"
        aria-label="Menu"
        className="inset-x-0 top-16 bottom-auto m-0 h-auto max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-0 border-t border-slate-100 bg-white px-4 pb-4 shadow-lg md:hidden"
      >
        <ul>
          {SECTION_LINKS.map((s) => (
            <li key={s.id}>
              <a href={`/#${s.id}`} data-section={s.id} className={MENU_LINK}>
                {s.label}
              </a>
            </li>
          ))}
          <li>
            <a href="/#contato" data-section="contato" className={MENU_LINK}>
              Contato
            </a>
          </li>
          <li>
            <a href="/blog" className={MENU_LINK}>
              Blog
            </a>
          </li>
          <li>
            <a href="/representante/register" className={MENU_LINK}>
              Seja um representante
            </a>
          </li>
          <li>
            <a href="/representante/login" className={MENU_LINK}>
              Área do representante
            </a>
          </li>
          <li>
            <a href="/cliente/entrar" className={MENU_LINK}>
              Área do cliente
            </a>
          </li>
        </ul>
        <a
          href={demoUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 block rounded-full bg-brand-700 px-4 py-3 text-center font-semibold text-white"
        >
          Ver Demonstração
        </a>
      </div>
    </header>
  );
}

const MENU_LINK = "block py-3 font-medium text-slate-700";
