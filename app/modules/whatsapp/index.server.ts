// The front door of the whatsapp module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { notifyClient } from "./channels.server";
export { newChargeMoment, publishedMoment, reminderMoment, suspensionMoment } from "./moments.server";
