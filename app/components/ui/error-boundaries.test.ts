import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import {
  createStaticHandler,
  createStaticRouter,
  data,
  Outlet,
  StaticRouterProvider,
  type RouteObject,
} from "react-router";
import { describe, expect, it } from "vitest";
import { AdminErrorState } from "~/components/admin/admin-error";
import { PortalErrorBoundary, PortalStandaloneErrorBoundary } from "~/components/portal/portal-error";
// The public boundaries (components/site/error-boundary.tsx) load this page lazily.
import PublicErrorBoundary, { ErrorPage } from "~/components/site/error-page";
import * as lazyBoundaries from "~/components/site/error-boundary";
import { useErrorInfo } from "./error-state";

/** The root boundary's body (app/root.tsx renders exactly this inside its Layout). */
function RootBoundary() {
  const { status, requestId } = useErrorInfo();
  return createElement(ErrorPage, { status, requestId, standalone: true });
}

/**
 * Renders `boundary` for a child route whose loader throws `thrown`, under a root route whose
 * loader carries the request id, as the server would (static handler + router).
 */
async function renderFailure(
  boundary: ComponentType,
  thrown: unknown,
  requestId = "req-4242",
  waitForAll = false,
) {
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader: () => ({ requestId }),
      Component: Outlet,
      children: [
        {
          id: "page",
          path: "pagina",
          loader: () => {
            throw thrown;
          },
          Component: () => null,
          ErrorBoundary: boundary,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/pagina"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = createElement(StaticRouterProvider, { router, context, hydrate: false });
  if (!waitForAll) return renderToString(app);
  // Lazy components need a renderer that waits for them, as the server's stream does.
  const { prelude } = await prerenderToNodeStream(app);
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("error boundaries: pt-BR, a way back, and the request id of a server error", () => {
  it("portal pages: inside the portal, back to the dashboard, with the error code", async () => {
    const html = await renderFailure(PortalErrorBoundary, new Error("boom"));
    expect(text(html)).toContain("Algo deu errado");
    expect(text(html)).toContain("Tivemos um problema ao carregar esta página");
    expect(text(html)).toContain("Código do erro: req-4242");
    expect(html).toContain('href="/representante/dashboard"');
    expect(text(html)).toContain("Voltar ao dashboard");
    expect(html).not.toContain("boom");
  });

  it("portal login/register: back to the login", async () => {
    const html = await renderFailure(PortalStandaloneErrorBoundary, new Error("boom"));
    expect(html).toContain('href="/representante/login"');
    expect(text(html)).toContain("Voltar ao login");
  });

  it("back office: back to the dashboard", async () => {
    const html = await renderFailure(AdminErrorState, new Error("boom"));
    expect(text(html)).toContain("Algo deu errado");
    expect(text(html)).toContain("Código do erro: req-4242");
    expect(html).toContain('href="/admin/dashboard"');
    expect(text(html)).toContain("Voltar ao painel");
  });

  it("public pages and the root: the site's page, back to the home", async () => {
    for (const boundary of [PublicErrorBoundary, RootBoundary]) {
      const html = await renderFailure(boundary, new Error("boom"));
      expect(text(html)).toContain("Código do erro: req-4242");
      expect(html).toContain('href="/"');
      expect(text(html)).toContain("Voltar para o início");
    }
    // The root's page keeps the site's header and footer.
    const root = await renderFailure(RootBoundary, new Error("boom"));
    expect(root).toContain("<header");
    expect(root).toContain("<footer");
  });

  it("the public boundaries the routes use load that page lazily and render it on the server", async () => {
    const page = await renderFailure(lazyBoundaries.PublicErrorBoundary, new Error("boom"), "req-1", true);
    expect(text(page)).toContain("Código do erro: req-1");
    expect(text(page)).toContain("Voltar para o início");
    expect(page).not.toContain("<header");
    const root = await renderFailure(
      lazyBoundaries.StandaloneErrorBoundary,
      data(null, { status: 404 }),
      "r",
      true,
    );
    expect(text(root)).toContain("Página não encontrada");
    expect(root).toContain("<header");
  });

  it("a 404 says so in pt-BR and shows no error code", async () => {
    const html = await renderFailure(PortalErrorBoundary, data(null, { status: 404 }));
    expect(text(html)).toContain("Página não encontrada");
    expect(html).not.toContain("Código do erro");
  });
});
