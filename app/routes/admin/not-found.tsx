import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { AdminErrorState } from "~/components/admin/admin-error";
import { requireAdmin } from "~/modules/auth/session.server";

// An unknown address under /admin. Whoever is not an admin is sent to the sign-in, as by every
// admin page (nothing tells them which addresses exist); an admin gets a real 404 inside the back
// office, sidebar and all, with the way back to the dashboard.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data(null, { status: 404 });
}

// The loader always throws, so the boundary is what shows; a route module needs a default
// export to render inside the layout at all (without one it would be a resource route).
export default function AdminNotFound() {
  return <AdminErrorState status={404} />;
}

export function meta() {
  return [{ title: "Página não encontrada | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <AdminErrorState />;
}
