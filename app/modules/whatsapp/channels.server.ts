import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { clients, mailMessages } from "~/db/schema";
import type { MessagePreference } from "~/modules/notifications/notifications.constants";
import { queueMail, type OutgoingMail } from "~/server/mail/mail.server";
import { openConsent } from "./consent.server";
import { queueWhatsApp } from "./send.server";
import type { TemplateName, TemplateValues } from "./templates";

// Which channels a client's notice goes on (decision 044): the client's preference (e-mail,
// WhatsApp, both; not chosen = both) and the WhatsApp consent decide. WhatsApp needs an open
// consent whatever the preference; the e-mail is left out only when the client chose WhatsApp
// only AND consented. Then the e-mail is still written, held (`reserva`), and released once if
// the WhatsApp message fails or is not delivered within 24 hours.

export interface ClientChannels {
  preference: MessagePreference;
  consented: boolean;
  whatsapp: boolean;
  /** "sim": send; "reserva": hold as the WhatsApp message's fallback. */
  email: "sim" | "reserva";
}

export async function clientChannels(db: DbOrTx, clientId: string): Promise<ClientChannels> {
  const [row] = await db
    .select({ preference: clients.messagePreference })
    .from(clients)
    .where(eq(clients.id, clientId));
  const preference: MessagePreference = row?.preference ?? "ambos";
  const consented = (await openConsent(db, clientId)) !== null;
  const whatsapp = consented && preference !== "email";
  return {
    preference,
    consented,
    whatsapp,
    email: whatsapp && preference === "whatsapp" ? "reserva" : "sim",
  };
}

export interface WhatsAppMoment<N extends TemplateName = TemplateName> {
  template: N;
  values: TemplateValues<N>;
  /** One message per moment and channel, e.g. `charge:<id>:lembrete:-3`. */
  dedupeKey: string;
  entity?: { type: string; id: string };
}

/** Any template's moment (each with its own values). */
export type AnyWhatsAppMoment = { [N in TemplateName]: WhatsAppMoment<N> }[TemplateName];

/**
 * One notice to a client on the channels it wants, through `db` (the moment's transaction).
 * `whatsapp` is null when the moment has nothing to say by WhatsApp (no PIX code yet): then the
 * e-mail goes as usual. Returns the e-mail's log id (also when held) and the WhatsApp one.
 */
export async function notifyClient(
  db: DbOrTx,
  clientId: string,
  mail: OutgoingMail,
  whatsapp: AnyWhatsAppMoment | null,
): Promise<{ mailId: string | null; whatsappId: string | null }> {
  const ch = await clientChannels(db, clientId);
  const wa =
    whatsapp && ch.whatsapp ? await queueWhatsApp(db, { clientId, ...(whatsapp as WhatsAppMoment) }) : null;
  const waId = wa?.queued ? wa.id : null;
  // Held only beside a WhatsApp message that exists (just queued or queued by an earlier run).
  const hold = ch.email === "reserva" && wa !== null && (wa.queued || wa.reason === "ja_registrada");
  const mailId = await queueMail(db, { ...mail, held: hold });
  if (hold && waId && mailId)
    await db.update(mailMessages).set({ fallbackMailId: mailId }).where(eq(mailMessages.id, waId));
  return { mailId, whatsappId: waId };
}
