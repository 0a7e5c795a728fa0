// The front door of the legal module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { currentPrivacyVersion, getPrivacySettings } from "./privacy-settings.server";
