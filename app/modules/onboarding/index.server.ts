// The front door of the onboarding module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { countLateOnboardings } from "./board.server";
export { getClientOnboarding, listOnboardingsForDigest } from "./onboarding.server";
