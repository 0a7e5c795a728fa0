import { countOverdueCharges } from "~/modules/billing/index.server";
import { countOpenClientRequests } from "~/modules/client-requests/index.server";
import { countLateOnboardings } from "~/modules/onboarding/index.server";
import { log } from "~/server/logging/logger.server";
import { countUncontactedLeads } from "./today.server";

/**
 * The admin sidebar's counts (issue 45, Pipedrive's counts beside the menu): what waits on
 * "Funil de Leads" (new leads), "Financeiro" (overdue charges), "Implantação" (late onboardings)
 * and "Solicitações" (pending requests). Loaded once per admin page by the layout: one small
 * count each, from the module that owns it.
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
    const [newLeads, overdueCharges, lateOnboardings, pendingRequests] = await Promise.all([
      countUncontactedLeads(),
      countOverdueCharges(),
      countLateOnboardings({ today }),
      countOpenClientRequests(),
    ]);
    return { newLeads, overdueCharges, lateOnboardings, pendingRequests };
  } catch (err) {
    log.error({ err }, "sidebar counts failed");
    return null;
  }
}
