// The front door of the leads module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { getFunnelSettings } from "./funnel-settings.server";
export { countLostByReason } from "./funnel.server";
export { listDueFollowUps } from "./lead.server";
export type { FollowUpRow } from "./lead.server";
