import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clients, leads, plans, referrals } from "~/db/schema";
import { normalizePhone } from "~/lib/phone";
import { useTestDatabase } from "../../tests/support/db";

const t = useTestDatabase();

// The backfill of drizzle/0010_phone_digits.sql, run again over rows written the old way.
const backfill = readFileSync(new URL("../../drizzle/0010_phone_digits.sql", import.meta.url), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter(Boolean);

describe("migration 0010: phones stored as digits", () => {
  it("turns masked and international phones into the digits normalizePhone would store", async () => {
    const typed = [
      "(11) 97654-3210",
      "+55 11 97654-3210",
      "55 (21) 3456-7890",
      "011 97654-3210",
      "(55) 11976-5432", // the old bug's output: cannot be normalised, keeps its digits
      "1",
      "11976543210",
    ];
    const expected = [
      "11976543210",
      "11976543210",
      "2134567890",
      "11976543210",
      "55119765432",
      "1",
      "11976543210",
    ];
    const [plan] = await t.db.insert(plans).values({ name: "Fone", priceCents: 100 }).returning();
    await t.db.insert(leads).values(
      typed.map((phone, i) => ({
        name: `L${i}`,
        email: `l${i}@f.dev`,
        phone,
        business: "B",
        plan: "Fone",
      })),
    );
    await t.db.insert(clients).values(
      typed.map((phone, i) => ({
        name: `C${i}`,
        email: `c${i}@f.dev`,
        phone,
        businessName: "B",
        planId: plan.id,
      })),
    );
    await t.db.insert(referrals).values(
      typed.map((contactPhone, i) => ({
        businessName: `R${i}`,
        contactName: "Fulano",
        contactPhone,
        planId: plan.id,
      })),
    );
    for (const statement of backfill) await t.db.execute(sql.raw(statement));

    const byName = async <T extends { phone: string; key: string }>(rows: T[]) =>
      rows.sort((a, b) => a.key.localeCompare(b.key)).map((r) => r.phone);
    const leadPhones = await byName(
      (await t.db.select({ key: leads.name, phone: leads.phone }).from(leads)).filter((r) =>
        r.key.startsWith("L"),
      ),
    );
    const clientPhones = await byName(
      (await t.db.select({ key: clients.name, phone: clients.phone }).from(clients)).filter((r) =>
        r.key.startsWith("C"),
      ),
    );
    const referralPhones = await byName(
      (
        await t.db.select({ key: referrals.businessName, phone: referrals.contactPhone }).from(referrals)
      ).filter((r) => r.key.startsWith("R")),
    );
    expect(leadPhones).toEqual(expected);
    expect(clientPhones).toEqual(expected);
    expect(referralPhones).toEqual(expected);
    // Agrees with the application's own normalisation wherever that one succeeds.
    typed.forEach((p, i) => {
      const n = normalizePhone(p);
      if (n) expect(expected[i]).toBe(n);
    });
  });
});
