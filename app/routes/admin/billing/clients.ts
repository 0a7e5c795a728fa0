import type { Route } from "./+types/clients";
import { requireAdmin } from "~/modules/auth/session.server";
import { searchBillableClients } from "~/modules/billing/list.server";

// GET /admin/billing/clients?q=: the clients "Nova cobrança avulsa" can bill, searched on the
// server (the picker never loads every client into the page).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return { clients: await searchBillableClients({ q }) };
}
