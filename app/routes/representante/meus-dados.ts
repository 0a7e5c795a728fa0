import type { Route } from "./+types/meus-dados";
import { requireRepresentative } from "~/modules/auth/session.server";
import { representativeOwnData } from "~/modules/privacy/self-service.server";

/**
 * "Baixar meus dados" (LGPD art. 18): the signed-in representative's own account,
 * profile, referrals and payouts as JSON. The id comes from the session, never from the URL.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { representative } = await requireRepresentative(request);
  const data = await representativeOwnData({ representativeId: representative.id });
  const stamp = data.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="meus-dados-${stamp}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
