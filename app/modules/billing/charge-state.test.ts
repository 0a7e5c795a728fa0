// The charge's state machine is written once (charge-state.ts) and enforced by the database too:
// every pair of statuses is tried against a real database, on PGlite and on PostgreSQL.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { charges, clients } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";
import { CHARGE_STATUSES, type ChargeStatus } from "./billing.constants";
import { assertChargeMove, canMoveCharge, ChargeTransitionError } from "./charge-state";

const t = useTestDatabase();
let clientId = "";
let seq = 0;

beforeAll(async () => {
  const [client] = await t.db
    .insert(clients)
    .values({ name: "Estados", email: "estados@teste.dev", phone: "11999990000", businessName: "Bar" })
    .returning();
  clientId = client.id;
});

/** The columns a charge in `status` must have (a paid one its payment, a cancelled one a reason). */
function factsFor(status: ChargeStatus) {
  const payment =
    status === "paga"
      ? {
          paidOn: "2026-01-05",
          paidAmountCents: 1000,
          paymentMethod: "pix" as const,
          paymentSource: "manual" as const,
        }
      : { paidOn: null, paidAmountCents: null, paymentMethod: null, paymentSource: null };
  return { status, ...payment, cancelReason: status === "cancelada" ? "Motivo" : null };
}

async function chargeIn(status: ChargeStatus) {
  seq += 1;
  const [row] = await t.db
    .insert(charges)
    .values({
      number: `2026-${String(800000 + seq)}`,
      clientId,
      origin: "avulsa",
      dueDate: "2026-01-10",
      subtotalCents: 1000,
      amountCents: 1000,
      ...factsFor(status),
    })
    .returning();
  return row.id;
}

describe("the charge state machine", () => {
  for (const from of CHARGE_STATUSES) {
    for (const to of CHARGE_STATUSES) {
      if (from === to) continue;
      const allowed = canMoveCharge(from, to);
      it(`${from} → ${to}: ${allowed ? "allowed" : "refused"} by the code and by the database`, async () => {
        const id = await chargeIn(from);
        const move = t.db.update(charges).set(factsFor(to)).where(eq(charges.id, id));
        if (allowed) {
          await move;
          const [row] = await t.db.select({ status: charges.status }).from(charges).where(eq(charges.id, id));
          expect(row.status).toBe(to);
          expect(() => assertChargeMove(from, to)).not.toThrow();
        } else {
          const err = await move.then(
            () => null,
            (e: unknown) => e as { cause?: { constraint?: string } },
          );
          expect(err?.cause?.constraint).toBe("charges_status_transition");
          expect(() => assertChargeMove(from, to)).toThrow(ChargeTransitionError);
        }
      });
    }
  }

  it("nothing leaves cancelada, and a refund is paid again only by a new payment", () => {
    expect(CHARGE_STATUSES.filter((to) => canMoveCharge("cancelada", to))).toEqual([]);
    expect(CHARGE_STATUSES.filter((to) => canMoveCharge("estornada", to))).toEqual(["paga"]);
  });
});
