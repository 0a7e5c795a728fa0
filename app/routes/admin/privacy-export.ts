import type { Route } from "./+types/privacy-export";
import { requireAdmin } from "~/modules/auth/session.server";
import { findSubjectData, subjectCsv, subjectQueryFrom } from "~/modules/privacy/data-subject-find.server";
import { SUBJECT_MESSAGES } from "~/modules/privacy/privacy.schema";

/**
 * /admin/privacy's "Exportar JSON/CSV" (LGPD art. 18): everything held about the person found by
 * `q`, as a download. A resource route: a UI route's loader cannot answer a document request
 * with a file.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = subjectQueryFrom((url.searchParams.get("q") ?? "").slice(0, 254));
  if (!query) {
    return new Response(SUBJECT_MESSAGES.invalidTerm, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const format = url.searchParams.get("format") === "csv" ? "csv" : "json";
  const data = await findSubjectData({ query });
  const stamp = new Date().toISOString().slice(0, 10);
  const body =
    format === "json" ? JSON.stringify({ exportedAt: new Date(), query, data }, null, 2) : subjectCsv(data);
  return new Response(body, {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="dados-pessoais-${stamp}.${format}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
