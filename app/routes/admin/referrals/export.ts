import type { Route } from "./+types/export";
import { todayInSaoPaulo } from "~/lib/dates";
import { requireAdmin } from "~/modules/auth/session.server";
import { parseReferralListParams } from "~/modules/referrals/admin.server";
import { exportReferrals } from "~/modules/referrals/export.server";
import { csvFileName, csvResponse } from "~/server/http/csv.server";

// GET /admin/referrals/export?q=&status=&sort=&dir=: the referrals list as it is now, as CSV.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, status, sort, dir } = parseReferralListParams(new URL(request.url));
  return csvResponse({
    filename: csvFileName("indicacoes", todayInSaoPaulo()),
    ...exportReferrals({ q, status, sort, dir }),
  });
}
