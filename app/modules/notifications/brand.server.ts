import { baseUrl, env } from "~/lib/env.server";
import { SITE_NAME } from "~/lib/meta";
import { whatsappLink } from "~/lib/whatsapp";
import type { DbOrTx } from "~/db/client.server";
import { getSupportEmail } from "~/modules/settings/index.server";

/** What every e-mail's layout shows, and the absolute URLs its links are built from. */
export function mailBrand() {
  const siteUrl = baseUrl();
  return { company: SITE_NAME, siteUrl, url: (path: string) => `${siteUrl}${path}` };
}
export type MailBrand = ReturnType<typeof mailBrand>;

/** /cliente/entrar with the address filled in (no token: the page sends the sign-in link). */
export function clientSignInPath(email: string): string {
  return `/cliente/entrar?email=${encodeURIComponent(email)}`;
}

/**
 * The brand of an e-mail to a client (`to`): its "Acessar a área do cliente" link, and how the
 * client reaches the team. `supportEmail` ("E-mail de atendimento", Configurações → Notificações)
 * is the message's Reply-To; without it no e-mail asks the client to reply (the reply would reach
 * the no-reply sender and be lost). Read
 * through `db` when the message is queued in a transaction, never from the settings cache.
 */
export async function clientMailBrand(to: string, db?: DbOrTx) {
  const brand = mailBrand();
  const supportEmail = await getSupportEmail(db);
  const whatsapp = env().WHATSAPP_NUMBER;
  return {
    ...brand,
    supportEmail,
    whatsappHref: whatsapp ? whatsappLink(whatsapp, "Olá! Sou cliente e preciso de ajuda.") : null,
    clientAreaUrl: brand.url(clientSignInPath(to)),
  };
}
export type ClientMailBrand = Awaited<ReturnType<typeof clientMailBrand>>;
