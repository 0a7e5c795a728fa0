// The front door of the whatsapp module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { WHATSAPP_JOBS } from "./jobs.server";
