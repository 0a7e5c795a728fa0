// The front door of the notifications module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { queueAdminInviteMail } from "./admin-invite.server";
export { clientMailBrand, mailBrand } from "./brand.server";
export type { ClientMailBrand, MailBrand } from "./brand.server";
export { clientLinkMailKey, queueClientLinkMail } from "./client-link.server";
export {
  ChargeIssuedMail,
  ChargePaidMail,
  InvoiceIssuedMail,
  PIX_QR_CID,
  chargeIssuedSubject,
  chargePaidSubject,
  invoiceMailSubject,
} from "./mails/charge-mails";
export {
  CLIENT_EMAIL_CHANGED_SUBJECT,
  CLIENT_EMAIL_CONFIRM_SUBJECT,
  CLIENT_EMAIL_IN_USE_SUBJECT,
  ClientEmailChangedMail,
  ClientEmailConfirmMail,
  ClientEmailInUseMail,
} from "./mails/client-area";
export { ClientAreaButton, SupportText, clientFooter } from "./mails/client-common";
export {
  NewRequestMail,
  RequestAnswerMail,
  newRequestSubject,
  requestAnswerSubject,
} from "./mails/client-requests";
export { DELETION_REQUEST_SUBJECT, DeletionRequestMail } from "./mails/deletion-request";
export { DivergenceAdminMail, divergenceSubject } from "./mails/divergence-mail";
export type { DivergenceMailData } from "./mails/divergence-mail";
export {
  ChargeReminderMail,
  SubscriptionSuspendedAdminMail,
  SubscriptionSuspendedMail,
  chargeReminderSubject,
  subscriptionSuspendedAdminSubject,
  subscriptionSuspendedSubject,
} from "./mails/dunning-mails";
export type { ChargeReminderData, PaymentOptions, SuspensionMailData } from "./mails/dunning-mails";
export { LeadAlertMail, leadAlertSubject } from "./mails/lead-alert";
export { OnboardingSubmissionMail, onboardingSubmissionSubject } from "./mails/onboarding-submission";
export { PayoutRecordedMail, payoutRecordedSubject } from "./mails/payout-recorded";
export { ReferralStatusMail, referralStatusSubject } from "./mails/referral-status";
export { RenewalDigestMail, dailyDigestSubject } from "./mails/renewal-digest";
export type { DigestFollowUp, DigestGroup } from "./mails/renewal-digest";
export { REDACTED_LINK } from "./mails/reset-password";
export { WELCOME_SUBJECT, WelcomeMail } from "./mails/welcome";
export { sendResetPasswordMail } from "./password-reset.server";
export { adminEmails, leadAlertRecipients } from "./recipients.server";
