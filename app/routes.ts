import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// URLs are exactly SPEC.md §2. Every route here must also have an entry in the
// authorization matrix (tests/integration/authz-matrix.test.ts).
export default [
  // Resource routes (no UI)
  route("healthz", "routes/resources/healthz.ts"),
  route("readyz", "routes/resources/readyz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("rss.xml", "routes/resources/rss.ts"),
  route("consentimento", "routes/resources/consentimento.ts"),
  route("api/webhooks/asaas", "routes/resources/webhook-asaas.ts"),
  route("api/webhooks/whatsapp", "routes/resources/webhook-whatsapp.ts"),
  // E2E only: 404 unless TEST_CLOCK_CONTROL is set (see the file).
  route("test-hooks/clock", "routes/resources/test-clock.ts"),

  // Public site
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("contato", "routes/site/contato.tsx"),
    route("privacidade", "routes/site/privacidade.tsx"),
    route("termos", "routes/site/termos.tsx"),
    route("blog", "routes/blog/index.tsx"),
    route("blog/:slug", "routes/blog/post.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Representative portal
  ...prefix("representante", [
    route("login", "routes/representante/login.tsx"),
    route("register", "routes/representante/register.tsx"),
    route("esqueci-senha", "routes/representante/esqueci-senha.tsx"),
    route("redefinir-senha", "routes/representante/redefinir-senha.tsx"),
    route("logout", "routes/representante/logout.ts"),
    route("comissoes/extrato.csv", "routes/representante/comissoes-csv.ts"),
    route("conta/meus-dados.json", "routes/representante/meus-dados.ts"),
    layout("routes/representante/layout.tsx", [
      index("routes/representante/index.ts"),
      route("dashboard", "routes/representante/dashboard.tsx"),
      route("indicacoes", "routes/representante/indicacoes.tsx"),
      route("indicacoes/:id", "routes/representante/indicacao.tsx"),
      route("nova-indicacao", "routes/representante/nova-indicacao.tsx"),
      route("materiais", "routes/representante/materiais.tsx"),
      route("comissoes", "routes/representante/comissoes.tsx"),
      route("conta", "routes/representante/conta.tsx"),
      route("*", "routes/representante/not-found.tsx"),
    ]),
  ]),

  // The restaurant's own area: signed in by e-mailed link, role `client`.
  ...prefix("cliente", [
    route("entrar", "routes/cliente/entrar.tsx"),
    route("entrar/confirmar", "routes/cliente/confirmar.tsx"),
    route("email/confirmar", "routes/cliente/email-confirmar.tsx"),
    route("sair", "routes/cliente/sair.ts"),
    // Printable, so outside the layout.
    route("recibo/:id", "routes/cliente/recibo.tsx"),
    route("implantacao/arquivos/:id", "routes/cliente/implantacao-arquivo.ts"),
    route("meus-dados.json", "routes/cliente/meus-dados.ts"),
    layout("routes/cliente/layout.tsx", [
      index("routes/cliente/index.tsx"),
      route("dados", "routes/cliente/dados.tsx"),
      route("implantacao", "routes/cliente/implantacao.tsx"),
      route("*", "routes/cliente/not-found.tsx"),
    ]),
  ]),

  // Admin back office
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password", "routes/admin/reset-password.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("invite", "routes/admin/invite.tsx"),
    // Printable, so outside the layout (no sidebar on paper).
    route("billing/:id/recibo", "routes/admin/billing/receipt.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.ts"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("clients", "routes/admin/clients/list.tsx"),
      route("clients/new", "routes/admin/clients/new.tsx"),
      route("clients/export", "routes/admin/clients/export.ts"),
      route("clients/edit/:id", "routes/admin/clients/edit.tsx"),
      route("plans", "routes/admin/plans/list.tsx"),
      route("plans/new", "routes/admin/plans/new.tsx"),
      route("plans/edit/:id", "routes/admin/plans/edit.tsx"),
      route("billing", "routes/admin/billing.tsx"),
      route("revenue", "routes/admin/revenue.tsx"),
      route("revenue/export", "routes/admin/revenue/export.ts"),
      route("billing/export", "routes/admin/billing/export.ts"),
      route("billing/clients", "routes/admin/billing/clients.ts"),
      route("billing/divergencias", "routes/admin/billing/divergences.tsx"),
      route("billing/notas-fiscais", "routes/admin/billing/invoices.tsx"),
      route("billing/notas-fiscais/exportar", "routes/admin/billing/invoices-export.ts"),
      route("onboarding", "routes/admin/onboarding.tsx"),
      route("onboarding/arquivos/:id", "routes/admin/onboarding-arquivo.ts"),
      route("requests", "routes/admin/requests.tsx"),
      route("leads", "routes/admin/leads.tsx"),
      route("leads/export", "routes/admin/leads/export.ts"),
      route("leads/:id", "routes/admin/leads/detail.tsx"),
      route("blog", "routes/admin/blog/list.tsx"),
      route("blog/new", "routes/admin/blog/new.tsx"),
      route("blog/edit/:id", "routes/admin/blog/edit.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("settings/notifications", "routes/admin/settings/notifications.tsx"),
      route("settings/webhooks", "routes/admin/settings/webhooks.tsx"),
      route("settings/funnel", "routes/admin/settings/funnel.tsx"),
      route("settings/privacy", "routes/admin/settings/privacy.tsx"),
      route("settings/billing", "routes/admin/settings/billing.tsx"),
      route("settings/billing/provider", "routes/admin/settings/billing-provider.tsx"),
      route("settings/billing/nota-fiscal", "routes/admin/settings/billing-invoice.tsx"),
      route("settings/billing/company", "routes/admin/settings/company.tsx"),
      route("settings/onboarding", "routes/admin/settings/onboarding.tsx"),
      route("settings/whatsapp", "routes/admin/settings/whatsapp.tsx"),
      route("referrals", "routes/admin/referrals.tsx"),
      route("referrals/export", "routes/admin/referrals/export.ts"),
      route("referrals/:id", "routes/admin/referrals/edit.tsx"),
      route("representatives", "routes/admin/representatives.tsx"),
      route("representatives/:id", "routes/admin/representatives/detail.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("emails", "routes/admin/emails/list.tsx"),
      route("emails/:id", "routes/admin/emails/detail.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("privacy", "routes/admin/privacy.tsx"),
      route("privacy/export", "routes/admin/privacy-export.ts"),
      // Unknown admin addresses: a 404 inside the back office, not the public site's page.
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
