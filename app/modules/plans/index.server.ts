// The front door of the plans module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { listPlanOptions, listPlans } from "./plans.server";
export type { PlanOption } from "./plans.server";
