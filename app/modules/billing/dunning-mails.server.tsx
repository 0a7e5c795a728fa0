import {
  clientMailBrand,
  mailBrand,
  ChargeReminderMail,
  SubscriptionSuspendedAdminMail,
  SubscriptionSuspendedMail,
  type ChargeReminderData,
  type SuspensionMailData,
} from "~/modules/notifications/index.server";
import type { DbOrTx } from "~/db/client.server";
import { renderMail } from "~/server/mail/render.server";

// The reminder and suspension e-mails rendered (JSX kept out of the job modules).

export const DUNNING_MAIL_KINDS = {
  reminder: "cobranca.lembrete",
  suspended: "assinatura.suspensa",
  suspendedAdmin: "assinatura.suspensa-admin",
} as const;

/** The client's reminder to `to`: its body and its Reply-To (the support address, if any). */
export async function renderReminder(db: DbOrTx, to: string, data: ChargeReminderData) {
  const brand = await clientMailBrand(to, db);
  const body = await renderMail(<ChargeReminderMail brand={brand} data={data} />);
  return { ...body, replyTo: brand.supportEmail };
}

export async function renderSuspended(db: DbOrTx, to: string, data: SuspensionMailData) {
  const brand = await clientMailBrand(to, db);
  const body = await renderMail(<SubscriptionSuspendedMail brand={brand} data={data} />);
  return { ...body, replyTo: brand.supportEmail };
}

export const renderSuspendedAdmin = (data: SuspensionMailData) =>
  renderMail(<SubscriptionSuspendedAdminMail brand={mailBrand()} data={data} />);
