import { NavLink } from "react-router";

/**
 * The sections of /admin/settings, as tabs of links. A new section is one line here (and its
 * route in app/routes.ts). `end`: the section is active only on its exact URL. The privacy
 * settings are reached from the sidebar's "Privacidade" (components/admin/privacy-nav.tsx).
 */
export const SETTINGS_SECTIONS = [
  { to: "/admin/settings", label: "SEO e rastreamento", end: true },
  { to: "/admin/settings/notifications", label: "Notificações" },
  { to: "/admin/settings/webhooks", label: "Webhooks" },
  { to: "/admin/settings/funnel", label: "Funil" },
  { to: "/admin/settings/billing", label: "Financeiro" },
  { to: "/admin/settings/onboarding", label: "Implantação" },
  { to: "/admin/settings/whatsapp", label: "WhatsApp" },
] as const satisfies readonly { to: string; label: string; end?: boolean }[];

export function SettingsNav() {
  return (
    <nav aria-label="Seções das configurações" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {SETTINGS_SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink
              to={s.to}
              end={"end" in s ? s.end : false}
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
