import type { Route } from "./+types/export";
import { requireAdmin } from "~/modules/auth/session.server";
import { REVENUE_CLIENT_COLUMNS, REVENUE_MONTH_COLUMNS } from "~/modules/revenue/export.server";
import { parseRevenueQuery } from "~/modules/revenue/revenue.format";
import { revenueClients, revenueMonths, windowMonths } from "~/modules/revenue/revenue.server";
import { today } from "~/server/clock.server";
import { csvFileName, csvResponse } from "~/server/http/csv.server";

// GET /admin/revenue/export: the twelve months as on the page; with ?mes=&movimento= the clients
// behind that figure (the drill-down).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const day = today();
  const { month, movement } = parseRevenueQuery(new URL(request.url).searchParams, windowMonths(day));
  if (movement) {
    return csvResponse({
      filename: csvFileName(`receita-${month}-${movement}`, day),
      columns: REVENUE_CLIENT_COLUMNS,
      rows: await revenueClients({ today: day, month, movement }),
    });
  }
  return csvResponse({
    filename: csvFileName("receita", day),
    columns: REVENUE_MONTH_COLUMNS,
    rows: await revenueMonths({ today: day }),
  });
}
