import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { invoices } from "~/db/schema";
import { onEvent } from "~/modules/events/index.server";
import { defineJob } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";
import { configuredProvider } from "~/server/payments/index.server";
import type { PaymentProvider } from "~/server/payments/provider";
import { invoiceIssuedMailJob } from "./mails.server";
import { cancelChargeInvoice, issueChargeInvoice, syncProviderInvoice } from "./issue.server";

const RETRY = { retryLimit: 8, retryDelay: 60, retryBackoff: true } as const;

/** A paid charge gets its note (decision 045): after the commit of the payment, by a job. */
export const issueOnPaymentJob = onEvent(["charge.paid"], {
  name: "invoices.issue-on-payment",
  ...RETRY,
  handler: async ({ payload }, job) => {
    const provider = configuredProvider();
    if (!provider) return;
    const outcome = await issueChargeInvoice(provider, payload.chargeId, job);
    log.info({ chargeId: payload.chargeId, outcome }, "invoices: issue on payment");
  },
});

/** "Emitir novamente" of a note that never reached the provider: the same work, asked by an admin. */
export const reissueInvoiceJob = defineJob<{ chargeId: string }>({
  name: "invoices.reissue",
  ...RETRY,
  handler: async ({ chargeId }, job) => {
    const provider = configuredProvider();
    if (!provider) return;
    const outcome = await issueChargeInvoice(provider, chargeId, job);
    log.info({ chargeId, outcome }, "invoices: issued again");
  },
});

/** A charge no longer paid (refund, chargeback, removal, cancellation) cancels its note. */
export const cancelOnReversalJob = onEvent(["charge.reversed"], {
  name: "invoices.cancel-on-reversal",
  ...RETRY,
  handler: async ({ payload }) => {
    const outcome = await cancelChargeInvoice(configuredProvider(), payload.chargeId);
    log.info({ chargeId: payload.chargeId, outcome }, "invoices: charge reversed");
  },
});

/**
 * The notes still open at the provider (waiting for the city, or a cancellation asked for) read
 * back, as the payments are daily: a lost webhook delays a note's state by a day at most.
 */
export async function reconcileOpenInvoices(provider: PaymentProvider, { limit = 500 } = {}) {
  const open = await getDb()
    .select({ providerId: invoices.providerId })
    .from(invoices)
    .where(
      and(
        eq(invoices.provider, provider.name),
        isNotNull(invoices.providerId),
        or(
          eq(invoices.status, "agendada"),
          and(eq(invoices.status, "emitida"), isNotNull(invoices.cancelRequestedAt)),
        ),
      ),
    )
    .orderBy(sql`${invoices.updatedAt} asc`)
    .limit(limit);
  const outcomes: Record<string, number> = {};
  for (const { providerId } of open) {
    const outcome = await syncProviderInvoice(provider, providerId!);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return outcomes;
}

export const reconcileInvoicesJob = defineJob<object>({
  name: "invoices.reconcile",
  schedule: { cron: "30 5 * * *" },
  expireInSeconds: 3600,
  handler: async () => {
    const provider = configuredProvider();
    if (!provider) return;
    log.info(await reconcileOpenInvoices(provider), "invoices: open notes reconciled");
  },
});

export const INVOICE_JOBS = [
  issueOnPaymentJob,
  reissueInvoiceJob,
  cancelOnReversalJob,
  reconcileInvoicesJob,
  invoiceIssuedMailJob,
] as const;
