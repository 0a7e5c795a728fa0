import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { SCROLL_TARGET_KEY } from "~/lib/deferred-hydration";
import { CloseIcon, MenuIcon } from "./icons";

export const SECTION_LINKS = [
  { id: "oferecemos", label: "Funcionalidades" },
  { id: "planos", label: "Planos" },
  { id: "beneficios", label: "Benefícios" },
] as const;

/** SPEC §9 timings. */
export const SOLID_AFTER_PX = 50;
export const SECTION_SCROLL_DELAY_MS = 500;

export function Header({ demoUrl }: { demoUrl: string }) {
  const [solid, setSolid] = useState(false);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isHome = pathname === "/";

  useEffect(() => {
    const onScroll = () => setSolid(window.scrollY > SOLID_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // Escape closes the open mobile menu and gives the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  // Arriving on / with a stored section (from another page): scroll there after 500 ms.
  useEffect(() => {
    if (!isHome) return;
    const target = sessionStorage.getItem(SCROLL_TARGET_KEY);
    if (!target) return;
    sessionStorage.removeItem(SCROLL_TARGET_KEY);
    const t = setTimeout(() => {
      document.getElementById(target)?.scrollIntoView({ behavior: "smooth" });
    }, SECTION_SCROLL_DELAY_MS);
    return () => clearTimeout(t);
  }, [isHome]);

  function goToSection(event: React.MouseEvent, id: string) {
    event.preventDefault();
    setOpen(false);
    if (isHome) {
      document.getElementById(id)?.scrollIntoView({ behavior: "smooth" });
      return;
    }
    sessionStorage.setItem(SCROLL_TARGET_KEY, id);
    navigate("/");
  }

  const solidStyle = solid || open || !isHome;
  return (
    <header
      data-solid={solidStyle ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${
        solidStyle ? "bg-white/95 shadow-sm backdrop-blur" : "bg-transparent"
      }`}
    >
      <nav aria-label="Principal" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="text-lg font-bold text-brand-700">
          Cardápio<span className="text-slate-900">Digital</span>
        </Link>
        <div className="hidden items-center gap-6 md:flex">
          {SECTION_LINKS.map((s) => (
            <a
              key={s.id}
              href={`/#${s.id}`}
              onClick={(e) => goToSection(e, s.id)}
              className="text-sm font-medium text-slate-700 hover:text-brand-700"
            >
              {s.label}
            </a>
          ))}
          <Link to="/blog" className="text-sm font-medium text-slate-700 hover:text-brand-700">
            Blog
          </Link>
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
          ref={toggle}
          type="button"
          className="rounded-md p-2 text-slate-800 md:hidden"
          aria-expanded={open}
          aria-controls="menu-mobile"
          aria-label={open ? "Fechar menu" : "Abrir menu"}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
        </button>
      </nav>
      {open && (
        <div id="menu-mobile" className="border-t border-slate-100 bg-white px-4 pb-4 md:hidden">
          {SECTION_LINKS.map((s) => (
            <a
              key={s.id}
              href={`/#${s.id}`}
              onClick={(e) => goToSection(e, s.id)}
              className="block py-2 font-medium text-slate-700"
            >
              {s.label}
            </a>
          ))}
          <Link to="/blog" onClick={() => setOpen(false)} className="block py-2 font-medium text-slate-700">
            Blog
          </Link>
          <a
            href={demoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 block rounded-full bg-brand-700 px-4 py-2 text-center font-semibold text-white"
          >
            Ver Demonstração
          </a>
        </div>
      )}
    </header>
  );
}
