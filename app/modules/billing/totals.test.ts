// Financeiro's totals come from charge_totals, which triggers keep in step with every change of a
// charge (decision 030). These tests change charges through every path the product has (issue,
// renewal, discount, overdue, payment, cancellation, deletion, a line added later) and compare the
// table's answers with sums over the charges themselves, for every filter the page offers.
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { chargeLines, charges, clients, plans } from "~/db/schema";
import { createClient } from "~/modules/clients/clients.server";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { createOneOffCharge, issueRenewalCharges } from "./billing.server";
import { changeChargeAmount } from "./charge-amount.server";
import { listClientCharges } from "./charge-reads.server";
import { markOverdueCharges } from "./overdue.server";
import { cancelCharge } from "./reversals.server";
import { recordPayment } from "./payments.server";
import { CHARGE_LINE_KINDS, CHARGE_STATUSES, PAYMENT_METHODS } from "./billing.constants";
import { owedCents } from "./charge-paid";
import {
  chargeTotals,
  chargeTotalsFromCharges,
  getBillingFigures,
  listCharges,
  type ChargeFilters,
} from "./list.server";

const t = useTestDatabase();
const admin = { id: "admin-1", name: "Ana Admin" };
let premium = "";
let basic = "";

beforeAll(async () => {
  const rows = await t.db
    .insert(plans)
    .values([
      { name: "Premium", priceCents: 8990, setupFeeCents: 14900 },
      { name: "Básico", priceCents: 4990, setupFeeCents: 0 },
    ])
    .returning();
  premium = rows[0].id;
  basic = rows[1].id;
});

afterEach(() => resetClock());

let seq = 0;
async function newClient(planId: string | null, day: string) {
  seq += 1;
  setClock(`${day}T15:00:00Z`);
  return createClient({
    input: {
      name: `Cliente ${seq}`,
      email: `totais${seq}@teste.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${seq}`,
      planId,
      status: "ativo",
    },
    today: day,
    actor: admin,
  });
}

async function oneOff(clientId: string, amountCents: number, dueDate: string) {
  const made = await createOneOffCharge({
    clientId,
    input: { description: "Fotos do cardápio", amountCents, dueDate },
    today: "2026-01-01",
    actor: admin,
  });
  if (!made.ok) throw new Error(made.message);
  return made.value.id;
}

async function pay(
  chargeId: string,
  paidOn: string,
  method: (typeof PAYMENT_METHODS)[number],
  amountCents: number,
) {
  const paid = await recordPayment({
    chargeId,
    input: { paidOn, method, amountCents },
    today: paidOn,
    actor: admin,
  });
  if (!paid.ok) throw new Error(paid.message);
}

/** Every filter of the Financeiro URL, alone and in a few combinations. */
function filterGrid(): ChargeFilters[] {
  const grid: ChargeFilters[] = [{}];
  for (const status of CHARGE_STATUSES) grid.push({ status });
  for (const kind of CHARGE_LINE_KINDS) grid.push({ kind }, { kind, status: "pendente" });
  for (const method of PAYMENT_METHODS) grid.push({ method }, { method, from: "2026-02-01" });
  grid.push(
    { from: "2026-02-01", to: "2026-02-28" },
    { from: "2026-03-01" },
    { to: "2026-02-15" },
    { from: "2026-02-01", to: "2026-04-30", status: "vencida", kind: "mensalidade" },
    { from: "2026-01-01", to: "2026-12-31", method: "pix", kind: "ativação" },
    { paidFrom: "2026-03-01", paidTo: "2026-03-31" },
    { paidFrom: "2026-02-01", status: "paga", method: "pix" },
    { paidTo: "2026-03-31", from: "2026-02-01", kind: "avulsa" },
  );
  return grid;
}

/** The cards as a user adds up the rows listed for the filter. */
async function sumOfRows(filters: ChargeFilters) {
  const { rows } = await listCharges({ filters, pageSize: 1000 });
  const owed = rows.filter((r) => ["pendente", "vencida", "contestada"].includes(r.status));
  return {
    receivableCents: owed.reduce((n, r) => n + owedCents(r), 0),
    receivedCents: rows.reduce((n, r) => n + (r.paidAmountCents ?? 0), 0),
    overdueCents: owed.filter((r) => r.status === "vencida").reduce((n, r) => n + owedCents(r), 0),
  };
}

async function expectTotalsMatchCharges() {
  for (const filters of filterGrid()) {
    const totals = await chargeTotals(filters);
    expect({ filters, totals }).toEqual({ filters, totals: await chargeTotalsFromCharges(filters) });
    expect({ filters, totals }).toEqual({ filters, totals: await sumOfRows(filters) });
  }
  for (const today of ["2026-02-20", "2026-03-31", "2026-04-15"]) {
    const [direct] = await queryRows<{ received: string; overdue: string; n: string }>(
      t.db,
      sql`select
            (select coalesce(sum(paid_amount_cents), 0) from charges where status = 'paga'
              and paid_on >= ${`${today.slice(0, 8)}01`}::date and paid_on <= ${today}::date) as received,
            (select coalesce(sum(amount_cents), 0) from charges where status = 'vencida') as overdue,
            (select count(*) from charges where status = 'vencida') as n`,
    );
    expect(await getBillingFigures({ today })).toMatchObject({
      receivedThisMonthCents: Number(direct.received),
      overdueCents: Number(direct.overdue),
      overdueCount: Number(direct.n),
    });
  }
}

describe("Financeiro totals (charge_totals)", () => {
  it("match sums over the charges through issue, renewal, discount, overdue, payment, cancellation and deletion", async () => {
    const a = await newClient(premium, "2026-02-01");
    const b = await newClient(basic, "2026-02-10");
    const c = await newClient(premium, "2026-03-05");
    const d = await newClient(basic, "2026-03-20");
    const x1 = await oneOff(a.id, 2500, "2026-02-12");
    const x2 = await oneOff(b.id, 7000, "2026-03-15");
    const x3 = await oneOff(d.id, 1200, "2026-04-02");
    await expectTotalsMatchCharges();
    // The dashboard and the page read non-zero figures, not only equal ones.
    expect((await chargeTotals({})).receivableCents).toBeGreaterThan(0);

    await issueRenewalCharges({ today: "2026-02-25", daysBefore: 10 });
    await issueRenewalCharges({ today: "2026-03-25", daysBefore: 10 });
    const [firstOfA] = await listClientCharges({ clientId: a.id }).then((l) =>
      l.filter((x) => x.periodStart === "2026-02-01"),
    );
    const discounted = await changeChargeAmount({ chargeId: x2, amountCents: 6000, actor: admin });
    expect(discounted.ok).toBe(true);
    await markOverdueCharges({ today: "2026-03-20" });
    await expectTotalsMatchCharges();
    expect((await chargeTotals({ status: "vencida" })).overdueCents).toBeGreaterThan(0);

    await pay(firstOfA.id, "2026-02-03", "pix", firstOfA.amountCents);
    await pay(x1, "2026-03-02", "dinheiro", 2500); // paid late: vencida → paga
    expect((await changeChargeAmount({ chargeId: x3, amountCents: 1000, actor: admin })).ok).toBe(true);
    await pay(x3, "2026-04-01", "cartão", 1000);
    const cancelled = await cancelCharge({ chargeId: x2, reason: "Serviço não prestado", actor: admin });
    expect(cancelled.ok).toBe(true);
    await markOverdueCharges({ today: "2026-04-10" });
    await expectTotalsMatchCharges();
    // x1 was due in February and paid in March: counted by payment date, not by due date.
    expect((await chargeTotals({ paidFrom: "2026-03-01", paidTo: "2026-03-31" })).receivedCents).toBe(2500);
    expect((await chargeTotals({ from: "2026-03-01", to: "2026-03-31" })).receivedCents).toBe(0);

    // A line added to an open charge later moves it under its new kind.
    const [openOfC] = await listClientCharges({ clientId: c.id }).then((l) =>
      l.filter((x) => x.status !== "paga"),
    );
    await t.db
      .insert(chargeLines)
      .values({ chargeId: openOfC.id, position: 9, kind: "avulsa", description: "Extra", amountCents: 0 });
    const [row] = await t.db
      .select({ kinds: charges.lineKinds })
      .from(charges)
      .where(eq(charges.id, openOfC.id));
    expect(row.kinds & 4).toBe(4);
    await expectTotalsMatchCharges();

    // Deleting a client deletes its charges (SPEC): the totals lose them in the same transaction.
    const before = await chargeTotals({});
    await t.db.delete(clients).where(eq(clients.id, b.id));
    expect(await chargeTotals({})).not.toEqual(before);
    await expectTotalsMatchCharges();
  });

  it("a change rolled back leaves the totals as they were", async () => {
    const before = await chargeTotals({});
    await expect(
      t.db.transaction(async (tx) => {
        // Open charges only: a paid one must have received at least its amount.
        await tx
          .update(charges)
          .set({ amountCents: sql`amount_cents + 1`, subtotalCents: sql`subtotal_cents + 1` })
          .where(sql`${charges.status} in ('pendente', 'vencida')`);
        throw new Error("desfaz");
      }),
    ).rejects.toThrow("desfaz");
    expect(await chargeTotals({})).toEqual(before);
    await expectTotalsMatchCharges();
  });
});
