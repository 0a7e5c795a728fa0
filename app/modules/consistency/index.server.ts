// The front door of the consistency module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { checkConsistency } from "./consistency.server";
