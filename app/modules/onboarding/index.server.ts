// The front door of the onboarding module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { lateOnboardingsCount } from "./board.server";
export { listOnboardingsForDigest } from "./onboarding-digest.server";
export { getClientOnboarding } from "./onboarding-reads.server";
export { setOnboardingItem } from "./onboarding.server";
export { publishOnboarding } from "./publish.server";
