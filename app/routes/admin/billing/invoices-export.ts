import type { Route } from "./+types/invoices-export";
import { requireAdmin } from "~/modules/auth/session.server";
import { exportInvoicesCsv, invoiceXmlEntries } from "~/modules/invoices/export.server";
import { today } from "~/server/clock.server";
import { csvResponse } from "~/server/http/csv.server";
import { zipResponse } from "~/server/http/zip.server";

// GET /admin/billing/notas-fiscais/exportar?mes=aaaa-mm&formato=csv|xml: the accountant's month,
// every note as CSV, or the issued notes' XML files in one ZIP; both streamed (admins only).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const m = url.searchParams.get("mes") ?? "";
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(m) ? m : today().slice(0, 7);
  if (url.searchParams.get("formato") === "xml")
    return zipResponse(`notas-fiscais-xml-${month}.zip`, invoiceXmlEntries({ month }));
  return csvResponse({ filename: `notas-fiscais-${month}.csv`, ...exportInvoicesCsv({ month }) });
}
