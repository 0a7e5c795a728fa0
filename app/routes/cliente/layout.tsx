import { Form, Link, Outlet, useLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { ClientAreaErrorBoundary } from "~/components/client-area/client-error";
import type { PlainHtmlHandle } from "~/lib/plain-html";
import { requireClient } from "~/modules/client-area/client-session.server";
import { clientAreaScript } from "~/server/http/site-script.server";

// Children call requireClient themselves; this guard only covers the layout's data.
export async function loader({ request }: Route.LoaderArgs) {
  const { client } = await requireClient(request);
  return { businessName: client.businessName, enhancementScript: clientAreaScript() };
}

// Every page of the area is plain HTML, as the public site: forms that post and redirect, no
// framework script; one small script of ours adds what needs one (decision 046).
export const handle: PlainHtmlHandle = { plainHtml: true };

export default function ClientAreaLayout() {
  const { businessName } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/cliente" className="min-w-0">
            <span className="block font-bold text-brand-700">Área do Cliente</span>
            <span className="block truncate text-sm text-slate-600">{businessName}</span>
          </Link>
          <nav aria-label="Área do Cliente" className="flex items-center gap-1">
            <Link
              to="/cliente/dados"
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              Seus dados
            </Link>
            <Form method="post" action="/cliente/sair">
              <button
                type="submit"
                className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                Sair
              </button>
            </Form>
          </nav>
        </div>
      </header>
      <main id="conteudo" className="mx-auto max-w-3xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export const ErrorBoundary = ClientAreaErrorBoundary;
