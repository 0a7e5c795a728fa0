// The front door of the onboarding module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { lateOnboardingsCount } from "./board.server";
export { listOnboardingsForDigest } from "./onboarding-digest.server";
export { getClientOnboarding, publishOnboarding, setOnboardingItem } from "./onboarding.server";
