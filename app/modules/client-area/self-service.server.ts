import { asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { chargeLines, charges, clientRequests, clients, subscriptions } from "~/db/schema";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { ClientFields } from "~/modules/clients/clients.schema";
import { formatPhone } from "~/lib/phone";
import type { z } from "~/lib/zod";
import { now } from "~/server/clock.server";

// The restaurant's own changes and downloads in /cliente. As everywhere in the
// client area, the client id comes from requireClient (the session); ids in a form are ignored.

/** "Seus dados": the contact name and phone, with the client form's rules and messages. */
export const ContactSchema = ClientFields.pick({ name: true, phone: true });

export const CONTACT_MESSAGES = { saved: "Dados atualizados." } as const;

/** What the form starts from: the stored name and the phone as people write it. */
export async function getOwnContact({ clientId }: { clientId: string }) {
  const [row] = await getDb()
    .select({ name: clients.name, phone: clients.phone, email: clients.email })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ? { ...row, phone: formatPhone(row.phone) } : null;
}

/** Saves the contact name and phone; audited as made by the client's own login. */
export async function updateOwnContact({
  clientId,
  input,
  actor,
}: {
  clientId: string;
  /** Checked by ContactSchema. */
  input: z.output<typeof ContactSchema>;
  actor: Actor;
}): Promise<{ ok: true; message: string }> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ name: clients.name, phone: clients.phone })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for("update");
    if (!before) return;
    const next = input;
    if (before.name === next.name && before.phone === next.phone) return;
    await tx
      .update(clients)
      .set({ name: next.name, phone: next.phone, updatedAt: now() })
      .where(eq(clients.id, clientId));
    await recordAudit(tx, {
      actor,
      action: "client.updated",
      entityType: "client",
      entityId: clientId,
      entityLabel: next.name,
      changes: {
        ...(before.name !== next.name ? { name: [before.name, next.name] } : {}),
        ...(before.phone !== next.phone ? { phone: [before.phone, next.phone] } : {}),
      },
    });
  });
  return { ok: true, message: CONTACT_MESSAGES.saved };
}

/**
 * "Baixar meus dados" (LGPD art. 18): the client's record, subscriptions, charges with their
 * lines and plan-change or cancellation requests with their answers, as the representatives'
 * download does for theirs. Admins' internal notes stay out.
 */
export async function clientOwnData({ clientId }: { clientId: string }) {
  const db = getDb();
  const [client] = await db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      phone: clients.phone,
      businessName: clients.businessName,
      document: clients.document,
      addressCep: clients.addressCep,
      addressStreet: clients.addressStreet,
      addressNumber: clients.addressNumber,
      addressComplement: clients.addressComplement,
      addressDistrict: clients.addressDistrict,
      addressCity: clients.addressCity,
      addressCityIbge: clients.addressCityIbge,
      addressUf: clients.addressUf,
      status: clients.status,
      createdAt: clients.createdAt,
      updatedAt: clients.updatedAt,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  const subs = await db
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
      status: subscriptions.status,
      renewalType: subscriptions.renewalType,
      startDate: subscriptions.startDate,
      endDate: subscriptions.endDate,
      cancelAt: subscriptions.cancelAt,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.clientId, clientId))
    .orderBy(asc(subscriptions.createdAt));
  const chargeRows = await db
    .select({
      id: charges.id,
      number: charges.number,
      status: charges.status,
      periodStart: charges.periodStart,
      periodEnd: charges.periodEnd,
      dueDate: charges.dueDate,
      amountCents: charges.amountCents,
      discountCents: charges.discountCents,
      paidOn: charges.paidOn,
      paidAmountCents: charges.paidAmountCents,
      paymentMethod: charges.paymentMethod,
      createdAt: charges.createdAt,
    })
    .from(charges)
    .where(eq(charges.clientId, clientId))
    .orderBy(asc(charges.dueDate), asc(charges.number));
  const lines = chargeRows.length
    ? await db
        .select({
          chargeId: chargeLines.chargeId,
          kind: chargeLines.kind,
          description: chargeLines.description,
          amountCents: chargeLines.amountCents,
        })
        .from(chargeLines)
        .where(
          inArray(
            chargeLines.chargeId,
            chargeRows.map((c) => c.id),
          ),
        )
        .orderBy(asc(chargeLines.position))
    : [];
  const requests = await db
    .select({
      kind: clientRequests.kind,
      reason: clientRequests.reason,
      details: clientRequests.details,
      status: clientRequests.status,
      answer: clientRequests.adminMessage,
      createdAt: clientRequests.createdAt,
      decidedAt: clientRequests.decidedAt,
    })
    .from(clientRequests)
    .where(eq(clientRequests.clientId, clientId))
    .orderBy(asc(clientRequests.createdAt));
  return {
    exportedAt: now().toISOString(),
    client: client ?? null,
    subscriptions: subs,
    requests,
    charges: chargeRows.map((c) => ({
      ...c,
      lines: lines.filter((l) => l.chargeId === c.id).map(({ chargeId: _id, ...l }) => l),
    })),
  };
}
