// The front door of the clients module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export {
  clientSearch,
  clientSearchWithDocument,
  listRecentClients,
  revokePendingEmailChange,
} from "./clients.server";
export {
  applyPendingPlanChange,
  cancelSubscription,
  changeSubscriptionPlan,
  lockClientSubscription,
} from "./subscription-changes.server";
export {
  changeSubscription,
  monthlyValueCents,
  recordExistingSubscription,
  startSubscription,
  subscriptionMrrCents,
} from "./subscription-history.server";
export { listExpiringSubscriptions } from "./subscriptions.server";
export type { ExpiringSubscription } from "./subscriptions.server";
