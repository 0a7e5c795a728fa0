import { Outlet, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { PortalHeader } from "~/components/portal/portal-header";
import { PortalErrorState } from "~/components/portal/portal-error";
import { requireRepresentative } from "~/modules/auth/session.server";

// Children call requireRepresentative themselves; this guard only covers the layout's data.
export async function loader({ request }: Route.LoaderArgs) {
  const { representative } = await requireRepresentative(request);
  return { name: representative.name };
}

export default function PortalLayout() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-50">
      <PortalHeader name={name} />
      <main id="conteudo" className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

// The portal's shell stays when the representative is known (a child failed); a way back to the
// dashboard either way.
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/representante/layout");
  return (
    <div className="min-h-screen bg-slate-50">
      {data && <PortalHeader name={data.name} />}
      <main id="conteudo" className="mx-auto max-w-6xl px-4 py-8">
        <PortalErrorState />
      </main>
    </div>
  );
}
