import type { Route } from "./+types/meus-dados";
import { requireClient } from "~/modules/client-area/client-session.server";
import { clientOwnData } from "~/modules/client-area/self-service.server";

/** "Baixar meus dados" (LGPD art. 18): the signed-in client's own data; the id is the session's. */
export async function loader({ request }: Route.LoaderArgs) {
  const { client } = await requireClient(request);
  const data = await clientOwnData({ clientId: client.id });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      // Cache-Control: private, no-store comes with every /cliente answer (securityHeaders); a
      // second one here was sent twice.
      "Content-Disposition": `attachment; filename="meus-dados-${data.exportedAt.slice(0, 10)}.json"`,
    },
  });
}
