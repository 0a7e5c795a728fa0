// The front door of the dashboard module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { getDashboard } from "./dashboard.server";
