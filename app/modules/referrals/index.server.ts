// The front door of the referrals module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { commissionForPlan } from "./commission";
export { isAlreadyReferred, lockReferralPhone } from "./duplicates.server";
export { createMyReferral } from "./portal-create.server";
export { findRepresentativeByCode, readReferralCode } from "./referral-link.server";
