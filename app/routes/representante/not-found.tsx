import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { PortalErrorState } from "~/components/portal/portal-error";
import { requireRepresentative } from "~/modules/auth/session.server";

// An unknown address under /representante: the sign-in for a visitor, as every portal page; a
// 404 inside the portal (its header, the way back to the dashboard) for a representative.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRepresentative(request);
  throw data(null, { status: 404 });
}

// The loader always throws; the default export keeps this a page route inside the layout.
export default function PortalNotFound() {
  return <PortalErrorState status={404} />;
}

export function meta() {
  return [{ title: "Página não encontrada | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <PortalErrorState />;
}
