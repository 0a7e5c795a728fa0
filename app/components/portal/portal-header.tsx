import { LogOut } from "lucide-react";
import { Form, Link, NavLink } from "react-router";
import { NavDrawer } from "~/components/ui/nav-drawer";

const NAV = [
  { to: "/representante/dashboard", label: "Dashboard" },
  { to: "/representante/indicacoes", label: "Minhas Indicações" },
  { to: "/representante/nova-indicacao", label: "Nova Indicação" },
  { to: "/representante/comissoes", label: "Comissões" },
  { to: "/representante/materiais", label: "Materiais" },
  { to: "/representante/conta", label: "Minha conta" },
] as const;

const linkClass = (isActive: boolean) =>
  `rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;

function LogoutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/representante/logout">
      <button type="submit" className={className}>
        <LogOut aria-hidden className="h-4 w-4" /> Sair
      </button>
    </Form>
  );
}

/** Below `md`: the same drawer as the admin's, holding every link, the name and "Sair". */
function PortalDrawer({ name }: { name: string }) {
  return (
    <NavDrawer
      title="Portal do Representante"
      description="Navegação do portal do representante"
      theme="light"
    >
      <nav aria-label="Portal" className="flex-1 space-y-1 overflow-y-auto px-2">
        {NAV.map((n) => (
          <NavLink key={n.to} to={n.to} className={({ isActive }) => `block py-3 ${linkClass(isActive)}`}>
            {n.label}
          </NavLink>
        ))}
      </nav>
      <div className="border-t border-slate-200 p-2">
        <p className="truncate px-3 pb-2 text-sm text-slate-600">{name}</p>
        <LogoutButton className="flex w-full items-center gap-2 rounded-lg px-3 py-3 text-sm font-medium text-slate-700 hover:bg-slate-100" />
      </div>
    </NavDrawer>
  );
}

export function PortalHeader({ name }: { name: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 md:hidden">
        <PortalDrawer name={name} />
        <Link to="/representante/dashboard" className="py-2 font-bold text-brand-700">
          Portal do Representante
        </Link>
      </div>
      <div className="mx-auto hidden max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 md:flex">
        <Link to="/representante/dashboard" className="font-bold text-brand-700">
          Portal do Representante
        </Link>
        <nav aria-label="Portal" className="flex flex-wrap gap-1">
          {NAV.slice(0, -1).map((n) => (
            <NavLink key={n.to} to={n.to} className={({ isActive }) => linkClass(isActive)}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-3">
          <span className="text-sm text-slate-600">{name}</span>
          <NavLink to="/representante/conta" className={({ isActive }) => linkClass(isActive)}>
            Minha conta
          </NavLink>
          <LogoutButton className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50" />
        </div>
      </div>
    </header>
  );
}
