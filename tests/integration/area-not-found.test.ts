/**
 * An unknown address inside the back office, the portal or the client area, matched by the real
 * route table (app/routes.ts) and rendered with the real route modules, as the server does: the
 * signed-in user gets a 404 inside the area's own shell with the way back to its home; anyone else
 * is sent to that area's sign-in, as by every other page of it. Unknown public addresses keep the
 * public site's 404.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  type RouteObject,
} from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { useTestDatabase } from "../support/db";
import { clientCookie, makeClient } from "../support/client-area";
import { adminCookie, BASE, context, representativeCookie } from "../support/requests";
import { loadRouteModule } from "./support/route-modules";

useTestDatabase();

interface ConfigEntry {
  id?: string;
  path?: string;
  file: string;
  index?: boolean;
  children?: ConfigEntry[];
}

/** routes.ts as a data router: each module loaded when matched, under the ids the app uses. */
function routeObjects(entries: ConfigEntry[]): RouteObject[] {
  return entries.map(
    (e) =>
      ({
        id: e.id ?? e.file.replace(/\.tsx?$/, ""),
        path: e.path,
        index: e.index,
        lazy: async () => {
          const m = (await loadRouteModule(e.file)) as {
            loader?: RouteObject["loader"];
            default?: React.ComponentType;
            ErrorBoundary?: React.ComponentType;
          };
          return { loader: m.loader, Component: m.default ?? null, ErrorBoundary: m.ErrorBoundary ?? null };
        },
        children: e.children ? routeObjects(e.children) : undefined,
      }) as RouteObject,
  );
}

const handler = createStaticHandler([
  {
    id: "root",
    path: "/",
    loader: () => ({ requestId: "req-404" }),
    Component: Outlet,
    children: routeObjects(routeConfig as ConfigEntry[]),
  },
]);

type Answer = { redirect: string } | { status: number; routes: string[]; html: string; text: string };

async function open(path: string, cookie?: string): Promise<Answer> {
  const request = new Request(BASE + path, { headers: cookie ? { cookie } : {} });
  const ctx = await handler.query(request, { requestContext: context() as never });
  if (ctx instanceof Response) return { redirect: ctx.headers.get("location") ?? "" };
  const router = createStaticRouter(handler.dataRoutes, ctx);
  const html = renderToString(createElement(StaticRouterProvider, { router, context: ctx, hydrate: false }));
  return {
    status: ctx.statusCode,
    routes: ctx.matches.map((m) => m.route.id),
    html,
    text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "),
  };
}

let cookies: { admin: string; rep: string; client: string };

beforeAll(async () => {
  await makeClient("cliente-404@test.dev", "Cliente 404", "Cantina Perdida");
  cookies = {
    admin: await adminCookie(),
    rep: (await representativeCookie("rep-404@test.dev")).cookie,
    client: await clientCookie("cliente-404@test.dev"),
  };
});

describe("an unknown address inside an area", () => {
  it("back office: a 404 inside the admin shell, with the way back to the dashboard", async () => {
    const page = await open("/admin/pagina-que-nao-existe/nem-esta", cookies.admin);
    expect(page).toMatchObject({
      status: 404,
      routes: ["root", "routes/admin/layout", "routes/admin/not-found"],
    });
    if (!("html" in page)) throw new Error("expected a page");
    expect(page.html).toContain('aria-label="Menu administrativo"');
    expect(page.text).toContain("Página não encontrada");
    expect(page.text).toContain("O endereço que você acessou não existe ou foi removido.");
    expect(page.html).toMatch(/<a[^>]*href="\/admin\/dashboard"[^>]*>Voltar ao painel<\/a>/);
    // Not the public site's page.
    expect(page.text).not.toContain("Voltar para o início");
  });

  it("back office: a visitor, a representative or a client is sent to the admin sign-in", async () => {
    for (const cookie of [undefined, cookies.rep, cookies.client])
      expect(await open("/admin/pagina-que-nao-existe", cookie)).toEqual({ redirect: "/admin/login" });
  });

  it("portal: a 404 inside the portal for a representative, the portal sign-in for others", async () => {
    const page = await open("/representante/pagina-que-nao-existe", cookies.rep);
    expect(page).toMatchObject({
      status: 404,
      routes: ["root", "routes/representante/layout", "routes/representante/not-found"],
    });
    if (!("html" in page)) throw new Error("expected a page");
    expect(page.html).toContain('aria-label="Portal"');
    expect(page.text).toContain("Página não encontrada");
    expect(page.html).toMatch(/<a[^>]*href="\/representante\/dashboard"[^>]*>Voltar ao dashboard<\/a>/);
    for (const cookie of [undefined, cookies.admin])
      expect(await open("/representante/pagina-que-nao-existe", cookie)).toEqual({
        redirect: "/representante/login",
      });
  });

  it("client area: a 404 under the client's own header, the area's sign-in for others", async () => {
    const page = await open("/cliente/pagina-que-nao-existe", cookies.client);
    expect(page).toMatchObject({
      status: 404,
      routes: ["root", "routes/cliente/layout", "routes/cliente/not-found"],
    });
    if (!("html" in page)) throw new Error("expected a page");
    expect(page.text).toContain("Cantina Perdida");
    expect(page.text).toContain("Página não encontrada");
    expect(page.html).toMatch(/<a[^>]*href="\/cliente"[^>]*>Voltar à Área do Cliente<\/a>/);
    for (const cookie of [undefined, cookies.admin])
      expect(await open("/cliente/pagina-que-nao-existe", cookie)).toEqual({ redirect: "/cliente/entrar" });
  });

  it("an unknown public address still gets the public site's 404", async () => {
    const ctx = await handler.query(new Request(BASE + "/pagina-que-nao-existe"), {
      requestContext: context() as never,
    });
    if (ctx instanceof Response) throw new Error("expected a page");
    expect(ctx.statusCode).toBe(404);
    expect(ctx.matches.map((m) => m.route.id)).toEqual([
      "root",
      "routes/site/layout",
      "routes/site/not-found",
    ]);
  });
});
