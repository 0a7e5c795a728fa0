import type { Route } from "./+types/export";
import { requireAdmin } from "~/modules/auth/session.server";
import { parseReferralListParams } from "~/modules/referrals/admin.server";
import { exportReferrals } from "~/modules/referrals/export.server";
import { csvFileName, csvResponse } from "~/server/http/csv.server";
import { today } from "~/server/clock.server";

// GET /admin/referrals/export?q=&status=&sort=&dir=: the referrals list as it is now, as CSV.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, status, sort, dir } = parseReferralListParams(new URL(request.url));
  return csvResponse({
    filename: csvFileName("indicacoes", today()),
    ...exportReferrals({ q, status, sort, dir }),
  });
}
