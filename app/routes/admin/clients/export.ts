import type { Route } from "./+types/export";
import { parseListParams } from "~/lib/list-params";
import { requireAdmin } from "~/modules/auth/session.server";
import { CLIENT_SORTS } from "~/modules/clients/clients.schema";
import { exportClients } from "~/modules/clients/export.server";
import { csvFileName, csvResponse } from "~/server/http/csv.server";
import { today } from "~/server/clock.server";

// GET /admin/clients/export?q=&sort=&dir=: the clients list as it is now, as a CSV download.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, sort, dir } = parseListParams(new URL(request.url), {
    sorts: CLIENT_SORTS,
    defaultSort: "created_at",
    defaultDir: "desc",
  });
  return csvResponse({
    filename: csvFileName("clientes", today()),
    ...exportClients({ q, sort, dir }),
  });
}
