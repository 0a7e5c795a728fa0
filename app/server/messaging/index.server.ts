import type { MessagingChannel } from "./channel";
import { whatsappCloud, whatsappConfigFromEnv } from "./whatsapp-cloud.server";

export type { MessagingChannel, MessagingEvent, TemplateComponent, TemplateMessage } from "./channel";
export { MessagingError } from "./channel";

/**
 * The WhatsApp channel, or null when it is not configured (then no WhatsApp message is sent and
 * the e-mail is all there is). Read per call so a test can set WHATSAPP_* for its own fake.
 */
export function configuredWhatsApp(env: NodeJS.ProcessEnv = process.env): MessagingChannel | null {
  const config = whatsappConfigFromEnv(env);
  return config ? whatsappCloud(config) : null;
}
