import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import {
  chargeLines,
  charges,
  clients,
  invoices,
  leads,
  referrals,
  representatives,
  subscriptions,
} from "~/db/schema";
import type { DomainEnvelope, WebhookEvent } from "~/modules/events/index.server";

/**
 * The JSON each webhook event carries: the entity as it is when the delivery is prepared (a
 * second or so after the change), plus the transition for status events. snake_case, the
 * convention of the tools these go to (n8n, Zapier, Make).
 */
async function leadData(id: string) {
  const [l] = await getDb().select().from(leads).where(eq(leads.id, id));
  if (!l) return null;
  return {
    id: l.id,
    name: l.name,
    email: l.email,
    phone: l.phone,
    business: l.business,
    plan: l.plan,
    message: l.message,
    is_representative: l.isRepresentative,
    status: l.statusFunil,
    utm_source: l.utmSource,
    utm_medium: l.utmMedium,
    utm_campaign: l.utmCampaign,
    utm_term: l.utmTerm,
    utm_content: l.utmContent,
    referrer: l.referrer,
    landing_page: l.landingPage,
    converted_client_id: l.convertedClientId,
    created_at: l.createdAt.toISOString(),
  };
}

async function clientData(id: string) {
  const [c] = await getDb().select().from(clients).where(eq(clients.id, id));
  if (!c) return null;
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    business_name: c.businessName,
    plan_id: c.planId,
    status: c.status,
    created_at: c.createdAt.toISOString(),
  };
}

async function referralData(id: string) {
  const [r] = await getDb()
    .select({ r: referrals, repName: representatives.name, repEmail: representatives.email })
    .from(referrals)
    .leftJoin(representatives, eq(representatives.id, referrals.representativeId))
    .where(eq(referrals.id, id));
  if (!r) return null;
  return {
    id: r.r.id,
    business_name: r.r.businessName,
    contact_name: r.r.contactName,
    contact_phone: r.r.contactPhone,
    plan_id: r.r.planId,
    status: r.r.status,
    // Earned only once completed (the promised amount is on the row from creation).
    commission_cents: r.r.status === "concluido" ? r.r.commissionCents : null,
    representative: r.r.representativeId
      ? { id: r.r.representativeId, name: r.repName, email: r.repEmail }
      : null,
    created_at: r.r.createdAt.toISOString(),
  };
}

async function chargeData(id: string) {
  const [c] = await getDb().select().from(charges).where(eq(charges.id, id));
  if (!c) return null;
  const lines = await getDb()
    .select()
    .from(chargeLines)
    .where(eq(chargeLines.chargeId, id))
    .orderBy(chargeLines.position);
  return {
    id: c.id,
    number: c.number,
    client_id: c.clientId,
    subscription_id: c.subscriptionId,
    status: c.status,
    amount_cents: c.amountCents,
    discount_cents: c.discountCents,
    due_date: c.dueDate,
    period_start: c.periodStart,
    period_end: c.periodEnd,
    lines: lines.map((l) => ({ kind: l.kind, description: l.description, amount_cents: l.amountCents })),
    paid_on: c.paidOn,
    // What was really paid (a partial payment leaves the charge open); the old name is kept for
    // the endpoints that read it.
    paid_amount_cents: c.paidAmountCents,
    amount_paid_cents: c.paidAmountCents,
    payment_method: c.paymentMethod,
    cancel_reason: c.cancelReason,
    pix_txid: c.pixTxid,
    created_at: c.createdAt.toISOString(),
  };
}

async function subscriptionData(id: string) {
  const [s] = await getDb().select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!s) return null;
  return {
    id: s.id,
    client_id: s.clientId,
    plan_id: s.planId,
    status: s.status,
    start_date: s.startDate,
    end_date: s.endDate,
    renewal_type: s.renewalType,
    suspension_exempt: s.suspensionExempt,
  };
}

async function invoiceData(id: string) {
  const [i] = await getDb().select().from(invoices).where(eq(invoices.id, id));
  if (!i) return null;
  return {
    id: i.id,
    charge_id: i.chargeId,
    status: i.status,
    number: i.number,
    validation_code: i.validationCode,
    value_cents: i.valueCents,
    service_code: i.serviceCode,
    effective_date: i.effectiveDate,
    pdf_url: i.pdfUrl,
    xml_url: i.xmlUrl,
    error_reason: i.errorReason,
    issued_at: i.issuedAt?.toISOString() ?? null,
    cancelled_at: i.cancelledAt?.toISOString() ?? null,
  };
}

/** The `data` of a webhook body, or null when the entity no longer exists. */
export async function webhookData(envelope: DomainEnvelope<WebhookEvent>): Promise<object | null> {
  switch (envelope.event) {
    case "lead.created": {
      const lead = await leadData(envelope.payload.leadId);
      return lead && { lead };
    }
    case "lead.status_changed": {
      const lead = await leadData(envelope.payload.leadId);
      return lead && { lead, from: envelope.payload.from, to: envelope.payload.to };
    }
    case "client.created": {
      const client = await clientData(envelope.payload.clientId);
      return client && { client, from_lead_id: envelope.payload.fromLeadId ?? null };
    }
    case "referral.status_changed": {
      const referral = await referralData(envelope.payload.referralId);
      return referral && { referral, from: envelope.payload.from, to: envelope.payload.to };
    }
    case "charge.created":
    case "charge.paid":
    case "charge.cancelled":
    case "charge.overdue":
    case "charge.refunded":
    case "charge.charged_back": {
      const charge = await chargeData(envelope.payload.chargeId);
      return charge && { charge };
    }
    case "subscription.suspended":
    case "subscription.reactivated": {
      const subscription = await subscriptionData(envelope.payload.subscriptionId);
      const charge = envelope.payload.chargeId ? await chargeData(envelope.payload.chargeId) : null;
      return subscription && { subscription, charge };
    }
    case "invoice.issued":
    case "invoice.failed":
    case "invoice.cancelled": {
      const invoice = await invoiceData(envelope.payload.invoiceId);
      const charge = await chargeData(envelope.payload.chargeId);
      return invoice && { invoice, charge };
    }
  }
}
