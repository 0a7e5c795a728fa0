// The front door of the privacy module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { isPlaceholderEmail } from "./subject.server";
