// The front door of the site module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { EMPTY_ATTRIBUTION, directAttribution, readAttribution } from "./attribution.server";
export type { Attribution } from "./attribution.server";
export { publicConfig } from "./site.server";
