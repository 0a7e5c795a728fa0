import { DUNNING_MAIL_KINDS } from "./dunning-mails.server";
import { CHARGE_MAIL_KINDS } from "./mails.server";
import { isDemoPixKeyInUse } from "./settings.server";

/** The client's e-mails that carry a charge's PIX (QR code and "copia e cola"). */
const PIX_MAIL_KINDS: readonly string[] = [
  CHARGE_MAIL_KINDS.issued,
  DUNNING_MAIL_KINDS.reminder,
  DUNNING_MAIL_KINDS.suspended,
];

/**
 * Whether an admin previewing a mail of this kind is warned that the PIX it carries is the seeded
 * demonstration key (usesDemoPixKey): the same warning as the dashboard's, until an admin saves
 * the company's key in Configurações → Financeiro.
 */
export async function mailCarriesDemoPixKey(kind: string): Promise<boolean> {
  return PIX_MAIL_KINDS.includes(kind) && (await isDemoPixKeyInUse());
}
