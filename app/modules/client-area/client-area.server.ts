import { desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { clients, plans, subscriptions } from "~/db/schema";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { whatsappLink } from "~/lib/whatsapp";
import { isPayable } from "~/modules/billing/billing.constants";
import { clientChargesView, getChargeReceipt, nextCharge } from "~/modules/billing/index.server";
import { getClientOnboarding } from "~/modules/onboarding/index.server";
import { getPrivacySettings } from "~/modules/legal/index.server";
import { getSupportEmail } from "~/modules/settings/index.server";
import { safeHttpUrl } from "~/lib/safe-url";
import { urlQrDataUrl, urlQrSvg } from "~/lib/url-qr.server";
import { today as clockToday } from "~/server/clock.server";

// Every function here takes the client id from requireClient (the session), never from a form.

/** The subscription the area shows: the active one, else the newest. */
async function currentSubscription(clientId: string) {
  const rows = await getDb()
    .select({
      id: subscriptions.id,
      planName: plans.name,
      /** The plan's monthly price ("Mensalidade"); a quarterly renewal charges 3 of it. */
      monthlyPriceCents: plans.priceCents,
      status: subscriptions.status,
      renewalType: subscriptions.renewalType,
      startDate: subscriptions.startDate,
      endDate: subscriptions.endDate,
      cancelAt: subscriptions.cancelAt,
      noBilling: subscriptions.noBilling,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.clientId, clientId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(20);
  return (
    rows.find((r) => r.status === "ativa") ??
    rows.find((r) => String(r.status) === "suspensa") ??
    rows[0] ??
    null
  );
}

/**
 * The published menu: its address, a QR Code of it to print for the tables (inline SVG, and a PNG
 * to download), and the app links; null until published with an address (decision 042).
 */
async function publishedMenu(
  o: { status: string; menuUrl: string | null; androidUrl: string | null; iosUrl: string | null } | null,
) {
  const url = o?.status === "publicado" ? safeHttpUrl(o.menuUrl) : null;
  if (!o || !url) return null;
  const [qrSvg, qrPng] = await Promise.all([urlQrSvg(url, "QR Code do cardápio"), urlQrDataUrl(url)]);
  return { url, qrSvg, qrPng, androidUrl: safeHttpUrl(o.androidUrl), iosUrl: safeHttpUrl(o.iosUrl) };
}

/**
 * What /cliente shows: plan (its monthly price and "Próxima cobrança", from billing's nextCharge),
 * subscription, open charges first, paid ones (each with its lines and total), onboarding, help.
 */
export async function getClientOverview({ clientId }: { clientId: string }) {
  if (!isId(clientId)) throw new Error("client id required");
  const today = clockToday();
  const [client, subscription, charges, onboarding, privacy, supportEmail] = await Promise.all([
    getDb()
      .select({
        name: clients.name,
        businessName: clients.businessName,
        email: clients.email,
        phone: clients.phone,
        planName: plans.name,
      })
      .from(clients)
      .leftJoin(plans, eq(plans.id, clients.planId))
      .where(eq(clients.id, clientId))
      .then((r) => r[0] ?? null),
    currentSubscription(clientId),
    clientChargesView({ clientId }),
    getClientOnboarding({ clientId, today }),
    getPrivacySettings(),
    getSupportEmail(),
  ]);
  const whatsappNumber = env().WHATSAPP_NUMBER;
  const next = subscription ? await nextCharge({ subscriptionId: subscription.id, today }) : null;
  return {
    today,
    client,
    subscription: subscription && { ...subscription, next },
    // The provider's state (its error messages) is the back office's business, not the client's.
    open: charges
      .filter((c) => isPayable(c.status))
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
      .map(({ provider: _provider, ...c }) => ({
        ...c,
        overdue: c.status !== "pendente" || c.dueDate < today,
      })),
    paid: charges.filter((c) => c.status === "paga").map(({ provider: _provider, ...c }) => c),
    onboarding: onboarding && {
      status: onboarding.status,
      health: onboarding.health,
      dueDate: onboarding.dueDate,
      publishedOn: onboarding.publishedOn,
      items: onboarding.items.map((i) => ({ id: i.id, label: i.label, done: Boolean(i.doneAt) })),
    },
    menu: await publishedMenu(onboarding),
    help: {
      whatsapp: whatsappNumber
        ? {
            number: whatsappNumber,
            href: whatsappLink(whatsappNumber, "Olá! Sou cliente e preciso de ajuda."),
          }
        : null,
      // The support address ("E-mail de atendimento") first, else the privacy contact.
      email: supportEmail ?? (privacy?.contactEmail?.trim() || null),
    },
  };
}
export type ClientOverview = Awaited<ReturnType<typeof getClientOverview>>;

/** A paid charge's receipt, only when the charge is this client's (else null: a 404). */
export function getClientReceipt({ clientId, chargeId }: { clientId: string; chargeId: string }) {
  return getChargeReceipt({ id: chargeId, clientId });
}
