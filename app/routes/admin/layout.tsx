import { Outlet, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AdminErrorState } from "~/components/admin/admin-error";
import { AdminSidebar } from "~/components/admin/sidebar";
import { requireAdmin } from "~/modules/auth/session.server";
import { getSidebarCounts } from "~/modules/dashboard/sidebar-counts.server";
import { today } from "~/server/clock.server";

// The layout's guard is for its own data only: every child loader/action calls requireAdmin too
// (loaders run in parallel, so a layout check alone protects nothing).
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  // The menu's counts: read once here for every admin page; null (logged) on failure.
  const counts = await getSidebarCounts({ today: today() });
  return { user: { name: user.name, email: user.email }, counts };
}

export default function AdminLayout() {
  const loaderData = useLoaderData<typeof loader>();
  const { user } = loaderData;
  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <AdminSidebar userName={user.name || user.email} counts={loaderData.counts} />
      <main id="conteudo" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <Outlet />
      </main>
    </div>
  );
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

// A page without a boundary of its own fails here: the sidebar stays when the admin is known,
// with a way back to the dashboard either way.
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      {data && <AdminSidebar userName={data.user.name || data.user.email} counts={data.counts} />}
      <main id="conteudo" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <AdminErrorState />
      </main>
    </div>
  );
}
