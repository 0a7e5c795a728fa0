import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// URLs are exactly SPEC.md §2. Every route here must also have an entry in the
// authorization matrix (tests/integration/authz-matrix.test.ts).
export default [
  // Resource routes (no UI)
  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("rss.xml", "routes/resources/rss.ts"),
  route("contato", "routes/resources/contato.ts"),

  // Public site
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("blog", "routes/blog/index.tsx"),
    route("blog/:slug", "routes/blog/post.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Representative portal
  ...prefix("representante", [
    route("login", "routes/representante/login.tsx"),
    route("register", "routes/representante/register.tsx"),
    route("logout", "routes/representante/logout.ts"),
    layout("routes/representante/layout.tsx", [
      index("routes/representante/index.ts"),
      route("dashboard", "routes/representante/dashboard.tsx"),
      route("indicacoes", "routes/representante/indicacoes.tsx"),
      route("nova-indicacao", "routes/representante/nova-indicacao.tsx"),
      route("materiais", "routes/representante/materiais.tsx"),
    ]),
  ]),

  // Admin back office
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.ts"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("clients", "routes/admin/clients/list.tsx"),
      route("clients/new", "routes/admin/clients/new.tsx"),
      route("clients/edit/:id", "routes/admin/clients/edit.tsx"),
      route("plans", "routes/admin/plans/list.tsx"),
      route("plans/new", "routes/admin/plans/new.tsx"),
      route("plans/edit/:id", "routes/admin/plans/edit.tsx"),
      route("leads", "routes/admin/leads.tsx"),
      route("leads/:id", "routes/admin/leads/detail.tsx"),
      route("blog", "routes/admin/blog/list.tsx"),
      route("blog/new", "routes/admin/blog/new.tsx"),
      route("blog/edit/:id", "routes/admin/blog/edit.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("settings/funnel", "routes/admin/settings/funnel.tsx"),
      route("referrals", "routes/admin/referrals.tsx"),
      route("representatives", "routes/admin/representatives.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
