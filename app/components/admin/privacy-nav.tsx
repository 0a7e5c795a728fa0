import { NavLink } from "react-router";

/**
 * The one "Privacidade" of the back office: the sidebar entry leads here, and its
 * two sections are tabs. The settings page keeps its URL (/admin/settings/privacy) but lives under
 * this entry, no longer as a second "Privacidade" tab of Configurações.
 */
const SECTIONS = [
  { to: "/admin/privacy", label: "Pedidos de titulares", end: true },
  { to: "/admin/settings/privacy", label: "Responsável e textos legais", end: false },
] as const;

export function PrivacyNav() {
  return (
    <nav aria-label="Seções da privacidade" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink
              to={s.to}
              end={s.end}
              className={({ isActive }) =>
                `inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                  isActive
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`
              }
            >
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
