import {
  ChevronLeft,
  ChevronRight,
  FileText,
  Handshake,
  History,
  LayoutDashboard,
  Lock,
  LogOut,
  Menu,
  Mail,
  Package,
  Rocket,
  Settings,
  Filter,
  ShieldCheck,
  UserCircle,
  UserCog,
  Users,
  Wallet,
  X,
} from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Form, NavLink, useLocation } from "react-router";

export const ADMIN_NAV = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/clients", label: "Clientes", icon: Users },
  { to: "/admin/plans", label: "Planos", icon: Package },
  { to: "/admin/billing", label: "Financeiro", icon: Wallet },
  { to: "/admin/onboarding", label: "Implantação", icon: Rocket },
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

/** The menu's links, the signed-in name and "Sair": the same in the rail and in the drawer. */
function SidebarBody({ userName, collapsed = false }: { userName: string; collapsed?: boolean }) {
  return (
    <>
      <nav aria-label="Menu administrativo" className="flex-1 space-y-1 overflow-y-auto px-2">
        {ADMIN_NAV.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            title={collapsed ? label : undefined}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                isActive ? "bg-brand-700 text-white" : "hover:bg-slate-800"
              }`
            }
          >
            <Icon aria-hidden className="h-5 w-5 shrink-0" />
            <span className={collapsed ? "sr-only" : ""}>{label}</span>
          </NavLink>
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

/**
 * Below `lg`: a top bar whose button opens the menu as an off-canvas drawer (Radix Dialog: focus
 * kept inside, Escape closes and gives focus back to the button). Closed on every start and after
 * each navigation, so it never covers the page the admin asked for.
 */
function SidebarDrawer({ userName }: { userName: string }) {
  const [open, setOpen] = useState(false);
  // Closed by any navigation (a menu link, the back button…): React's "state from a changed
  // value" pattern, during render rather than in an effect.
  const { key } = useLocation();
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setOpen(false);
  }
  return (
    <div className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-800 bg-slate-900 px-3 text-slate-200 lg:hidden">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button type="button" aria-label="Abrir menu" className="rounded p-1.5 hover:bg-slate-800">
            <Menu aria-hidden className="h-6 w-6" />
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-slate-900 text-slate-200 shadow-xl">
            <div className="flex h-14 items-center justify-between px-3">
              <Dialog.Title className="font-bold text-white">Painel Admin</Dialog.Title>
              <Dialog.Description className="sr-only">Navegação do painel administrativo</Dialog.Description>
              <Dialog.Close asChild>
                <button type="button" aria-label="Fechar menu" className="rounded p-1.5 hover:bg-slate-800">
                  <X aria-hidden className="h-5 w-5" />
                </button>
              </Dialog.Close>
            </div>
            <SidebarBody userName={userName} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
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
