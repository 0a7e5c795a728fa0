// The front door of the clients module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export {
  clientSearch,
  clientSearchWithDocument,
  createClient,
  listRecentClients,
  revokePendingEmailChange,
  updateClient,
} from "./clients.server";
export { addNote } from "./notes.server";
export {
  applyPendingPlanChange,
  cancelSubscription,
  changeSubscriptionPlan,
  lockClientSubscription,
} from "./subscription-changes.server";
export { endCancelledSubscriptions } from "./subscription-end.server";
export {
  changeSubscription,
  monthlyValueCents,
  startSubscription,
  subscriptionMrrCents,
} from "./subscription-history.server";
export { addSubscription, listExpiringSubscriptions } from "./subscriptions.server";
export type { ExpiringSubscription } from "./subscriptions.server";
