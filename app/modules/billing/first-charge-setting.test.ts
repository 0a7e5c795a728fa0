import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, billingSettings, plans } from "~/db/schema";
import { createClient } from "~/modules/clients/clients.server";
import * as route from "~/routes/admin/settings/billing";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";
import { listClientCharges } from "./charge-reads.server";

// "Prazo da primeira cobrança" in Configurações → Financeiro (decision 040): shown,
// validated with a pt-BR message (nothing stored when refused), audited, and used by the next
// first charge.

const t = useTestDatabase();
let cookie: string;
let plan: string;
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
const form = {
  pixKey: "financeiro@empresa.dev",
  pixName: "Cardapio Digital",
  pixCity: "Sao Paulo",
  renewalDaysBefore: "10",
  reminderOffsets: "-3, 0, 3, 7",
  suspensionDays: "15",
};
const save = (fields: Record<string, string>) =>
  outcome(() => route.action(args(post("/admin/settings/billing", { ...form, ...fields }, cookie))));
const stored = async () =>
  (await t.db.select().from(billingSettings).where(eq(billingSettings.id, 1)))[0]?.firstChargeBusinessDays;

beforeAll(async () => {
  cookie = await adminCookie();
  const [row] = await t.db
    .insert(plans)
    .values({ name: "Premium Prazo", priceCents: 8990, setupFeeCents: 0 })
    .returning();
  plan = row.id;
});
afterEach(() => resetClock());

describe("Prazo da primeira cobrança", () => {
  it("shows 3 dias úteis by default, refuses 0, 31 and non-whole numbers in pt-BR without storing them, saves 5 audited, and the next first charge follows it", async () => {
    const page = await outcome(() => route.loader(args(get("/admin/settings/billing", cookie))));
    expect((page.data as { firstChargeBusinessDays: string }).firstChargeBusinessDays).toBe("3");
    expect((await save({})).status).toBe(302);
    expect(await stored()).toBe(3);

    for (const bad of ["0", "31", "2,5", "-1", "três", ""]) {
      const refused = await save({ firstChargeBusinessDays: bad });
      expect(refused.status, bad).toBe(400);
      expect((refused.data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
        firstChargeBusinessDays: "Informe um prazo entre 1 e 30 dias úteis.",
      });
      expect(await stored()).toBe(3);
    }

    const saved = await save({ firstChargeBusinessDays: "5" });
    expect(saved.status).toBe(302);
    expect(await stored()).toBe(5);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, "settings.billing_updated"));
    expect(entries.map((e) => e.changes)).toContainEqual(
      expect.objectContaining({ firstChargeBusinessDays: [3, 5] }),
    );

    // Monday 16/03/2026 + 5 business days: Monday 23/03.
    setClock("2026-03-16T15:00:00Z");
    const client = await createClient({
      input: {
        name: "Paula Prazo",
        email: "paula.prazo@teste.dev",
        phone: "(11) 98765-4321",
        businessName: "Cantina do Prazo",
        planId: plan,
        status: "ativo",
      },
      today: "2026-03-16",
    });
    const [charge] = await listClientCharges({ clientId: client.id });
    expect(charge.dueDate).toBe("2026-03-23");
  });
});
