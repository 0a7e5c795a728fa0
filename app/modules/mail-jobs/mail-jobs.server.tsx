// One thing: the product's own e-mails as jobs, registered together in NOTIFICATION_JOBS. Each job
// is short and built the same way (an event or a schedule, one render, one logged message per
// recipient keyed by the event), and the list the worker starts is read here in one place.
import { eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import {
  accountDeletionRequests,
  leads,
  payoutItems,
  payouts,
  referrals,
  representatives,
} from "~/db/schema";
import { PAYOUT_METHOD_LABELS } from "~/modules/payouts/payouts.constants";
import {
  PayoutRecordedMail,
  payoutRecordedSubject,
  mailBrand,
  LeadAlertMail,
  leadAlertSubject,
  ReferralStatusMail,
  referralStatusSubject,
  dailyDigestSubject,
  RenewalDigestMail,
  type DigestFollowUp,
  type DigestGroup,
  WELCOME_SUBJECT,
  WelcomeMail,
  DELETION_REQUEST_SUBJECT,
  DeletionRequestMail,
  adminEmails,
  leadAlertRecipients,
} from "~/modules/notifications/index.server";
import { addDays } from "~/lib/dates";
import { whatsappLink } from "~/lib/whatsapp";
import { onEvent } from "~/modules/events/index.server";
import { referralMoveNote, referralStatusLabel } from "~/modules/referrals/referrals.schema";
import { defineJob } from "~/server/jobs/queue.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import { listDueFollowUps } from "~/modules/leads/index.server";
import { listSuspensionsForDigest, listDivergencesForDigest } from "~/modules/billing/index.server";
import { DIVERGENCE_KIND_LABELS } from "~/modules/billing/billing.schema";
import { listOnboardingsForDigest } from "~/modules/onboarding/index.server";
import { formatPhone } from "~/lib/phone";
import { today as clockToday } from "~/server/clock.server";

/**
 * The product's own e-mails, each a job that subscribes to a domain event (or a schedule).
 * Each one renders once and records one message per recipient in the mail log, keyed by the
 * event's id, so a retried job records (and sends) nothing twice.
 */

const ATTRIBUTION_LABELS = [
  ["utmSource", "utm_source"],
  ["utmMedium", "utm_medium"],
  ["utmCampaign", "utm_campaign"],
  ["utmTerm", "utm_term"],
  ["utmContent", "utm_content"],
  ["referrer", "Veio de"],
  ["landingPage", "Página de entrada"],
] as const;

export const leadAlertJob = onEvent(["lead.created"], {
  name: "mail.lead-alert",
  pollingIntervalSeconds: 1,
  batchSize: 10,
  retryDelay: 10,
  async handler({ payload, eventId }) {
    const [lead] = await getDb().select().from(leads).where(eq(leads.id, payload.leadId));
    if (!lead) return;
    const to = await leadAlertRecipients();
    if (to.length === 0) return;
    const brand = mailBrand();
    const data = {
      name: lead.name,
      business: lead.business,
      phone: formatPhone(lead.phone),
      whatsapp: whatsappLink(lead.phone),
      email: lead.email,
      plan: lead.plan,
      message: lead.message,
      isRepresentative: lead.isRepresentative,
      createdAt: lead.createdAt,
      attribution: ATTRIBUTION_LABELS.flatMap(([k, label]): [string, string][] =>
        lead[k] ? [[label, lead[k]]] : [],
      ),
      // A referral's lead has no e-mail to search by: its own page.
      leadUrl: brand.url(
        lead.email ? `/admin/leads?q=${encodeURIComponent(lead.email)}` : `/admin/leads/${lead.id}`,
      ),
    };
    const body = await renderMail(<LeadAlertMail brand={brand} lead={data} />);
    const subject = leadAlertSubject(data);
    await getDb().transaction(async (tx) => {
      for (const address of to) {
        await queueMail(tx, {
          kind: "lead.novo",
          to: address,
          subject,
          ...body,
          dedupeKey: `${eventId}:${address}`,
          entity: { type: "lead", id: lead.id },
        });
      }
    });
  },
});

export const referralStatusMailJob = onEvent(["referral.status_changed"], {
  name: "mail.referral-status",
  pollingIntervalSeconds: 2,
  async handler({ payload, eventId }) {
    const [row] = await getDb()
      .select({
        businessName: referrals.businessName,
        status: referrals.status,
        commissionCents: referrals.commissionCents,
        repName: representatives.name,
        repEmail: representatives.email,
        // A lost lead's reason (the category the team chose, not its note).
        lostReason: leads.lostReason,
      })
      .from(referrals)
      .innerJoin(representatives, eq(representatives.id, referrals.representativeId))
      .leftJoin(leads, eq(leads.id, referrals.leadId))
      .where(eq(referrals.id, payload.referralId));
    if (!row) return;
    const data = {
      representativeName: row.repName,
      businessName: row.businessName,
      statusLabel: referralStatusLabel(payload.to),
      completed: payload.to === "concluido",
      commissionCents: payload.to === "concluido" ? row.commissionCents : null,
      note: referralMoveNote({ ...payload, lostReason: row.lostReason }),
    };
    const body = await renderMail(<ReferralStatusMail brand={mailBrand()} data={data} />);
    await queueMail(getDb(), {
      kind: "indicacao.status",
      to: row.repEmail,
      subject: referralStatusSubject(data),
      ...body,
      dedupeKey: `${eventId}:${row.repEmail}`,
      entity: { type: "referral", id: payload.referralId },
    });
  },
});

export const payoutMailJob = onEvent(["payout.recorded"], {
  name: "mail.payout-recorded",
  pollingIntervalSeconds: 2,
  async handler({ payload, eventId }) {
    const [row] = await getDb()
      .select({
        amountCents: payouts.amountCents,
        paidOn: payouts.paidOn,
        method: payouts.method,
        reference: payouts.reference,
        cancelledAt: payouts.cancelledAt,
        commissions: sql<number>`(select count(*)::int from ${payoutItems} where ${payoutItems.payoutId} = ${payouts.id})`,
        repName: representatives.name,
        repEmail: representatives.email,
      })
      .from(payouts)
      .innerJoin(representatives, eq(representatives.id, payouts.representativeId))
      .where(eq(payouts.id, payload.payoutId));
    // Cancelled before the job ran: nothing to announce.
    if (!row || row.cancelledAt) return;
    const data = {
      representativeName: row.repName,
      amountCents: row.amountCents,
      paidOn: row.paidOn,
      methodLabel: PAYOUT_METHOD_LABELS[row.method],
      reference: row.reference,
      commissions: Number(row.commissions),
    };
    const body = await renderMail(<PayoutRecordedMail brand={mailBrand()} data={data} />);
    await queueMail(getDb(), {
      kind: "comissoes.pagamento",
      to: row.repEmail,
      subject: payoutRecordedSubject(data),
      ...body,
      dedupeKey: `${eventId}:${row.repEmail}`,
      entity: { type: "payout", id: payload.payoutId },
    });
  },
});

export const welcomeMailJob = onEvent(["representative.registered"], {
  name: "mail.welcome",
  pollingIntervalSeconds: 2,
  async handler({ payload, eventId }) {
    const [rep] = await getDb()
      .select({ name: representatives.name, email: representatives.email })
      .from(representatives)
      .where(eq(representatives.id, payload.representativeId));
    if (!rep) return;
    const body = await renderMail(<WelcomeMail brand={mailBrand()} name={rep.name} />);
    await queueMail(getDb(), {
      kind: "representante.boas-vindas",
      to: rep.email,
      subject: WELCOME_SUBJECT,
      ...body,
      dedupeKey: `${eventId}:${rep.email}`,
      entity: { type: "representative", id: payload.representativeId },
    });
  },
});

/** A representative asked for their account's deletion (/representante/conta): to every admin. */
export const deletionRequestMailJob = onEvent(["privacy.deletion_requested"], {
  name: "mail.deletion-request",
  pollingIntervalSeconds: 2,
  async handler({ payload, eventId }) {
    const [row] = await getDb()
      .select({
        representativeId: representatives.id,
        name: representatives.name,
        email: representatives.email,
        requestedAt: accountDeletionRequests.requestedAt,
      })
      .from(accountDeletionRequests)
      .innerJoin(representatives, eq(representatives.id, accountDeletionRequests.representativeId))
      .where(eq(accountDeletionRequests.id, payload.requestId));
    if (!row) return;
    const to = await adminEmails();
    if (to.length === 0) return;
    const brand = mailBrand();
    const body = await renderMail(
      <DeletionRequestMail
        brand={brand}
        data={{ ...row, url: brand.url(`/admin/privacy?q=${encodeURIComponent(row.email)}`) }}
      />,
    );
    await getDb().transaction(async (tx) => {
      for (const address of to) {
        await queueMail(tx, {
          kind: "privacidade.exclusao",
          to: address,
          subject: DELETION_REQUEST_SUBJECT,
          ...body,
          dedupeKey: `${eventId}:${address}`,
          entity: { type: "representative", id: row.representativeId },
        });
      }
    });
  },
});

/** Active subscriptions whose end date is `day` ("ended yesterday": end date yesterday, still ativa). */
async function subscriptionsEndingOn(day: string) {
  return queryRows<{ client_id: string; client_name: string; plan_name: string; end_date: string }>(
    getDb(),
    sql`select c.id as client_id, c.name as client_name, p.name as plan_name, s.end_date::text as end_date
          from subscriptions s
          join clients c on c.id = s.client_id
          join plans p on p.id = s.plan_id
         where s.end_date = ${day}::date and s.status = 'ativa'
         order by c.name, s.id`,
  );
}

/** At most this many follow-ups in one digest (the funnel's filter shows them all). */
const DIGEST_FOLLOW_UPS = 100;

/**
 * Daily at 08:00 (São Paulo): one digest to the admins of subscriptions ending in 7, 3 and 1
 * days and those that ended yesterday, and of the open leads whose next contact is overdue
 * (before `today`) or due `today`; nothing when there are none. One per day and
 * address, however often the schedule fires.
 */
export const renewalDigestJob = defineJob<{ today?: string }>({
  name: "mail.renewal-digest",
  schedule: { cron: "0 8 * * *" },
  pollingIntervalSeconds: 30,
  async handler(data) {
    const today = data?.today ?? clockToday();
    const spec: [string, number][] = [
      ["Terminam em 7 dias", 7],
      ["Terminam em 3 dias", 3],
      ["Terminam amanhã", 1],
      ["Terminaram ontem", -1],
    ];
    const groups: DigestGroup[] = [];
    for (const [title, days] of spec) {
      const rows = await subscriptionsEndingOn(addDays(today, days));
      groups.push({
        title,
        rows: rows.map((r) => ({
          clientId: r.client_id,
          clientName: r.client_name,
          planName: r.plan_name,
          endDate: r.end_date,
        })),
      });
    }
    const total = groups.reduce((n, g) => n + g.rows.length, 0);
    const startOfToday = new Date(`${today}T00:00:00-03:00`);
    const due = await listDueFollowUps({
      until: new Date(`${addDays(today, 1)}T00:00:00-03:00`),
      limit: DIGEST_FOLLOW_UPS,
    });
    const followUps = { overdue: [] as DigestFollowUp[], today: [] as DigestFollowUp[] };
    for (const r of due) {
      const row = {
        leadId: r.id,
        name: r.name,
        business: r.business,
        nextContactAt: new Date(r.nextContactAt),
      };
      (row.nextContactAt < startOfToday ? followUps.overdue : followUps.today).push(row);
    }
    // Onboardings late and at risk: the 3–5 business-day promise.
    const onboardings = await listOnboardingsForDigest({ today });
    const onboardingCount = onboardings.late.length + onboardings.atRisk.length;
    // Subscriptions suspended, and those a few days from it.
    const { suspended, aboutToSuspend } = await listSuspensionsForDigest({ today });
    const suspensionCount = suspended.length + aboutToSuspend.length;
    // Payments that do not match their charge, waiting for an admin.
    const divergences = (await listDivergencesForDigest()).map((d) => ({
      kindLabel: DIVERGENCE_KIND_LABELS[d.kind],
      chargeNumber: d.chargeNumber,
      clientName: d.clientName,
      expectedCents: d.expectedCents,
      receivedCents: d.receivedCents,
    }));
    if (total + due.length + onboardingCount + suspensionCount + divergences.length === 0) return;
    const to = await adminEmails();
    const body = await renderMail(
      <RenewalDigestMail
        brand={mailBrand()}
        groups={groups}
        followUps={followUps}
        onboardings={onboardings}
        suspensions={{ suspended, aboutToSuspend }}
        divergences={divergences}
      />,
    );
    await getDb().transaction(async (tx) => {
      for (const address of to) {
        await queueMail(tx, {
          kind: "assinaturas.resumo",
          to: address,
          subject: dailyDigestSubject(
            total,
            due.length,
            onboardingCount,
            suspensionCount,
            divergences.length,
          ),
          ...body,
          dedupeKey: `renewal-digest:${today}:${address}`,
        });
      }
    });
  },
});

export const NOTIFICATION_JOBS = [
  leadAlertJob,
  referralStatusMailJob,
  payoutMailJob,
  welcomeMailJob,
  deletionRequestMailJob,
  renewalDigestJob,
];
