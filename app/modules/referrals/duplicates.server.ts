import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "~/db/client.server";
import { digitsOnly } from "~/lib/phone";

/** Shown by the wizard when the phone is already known: the first referral keeps the credit. */
export const DUPLICATE_REFERRAL_MESSAGE = "Este estabelecimento já foi indicado ou já é cliente.";

/**
 * The statuses of a referral still in progress. Written as a list (not "not concluido") so a
 * terminal status added later (a cancelled referral) frees the phone for a new referral.
 */
export const OPEN_REFERRAL_STATUSES = ["analise", "aguardando_pagamento", "producao"] as const;

/**
 * Serialises referral creation per phone inside the caller's transaction, so two
 * representatives sending the same establishment at once create one referral, not two.
 */
export async function lockReferralPhone(tx: DbOrTx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral-phone:${digitsOnly(phone)}`}))`);
}

/**
 * True when the phone's digits already belong to an open lead (not converted nor lost), a
 * client (any status) or an open referral: the establishment was already referred or is a
 * client, and the first representative keeps the credit. Phones are compared by their digits,
 * so "(11) 98765-4321" and "11987654321" are the same number.
 */
export async function isAlreadyReferred(
  db: DbOrTx,
  phone: string,
  { exceptLeadId, exceptReferralId }: { exceptLeadId?: string; exceptReferralId?: string } = {},
): Promise<boolean> {
  const digits = digitsOnly(phone);
  if (digits.length < 8) return false;
  const open = sql.join(
    OPEN_REFERRAL_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`select (
      exists (select 1 from leads l
        where regexp_replace(l.phone, '\\D', '', 'g') = ${digits}
          and l.status_funil not in ('convertido', 'perdido')
          ${exceptLeadId ? sql`and l.id <> ${exceptLeadId}` : sql``})
      or exists (select 1 from clients c where regexp_replace(c.phone, '\\D', '', 'g') = ${digits})
      or exists (select 1 from referrals r
        where regexp_replace(r.contact_phone, '\\D', '', 'g') = ${digits} and r.status in (${open})
          ${exceptReferralId ? sql`and r.id <> ${exceptReferralId}` : sql``})
    ) as found`,
  );
  return rows[0]?.found === true;
}
