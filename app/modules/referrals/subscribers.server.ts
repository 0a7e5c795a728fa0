import { subscriber } from "~/modules/events/index.server";
import {
  referralOnChargePaid,
  referralOnChargeReversed,
  referralOnLeadConverted,
  referralOnLeadLost,
  referralOnLeadResumed,
  referralOnOnboardingPublished,
} from "./pipeline.server";

/**
 * The referral follows its lead and its client (pipeline.server.ts): each move in the transaction
 * of the change that causes it, whatever module made that change.
 */
export const REFERRAL_SUBSCRIBERS = [
  subscriber("lead.converted", "referrals.lead-converted", (tx, { leadId, clientId }) =>
    referralOnLeadConverted(tx, { leadId, clientId }),
  ),
  subscriber("lead.status_changed", "referrals.lead-lost", (tx, { leadId, to }) =>
    to === "perdido" ? referralOnLeadLost(tx, { leadId }) : Promise.resolve(0),
  ),
  // "Retomar" brings back the referral the loss cancelled.
  subscriber("lead.status_changed", "referrals.lead-resumed", (tx, { leadId, from, to }) =>
    from === "perdido" && to !== "perdido" ? referralOnLeadResumed(tx, { leadId }) : Promise.resolve(0),
  ),
  subscriber("charge.paid", "referrals.first-payment", (tx, { clientId }) =>
    referralOnChargePaid(tx, { clientId }),
  ),
  subscriber("charge.reversed", "referrals.payment-reversed", (tx, { clientId }) =>
    referralOnChargeReversed(tx, { clientId }),
  ),
  subscriber("onboarding.published", "referrals.completed", (tx, { clientId }, { actor }) =>
    referralOnOnboardingPublished(tx, { clientId, actor }),
  ),
];
