// The front door of the settings module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { getSettings, getSupportEmail } from "./settings.server";
export type { Settings } from "./settings.server";
