import type { Route } from "./+types/export";
import { requireAdmin } from "~/modules/auth/session.server";
import { exportLeads } from "~/modules/leads/export.server";
import { parseFollowUpFilter, STAGES, type Stage } from "~/modules/leads/leads.schema";
import { csvFileName, csvResponse } from "~/server/http/csv.server";
import { today } from "~/server/clock.server";

// GET /admin/leads/export?q=&etapa=&contato=: the funnel as it is filtered now, as a CSV download.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const sp = new URL(request.url).searchParams;
  const q = (sp.get("q") ?? "").trim().slice(0, 100);
  const etapa = sp.get("etapa") ?? "";
  const stage = (STAGES as readonly string[]).includes(etapa) ? (etapa as Stage) : null;
  return csvResponse({
    filename: csvFileName("leads", today()),
    ...exportLeads({ q, stage, followUp: parseFollowUpFilter(sp.get("contato")) }),
  });
}
