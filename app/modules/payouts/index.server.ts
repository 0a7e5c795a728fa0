// The front door of the payouts module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { recordPayout } from "./payouts.server";
