// The front door of the revenue module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { getMrrFigure, monthBoundaries, revenueMonths, revenueNow } from "./revenue.server";
