import { and, eq, lt, ne, notLike } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { leads, mailMessages } from "~/db/schema";
import { recordAudit } from "~/modules/audit/index.server";
import { defineJob } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";
import { anonymiseLeadRows } from "./data-subject-erase.server";
import { getPrivacySettings } from "~/modules/legal/index.server";
import { now as clockNow } from "~/server/clock.server";

// Retention (LGPD): lost leads are anonymised N months (Configurações → Privacidade,
// default 24) after their last change; e-mail bodies in the mail log are kept 90 days.

export const DEFAULT_LEAD_RETENTION_MONTHS = 24;
export const MAIL_BODY_RETENTION_DAYS = 90;
export const MAIL_BODY_PURGED = "[conteúdo removido após 90 dias]";
const BATCH = 200;

/** Anonymises the leads lost before `now - months`; returns how many. */
export async function anonymiseExpiredLostLeads({
  now = clockNow(),
  months,
}: {
  now?: Date;
  months?: number;
} = {}): Promise<number> {
  const keep = months ?? (await getPrivacySettings())?.leadRetentionMonths ?? DEFAULT_LEAD_RETENTION_MONTHS;
  const cutoff = new Date(now);
  cutoff.setMonth(cutoff.getMonth() - keep);
  let total = 0;
  for (;;) {
    const done = await getDb().transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(leads)
        .where(
          and(
            eq(leads.statusFunil, "perdido"),
            lt(leads.updatedAt, cutoff),
            notLike(leads.email, "%@anonimizado.invalid"),
          ),
        )
        .limit(BATCH);
      await anonymiseLeadRows(tx, rows);
      if (rows.length) {
        await recordAudit(tx, {
          actor: null,
          action: "privacy.retention",
          entityType: "privacy",
          entityLabel: `Leads perdidos há mais de ${keep} meses`,
          changes: { Leads: [rows.length, "anonimizado"] },
        });
      }
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}

/** Empties the bodies of mail-log messages older than 90 days (subject, recipient and status stay). */
export async function purgeOldMailBodies({ now = clockNow() }: { now?: Date } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - MAIL_BODY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const rows = await getDb()
    .update(mailMessages)
    .set({
      html: MAIL_BODY_PURGED,
      text: MAIL_BODY_PURGED,
      redactedHtml: null,
      redactedText: null,
      updatedAt: now,
    })
    .where(
      and(
        lt(mailMessages.createdAt, cutoff),
        ne(mailMessages.text, MAIL_BODY_PURGED),
        ne(mailMessages.status, "pendente"),
      ),
    )
    .returning({ id: mailMessages.id });
  return rows.length;
}

export const privacyRetentionJob = defineJob<object>({
  name: "privacy.retention",
  schedule: { cron: "30 3 * * *" },
  handler: async () => {
    const leadsDone = await anonymiseExpiredLostLeads();
    const mails = await purgeOldMailBodies();
    log.info({ leads: leadsDone, mails }, "privacy retention");
  },
});
