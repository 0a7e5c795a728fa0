// The front door of the leads module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { createLead } from "./contact.server";
export { convertLead } from "./conversion.server";
export { getFunnelSettings } from "./funnel-settings.server";
export { countLostByReason } from "./funnel.server";
export { addLeadNote, listDueFollowUps } from "./lead.server";
export type { FollowUpRow } from "./lead.server";
export { moveLead } from "./move-lead.server";
