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
import type { SidebarCounts } from "~/modules/dashboard/sidebar-counts.server";

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

/** What each counted entry's badge says to a screen reader. */
const COUNTED: Partial<Record<string, { key: keyof SidebarCounts; one: string; many: string }>> = {
  "/admin/leads": { key: "newLeads", one: "lead novo", many: "leads novos" },
  "/admin/billing": { key: "overdueCharges", one: "cobrança vencida", many: "cobranças vencidas" },
  "/admin/onboarding": {
    key: "lateOnboardings",
    one: "implantação atrasada",
    many: "implantações atrasadas",
  },
  "/admin/requests": { key: "pendingRequests", one: "solicitação pendente", many: "solicitações pendentes" },
};

/** The badge of an entry: its count (0: none) and the words a screen reader hears. */
export function navBadge(to: string, counts: SidebarCounts | null | undefined) {
  const c = COUNTED[to];
  const n = c && counts ? counts[c.key] : 0;
  if (!c || !n) return null;
  return { text: n > 99 ? "99+" : String(n), label: `${n} ${n === 1 ? c.one : c.many}` };
}

function Badge({ badge, collapsed }: { badge: { text: string; label: string }; collapsed: boolean }) {
  return (
    <>
      <span
        aria-hidden
        className={`rounded-full bg-amber-400 px-1.5 text-xs leading-5 font-semibold text-slate-900 ${
          collapsed ? "absolute top-0.5 right-0.5 min-w-4 px-1 text-center text-[10px] leading-4" : "ml-auto"
        }`}
      >
        {badge.text}
      </span>
      <span className="sr-only">({badge.label})</span>
    </>
  );
}

// Pages whose URL sits under another entry's: the privacy settings belong to "Privacidade".
const SECTION_OF: Record<string, string> = { "/admin/settings/privacy": "/admin/privacy" };

function activeEntry(pathname: string): string | undefined {
  const owner = Object.entries(SECTION_OF).find(([p]) => pathname === p || pathname.startsWith(`${p}/`));
  if (owner) return owner[1];
  return ADMIN_NAV.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`))?.to;
}

/** The menu's links, the signed-in name and "Sair": the same in the rail and in the drawer. */
function SidebarBody({
  userName,
  counts,
  collapsed = false,
}: {
  userName: string;
  counts?: SidebarCounts | null;
  collapsed?: boolean;
}) {
  const active = activeEntry(useLocation().pathname);
  return (
    <>
      <nav aria-label="Menu administrativo" className="flex-1 space-y-1 overflow-y-auto px-2">
        {ADMIN_NAV.map(({ to, label, icon: Icon }) => {
          const badge = navBadge(to, counts);
          return (
            <Link
              key={to}
              to={to}
              title={collapsed ? (badge ? `${label} (${badge.label})` : label) : undefined}
              aria-current={active === to ? "page" : undefined}
              className={`relative flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                active === to ? "bg-brand-700 text-white" : "hover:bg-slate-800"
              }`}
            >
              <Icon aria-hidden className="h-5 w-5 shrink-0" />
              <span className={collapsed ? "sr-only" : ""}>{label}</span>
              {badge && <Badge badge={badge} collapsed={collapsed} />}
            </Link>
          );
        })}
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
function SidebarRail({ userName, counts }: { userName: string; counts?: SidebarCounts | null }) {
  const [collapsed, setCollapsed] = useState(false);
  return (
    // The dark rail is as tall as the page (stretched by the layout's flex row; it used
    // to end after one screen on long pages); its contents stay in view as the page scrolls.
    <aside
      data-collapsed={collapsed}
      className={`hidden shrink-0 self-stretch border-r border-slate-800 bg-slate-900 text-slate-200 transition-[width] duration-200 lg:block ${
        collapsed ? "w-16" : "w-60"
      }`}
    >
      <div className="sticky top-0 flex h-screen flex-col">
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
        <SidebarBody userName={userName} counts={counts} collapsed={collapsed} />
      </div>
    </aside>
  );
}

/** Below `lg`: a top bar whose button opens the menu as the shared off-canvas drawer. */
function SidebarDrawer({ userName, counts }: { userName: string; counts?: SidebarCounts | null }) {
  return (
    <div className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-800 bg-slate-900 px-3 text-slate-200 lg:hidden">
      <NavDrawer title="Painel Admin" description="Navegação do painel administrativo" theme="dark">
        <SidebarBody userName={userName} counts={counts} />
      </NavDrawer>
      <span className="font-bold text-white">Painel Admin</span>
    </div>
  );
}

/** `counts`: the sidebar's badges (the admin layout loads them once per page). */
export function AdminSidebar({ userName, counts }: { userName: string; counts?: SidebarCounts | null }) {
  return (
    <>
      <SidebarDrawer userName={userName} counts={counts} />
      <SidebarRail userName={userName} counts={counts} />
    </>
  );
}
