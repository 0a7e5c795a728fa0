import type { Route } from "./+types/comissoes-csv";
import { requireRepresentative } from "~/modules/auth/session.server";
import { getStatement, statementCsv } from "~/modules/payouts/statement.server";

/** The signed-in representative's statement as CSV; only their own rows. */
export async function loader({ request }: Route.LoaderArgs) {
  const { representative } = await requireRepresentative(request);
  const csv = statementCsv(await getStatement({ representativeId: representative.id }));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="extrato-comissoes.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
