// One truth, found by the randomised business (seed 4): a semi-annual period started on 30/08 ends
// on 27/02 (30/08 + 6 months is clamped to 28/02), and the charged-price check once counted it as
// 5 months, reporting its R$ 89,90/month as R$ 107,88.
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { charges, plans } from "~/db/schema";
import { recordPayment } from "~/modules/billing/payments.server";
import { createClient } from "~/modules/clients/clients.server";
import { addSubscription } from "~/modules/clients/subscriptions.server";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { checkConsistency } from "./consistency.server";

const t = useTestDatabase();
afterEach(() => resetClock());

it("counts a period that ends on a shorter month's last day at its months", async () => {
  const [premium] = await t.db.insert(plans).values({ name: "Premium", priceCents: 8990 }).returning();
  setClock("2025-08-30T15:00:00Z");
  const client = await createClient({
    input: {
      name: "Cliente Semestral",
      email: "semestral@conferencia.dev",
      phone: "(11) 98765-4321",
      businessName: "Restaurante Semestral",
      planId: null,
      status: "ativo",
    },
    today: "2025-08-30",
  });
  await addSubscription({
    clientId: client.id,
    input: { planId: premium.id, startDate: "2025-08-30", renewalType: "semestral" },
  });
  const [first] = await t.db.select().from(charges).where(eq(charges.clientId, client.id));
  expect(first).toMatchObject({ periodStart: "2025-08-30", periodEnd: "2026-02-27", amountCents: 6 * 8990 });
  await recordPayment({
    chargeId: first.id,
    input: { paidOn: "2025-08-30", method: "pix", amountCents: first.amountCents },
    today: "2025-08-30",
  });
  expect(await checkConsistency({ today: "2025-09-05" })).toEqual([]);
});
