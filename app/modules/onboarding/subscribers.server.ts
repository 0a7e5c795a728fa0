import { subscriber } from "~/modules/events/index.server";
import { openOnboardingOnFirstPayment } from "./onboarding.server";

/** The client's first paid charge opens the onboarding the "3–5 business days" promise counts from. */
export const ONBOARDING_SUBSCRIBERS = [
  subscriber("charge.paid", "onboarding.first-payment", (tx, { chargeId, clientId }, { actor }) =>
    openOnboardingOnFirstPayment(tx, { clientId, chargeId, actor }),
  ),
];
