import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ClientAreaErrorState } from "~/components/client-area/client-error";
import { requireClient } from "~/modules/client-area/client-session.server";

// An unknown address under /cliente: the sign-in for a visitor, as every page of the area; a 404
// inside the area (its header, the way back) for the signed-in client.
export async function loader({ request }: Route.LoaderArgs) {
  await requireClient(request);
  throw data(null, { status: 404 });
}

// The loader always throws; the default export keeps this a page route inside the layout.
export default function ClientAreaNotFound() {
  return <ClientAreaErrorState status={404} />;
}

export function meta() {
  return [
    { title: "Página não encontrada | Área do Cliente | CardápioDigital" },
    { name: "robots", content: "noindex" },
  ];
}

export function ErrorBoundary() {
  return <ClientAreaErrorState />;
}
