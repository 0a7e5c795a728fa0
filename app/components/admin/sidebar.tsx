import {
  ChevronLeft,
  ChevronRight,
  FileText,
  Handshake,
  History,
  Inbox,
  LayoutDashboard,
  Lock,
  LogOut,
  Mail,
  Package,
  Rocket,
  Settings,
  Filter,
  ShieldCheck,
  TrendingUp,
  UserCircle,
  UserCog,
  Users,
  Wallet,
} from "lucide-react";
import { useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { NavDrawer } from "~/components/ui/nav-drawer";

export const ADMIN_NAV = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/clients", label: "Clientes", icon: Users },
  { to: "/admin/plans", label: "Planos", icon: Package },
  { to: "/admin/billing", label: "Financeiro", icon: Wallet },
  { to: "/admin/revenue", label: "Receita", icon: TrendingUp },
  { to: "/admin/onboarding", label: "Implantação", icon: Rocket },
  { to: "/admin/requests", label: "Solicitações", icon: Inbox },
  { to: "/admin/leads", label: "Funil de Leads", icon: Filter },
  { to: "/admin/blog", label: "Blog", icon: FileText },
  { to: "/admin/referrals", label: "Indicações", icon: Handshake },
  { to: "/admin/representatives", label: "Representantes", icon: UserCog },
  { to: "/admin/users", label: "Equipe", icon: ShieldCheck },
  { to: "/admin/emails", label: "E-mails", icon: Mail },
  { to: "/admin/audit", label: "Auditoria", icon: History },
  { to: "/admin/privacy", label: "Privacidade", icon: Lock },
  { to: "/admin/settings", label: "Configurações", icon: Settings },
] as const;

// Pages whose URL sits under another entry's: the privacy settings belong to "Privacidade".
const SECTION_OF: Record<string, string> = { "/admin/settings/privacy": "/admin/privacy" };

function activeEntry(pathname: string): string | undefined {
  const owner = Object.entries(SECTION_OF).find(([p]) => pathname === p || pathname.startsWith(`${p}/`));
  if (owner) return owner[1];
  return ADMIN_NAV.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`))?.to;
}

/** The menu's links, the signed-in name and "Sair": the same in the rail and in the drawer. */
function SidebarBody({ userName, collapsed = false }: { userName: string; collapsed?: boolean }) {
  const active = activeEntry(useLocation().pathname);
  return (
    <>
      <nav aria-label="Menu administrativo" className="flex-1 space-y-1 overflow-y-auto px-2">
        {ADMIN_NAV.map(({ to, label, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            title={collapsed ? label : undefined}
            aria-current={active === to ? "page" : undefined}
            className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
              active === to ? "bg-brand-700 text-white" : "hover:bg-slate-800"
            }`}
          >
            <Icon aria-hidden className="h-5 w-5 shrink-0" />
            <span className={collapsed ? "sr-only" : ""}>{label}</span>
          </Link>
        ))}
      </nav>
      <div className="border-t border-slate-800 p-2">
        {!collapsed && <p className="truncate px-3 pb-2 text-xs text-slate-400">{userName}</p>}
        <NavLink
          to="/admin/account"
          title={collapsed ? "Minha conta" : undefined}
          className={({ isActive }) =>
            `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
              isActive ? "bg-brand-700 text-white" : "hover:bg-slate-800"
            }`
          }
        >
          <UserCircle aria-hidden className="h-5 w-5 shrink-0" />
          <span className={collapsed ? "sr-only" : ""}>Minha conta</span>
        </NavLink>
        <Form method="post" action="/admin/logout">
          <button
            type="submit"
            className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-800"
          >
            <LogOut aria-hidden className="h-5 w-5 shrink-0" />
            <span className={collapsed ? "sr-only" : ""}>Sair</span>
          </button>
        </Form>
      </div>
    </>
  );
}

/** From `lg` up: the fixed rail beside the page, collapsible to icons. */
function SidebarRail({ userName }: { userName: string }) {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <aside
      data-collapsed={collapsed}
      className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-slate-800 bg-slate-900 text-slate-200 transition-[width] duration-200 lg:flex ${
        collapsed ? "w-16" : "w-60"
      }`}
    >
      <div className="flex h-16 items-center justify-between px-3">
        {!collapsed && <span className="font-bold text-white">Painel Admin</span>}
        <button
          type="button"
          onClick={() => setCollapsed((v) => !v)}
          aria-label={collapsed ? "Expandir menu lateral" : "Recolher menu lateral"}
          aria-expanded={!collapsed}
          className="rounded p-1.5 hover:bg-slate-800"
        >
          {collapsed ? (
            <ChevronRight aria-hidden className="h-5 w-5" />
          ) : (
            <ChevronLeft aria-hidden className="h-5 w-5" />
          )}
        </button>
      </div>
      <SidebarBody userName={userName} collapsed={collapsed} />
    </aside>
  );
}

/** Below `lg`: a top bar whose button opens the menu as the shared off-canvas drawer. */
function SidebarDrawer({ userName }: { userName: string }) {
  return (
    <div className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-800 bg-slate-900 px-3 text-slate-200 lg:hidden">
      <NavDrawer title="Painel Admin" description="Navegação do painel administrativo" theme="dark">
        <SidebarBody userName={userName} />
      </NavDrawer>
      <span className="font-bold text-white">Painel Admin</span>
    </div>
  );
}

export function AdminSidebar({ userName }: { userName: string }) {
  return (
    <>
      <SidebarDrawer userName={userName} />
      <SidebarRail userName={userName} />
    </>
  );
}
