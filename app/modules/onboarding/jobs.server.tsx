import { and, eq, gte, lte, sql } from "drizzle-orm";
import { getDb, queryRows, type Tx } from "~/db/client.server";
import { clients, leads, onboardings, promiseAlerts } from "~/db/schema";
import { hoursBetween } from "~/lib/format";
import { onEvent } from "~/modules/events/index.server";
import { adminEmails, clientMailBrand, mailBrand } from "~/modules/notifications/index.server";
import { urlQrPng } from "~/lib/url-qr.server";
import { now, today as clockToday } from "~/server/clock.server";
import { defineJob } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";
import { queueMail } from "~/server/mail/mail.server";
import { notifyClient, publishedMoment } from "~/modules/whatsapp/index.server";
import { renderMail } from "~/server/mail/render.server";
import {
  LeadStaleMail,
  MENU_QR_CID,
  leadStaleSubject,
  ONBOARDING_PUBLISHED_SUBJECT,
  OnboardingLateMail,
  onboardingLateSubject,
  OnboardingOpenedMail,
  onboardingOpenedSubject,
  OnboardingPublishedMail,
} from "./mails/client-mails";
import { LEAD_STALE_HOURS } from "./onboarding.constants";
import { getOnboardingSettings } from "./onboarding-settings.server";

/**
 * The onboarding's e-mails. The client's two messages are keyed by the
 * onboarding (not the event), so each is recorded once whatever happens to the events; the
 * admins' alerts are marked in promise_alerts in the transaction that queues them.
 */

async function clientOf(onboardingId: string) {
  const [row] = await getDb()
    .select({
      clientId: clients.id,
      name: clients.name,
      businessName: clients.businessName,
      email: clients.email,
      dueDate: onboardings.dueDate,
      id: onboardings.id,
      menuUrl: onboardings.menuUrl,
      androidUrl: onboardings.androidUrl,
      iosUrl: onboardings.iosUrl,
    })
    .from(onboardings)
    .innerJoin(clients, eq(clients.id, onboardings.clientId))
    .where(eq(onboardings.id, onboardingId));
  return row ?? null;
}

export const onboardingOpenedMailJob = onEvent(["onboarding.opened"], {
  name: "mail.onboarding-opened",
  pollingIntervalSeconds: 2,
  async handler({ payload }) {
    const row = await clientOf(payload.onboardingId);
    if (!row) return;
    const { dueDays } = await getOnboardingSettings();
    const brand = await clientMailBrand(row.email);
    const body = await renderMail(
      <OnboardingOpenedMail brand={brand} name={row.name} dueDate={row.dueDate} dueDays={dueDays} />,
    );
    await queueMail(getDb(), {
      kind: "implantacao.pagamento-confirmado",
      to: row.email,
      replyTo: brand.supportEmail,
      subject: onboardingOpenedSubject(row.dueDate),
      ...body,
      dedupeKey: `onboarding-opened:${row.id}`,
      entity: { type: "client", id: payload.clientId },
    });
  },
});

export const onboardingPublishedMailJob = onEvent(["onboarding.published"], {
  name: "mail.onboarding-published",
  pollingIntervalSeconds: 2,
  async handler({ payload }) {
    const row = await clientOf(payload.onboardingId);
    if (!row) return;
    // Published before the address was asked for (decision 042): nothing to link to.
    if (!row.menuUrl) return;
    const brand = await clientMailBrand(row.email);
    const data = { name: row.name, menuUrl: row.menuUrl, androidUrl: row.androidUrl, iosUrl: row.iosUrl };
    const body = await renderMail(<OnboardingPublishedMail brand={brand} data={data} />);
    const mail = {
      kind: "implantacao.publicada",
      to: row.email,
      replyTo: brand.supportEmail,
      subject: ONBOARDING_PUBLISHED_SUBJECT,
      ...body,
      // The QR's PNG is stored with the message, like the PIX QR of a charge.
      attachments: [
        {
          cid: MENU_QR_CID,
          filename: "qr-code-cardapio.png",
          contentType: "image/png",
          contentBase64: (await urlQrPng(row.menuUrl)).toString("base64"),
        },
      ],
      dedupeKey: `onboarding-published:${row.id}`,
      entity: { type: "client", id: payload.clientId },
    };
    const whatsapp = publishedMoment({
      onboardingId: row.id,
      clientId: row.clientId,
      clientName: row.name,
      businessName: row.businessName,
      menuUrl: row.menuUrl,
    });
    // The e-mail and the WhatsApp message of the moment together, on the client's channels.
    await getDb().transaction((tx) => notifyClient(tx, row.clientId, mail, whatsapp));
  },
});

/**
 * Claims the alert `kind` for `subjectId` and queues `mails` in the same transaction: true when
 * this call won (a second run, or another instance, finds the row and sends nothing).
 */
async function alertOnce(
  kind: "implantacao.atrasada" | "lead.sem_contato",
  subjectId: string,
  queue: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [claimed] = await tx
      .insert(promiseAlerts)
      .values({ kind, subjectId, createdAt: now() })
      .onConflictDoNothing()
      .returning({ kind: promiseAlerts.kind });
    if (!claimed) return false;
    await queue(tx);
    return true;
  });
}

/** Open onboardings past their due date that were never alerted: one e-mail to every admin. */
export async function alertLateOnboardings({
  today = clockToday(),
}: { today?: string } = {}): Promise<number> {
  const late = await queryRows<{
    id: string;
    client_id: string;
    client_name: string;
    business_name: string;
    due_date: string;
  }>(
    getDb(),
    sql`select o.id, o.client_id, c.name as client_name, c.business_name, o.due_date::text as due_date
          from onboardings o join clients c on c.id = o.client_id
         where o.status <> 'publicado' and o.due_date < ${today}::date
           and not exists (select 1 from promise_alerts p where p.kind = 'implantacao.atrasada' and p.subject_id = o.id)
         order by o.due_date, o.id
         limit 200`,
  );
  if (!late.length) return 0;
  const to = await adminEmails();
  let sent = 0;
  for (const o of late) {
    const data = {
      clientId: o.client_id,
      clientName: o.client_name,
      businessName: o.business_name,
      dueDate: o.due_date,
    };
    const body = await renderMail(<OnboardingLateMail brand={mailBrand()} data={data} />);
    const won = await alertOnce("implantacao.atrasada", o.id, async (tx) => {
      for (const address of to)
        await queueMail(tx, {
          kind: "implantacao.atrasada",
          to: address,
          subject: onboardingLateSubject(o.client_name),
          ...body,
          dedupeKey: `onboarding-late:${o.id}:${address}`,
          entity: { type: "client", id: o.client_id },
        });
    });
    if (won) sent += 1;
  }
  return sent;
}

/** How far back the stale-lead alert looks: older leads were never promised this alert. */
const LEAD_STALE_LOOKBACK_DAYS = 7;

/** Leads still "novo" LEAD_STALE_HOURS after they arrived, never alerted: one e-mail to every admin. */
export async function alertStaleLeads({ at = now() }: { at?: Date } = {}): Promise<number> {
  const until = new Date(at.getTime() - LEAD_STALE_HOURS * 3_600_000);
  const since = new Date(at.getTime() - LEAD_STALE_LOOKBACK_DAYS * 86_400_000);
  const stale = await getDb()
    .select({ id: leads.id, name: leads.name, business: leads.business, createdAt: leads.createdAt })
    .from(leads)
    .where(
      and(
        eq(leads.statusFunil, "novo"),
        lte(leads.createdAt, until),
        gte(leads.createdAt, since),
        sql`not exists (select 1 from promise_alerts p where p.kind = 'lead.sem_contato' and p.subject_id = ${leads.id})`,
      ),
    )
    .orderBy(leads.createdAt)
    .limit(200);
  if (!stale.length) return 0;
  const to = await adminEmails();
  let sent = 0;
  for (const l of stale) {
    const hoursWaiting = hoursBetween(l.createdAt, at);
    const body = await renderMail(
      <LeadStaleMail brand={mailBrand()} data={{ ...l, leadId: l.id, hoursWaiting }} />,
    );
    const won = await alertOnce("lead.sem_contato", l.id, async (tx) => {
      for (const address of to)
        await queueMail(tx, {
          kind: "lead.sem-contato",
          to: address,
          subject: leadStaleSubject(l.name, hoursWaiting),
          ...body,
          dedupeKey: `lead-stale:${l.id}:${address}`,
          entity: { type: "lead", id: l.id },
        });
    });
    if (won) sent += 1;
  }
  return sent;
}

/** Daily, after midnight in São Paulo: yesterday's due dates that were not met. */
export const lateOnboardingsJob = defineJob<object>({
  name: "onboarding.alert-late",
  schedule: { cron: "20 0 * * *" },
  handler: async () => {
    const sent = await alertLateOnboardings();
    log.info({ sent }, "onboarding: late alerts");
  },
});

/** Every 15 minutes: leads crossing 20 hours without contact. */
export const staleLeadsJob = defineJob<object>({
  name: "leads.alert-stale",
  schedule: { cron: "*/15 * * * *" },
  handler: async () => {
    const sent = await alertStaleLeads();
    log.info({ sent }, "leads: stale alerts");
  },
});

export const ONBOARDING_JOBS = [
  onboardingOpenedMailJob,
  onboardingPublishedMailJob,
  lateOnboardingsJob,
  staleLeadsJob,
] as const;
