import type { Route } from "./+types/export";
import { parseListParams } from "~/lib/list-params";
import { requireAdmin } from "~/modules/auth/session.server";
import { exportCharges } from "~/modules/billing/export.server";
import { CHARGE_SORTS, parseChargeFilters } from "~/modules/billing/list.server";
import { csvFileName, csvResponse } from "~/server/http/csv.server";
import { today } from "~/server/clock.server";

// GET /admin/billing/export?status=&from=&to=&client=&kind=&method=&sort=&dir=: Financeiro as it
// is filtered and sorted now, as a CSV download.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { sort, dir } = parseListParams(url, {
    sorts: CHARGE_SORTS,
    defaultSort: "due_date",
    defaultDir: "desc",
  });
  return csvResponse({
    filename: csvFileName("cobrancas", today()),
    ...exportCharges({ filters: parseChargeFilters(url.searchParams), sort, dir }),
  });
}
