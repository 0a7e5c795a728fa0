// Client-safe: the dashboard's page draws these links, its tests follow them.

/** Where the count cards lead: the list whose rows the figure counts. */
export const DASHBOARD_LINKS = {
  clients: { to: "/admin/clients", label: "Ver os clientes" },
  activeClients: { to: "/admin/clients?status=ativo", label: "Ver os clientes ativos" },
  plans: { to: "/admin/plans", label: "Ver os planos" },
  newLeads: { to: "/admin/leads?etapa=novo", label: "Ver os leads novos" },
} as const;
