import { LogOut } from "lucide-react";
import { Form, Link, NavLink } from "react-router";

const NAV = [
  { to: "/representante/dashboard", label: "Dashboard" },
  { to: "/representante/indicacoes", label: "Minhas Indicações" },
  { to: "/representante/nova-indicacao", label: "Nova Indicação" },
  { to: "/representante/comissoes", label: "Comissões" },
  { to: "/representante/materiais", label: "Materiais" },
] as const;

export function PortalHeader({ name }: { name: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link to="/representante/dashboard" className="font-bold text-brand-700">
          Portal do Representante
        </Link>
        <nav aria-label="Portal" className="flex flex-wrap gap-1">
          {NAV.map((n) => (
            <NavLink
              key={n.to}
              to={n.to}
              className={({ isActive }) =>
                `rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-3">
          <span className="text-sm text-slate-600">{name}</span>
          <NavLink
            to="/representante/conta"
            className={({ isActive }) =>
              `rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`
            }
          >
            Minha conta
          </NavLink>
          <Form method="post" action="/representante/logout">
            <button
              type="submit"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
            >
              <LogOut aria-hidden className="h-4 w-4" /> Sair
            </button>
          </Form>
        </div>
      </div>
    </header>
  );
}
