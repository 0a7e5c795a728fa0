import { overdueChargesCount } from "~/modules/billing/index.server";
import { openClientRequestsCount } from "~/modules/client-requests/index.server";
import { lateOnboardingsCount } from "~/modules/onboarding/index.server";
import { readCounts } from "~/server/db-tools/counts.server";
import { log } from "~/server/logging/logger.server";
import { uncontactedLeadsCount } from "./today.server";

/**
 * The admin sidebar's counts (Pipedrive's counts beside the menu): what waits on
 * "Funil de Leads" (new leads), "Financeiro" (overdue charges), "Implantação" (late onboardings)
 * and "Solicitações" (pending requests). Loaded once per admin page by the layout: each count is
 * defined by the module that owns it, and the four are read in one statement.
 */
export interface SidebarCounts {
  newLeads: number;
  overdueCharges: number;
  lateOnboardings: number;
  pendingRequests: number;
}

/** The counts, or null (logged) when they could not be read: the menu then shows none. */
export async function getSidebarCounts({ today }: { today: string }): Promise<SidebarCounts | null> {
  try {
    return await readCounts({
      newLeads: uncontactedLeadsCount(),
      overdueCharges: overdueChargesCount(),
      lateOnboardings: lateOnboardingsCount(today),
      pendingRequests: openClientRequestsCount(),
    });
  } catch (err) {
    log.error({ err }, "sidebar counts failed");
    return null;
  }
}
