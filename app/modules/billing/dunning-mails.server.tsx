import {
  mailBrand,
  ChargeReminderMail,
  SubscriptionSuspendedAdminMail,
  SubscriptionSuspendedMail,
  type ChargeReminderData,
  type SuspensionMailData,
} from "~/modules/notifications/index.server";
import { renderMail } from "~/server/mail/render.server";

// The reminder and suspension e-mails rendered (JSX kept out of the job modules).

export const DUNNING_MAIL_KINDS = {
  reminder: "cobranca.lembrete",
  suspended: "assinatura.suspensa",
  suspendedAdmin: "assinatura.suspensa-admin",
} as const;

export const renderReminder = (data: ChargeReminderData) =>
  renderMail(<ChargeReminderMail brand={mailBrand()} data={data} />);

export const renderSuspended = (data: SuspensionMailData) =>
  renderMail(<SubscriptionSuspendedMail brand={mailBrand()} data={data} />);

export const renderSuspendedAdmin = (data: SuspensionMailData) =>
  renderMail(<SubscriptionSuspendedAdminMail brand={mailBrand()} data={data} />);
