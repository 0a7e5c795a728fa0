import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clients, plans, subscriptions } from "~/db/schema";
import { fieldErrors } from "~/lib/validation";
import { useTestDatabase } from "../../../tests/support/db";
import { PlanSchema, planInUseMessage, type PlanInput } from "./plans.schema";
import { countPlanClients, createPlan, deletePlan, getPlan, listPlans, updatePlan } from "./plans.server";
import { insertSubscriptions } from "../../../tests/support/subscriptions";

const t = useTestDatabase();

const input = (over: Partial<PlanInput> = {}): PlanInput => ({
  name: "Plano Teste",
  price: 1990,
  setupFee: 0,
  description: null,
  features: [],
  isPopular: false,
  ...over,
});

describe("plan form schema", () => {
  it("reads money exactly in cents, with a comma or a dot", () => {
    const base = { name: "X", setupFee: "0" };
    expect(PlanSchema.parse({ ...base, price: "19,90" }).price).toBe(1990);
    expect(PlanSchema.parse({ ...base, price: "19.90" }).price).toBe(1990);
    expect(PlanSchema.parse({ ...base, price: "0.1" }).price).toBe(10);
    expect(PlanSchema.parse({ ...base, price: "1.234,56" }).price).toBe(123456);
    expect(PlanSchema.parse({ ...base, price: "149" }).price).toBe(14900);
  });

  it("refuses negative or non-numeric money with the spec's message", () => {
    for (const bad of ["-1", "abc", "19,999", "1e3"]) {
      const r = PlanSchema.safeParse({ name: "X", price: bad, setupFee: "0" });
      expect(r.success, bad).toBe(false);
      expect(fieldErrors(r.error!).price).toBe("Preço e taxa de ativação devem ser valores numéricos.");
    }
    const fee = PlanSchema.safeParse({ name: "X", price: "10", setupFee: "-5" });
    expect(fieldErrors(fee.error!).setupFee).toBe("Preço e taxa de ativação devem ser valores numéricos.");
  });

  it("requires name, price and fee; trims and drops empty features; reads the checkbox", () => {
    const empty = PlanSchema.safeParse({ name: "  ", price: "", setupFee: "" });
    expect(fieldErrors(empty.error!)).toEqual({
      name: "Informe o nome do plano.",
      price: "Informe o preço mensal.",
      setupFee: "Informe a taxa de ativação (use 0 se não houver).",
    });
    const ok = PlanSchema.parse({
      name: " Premium ",
      price: "89,90",
      setupFee: "149,00",
      description: "  ",
      isPopular: "on",
      features: [" Cardápio ", "   ", "Delivery"],
    });
    expect(ok).toEqual({
      name: "Premium",
      price: 8990,
      setupFee: 14900,
      // Left empty, the commission follows the rule on the name (plans.server).
      commission: null,
      description: null,
      isPopular: true,
      features: ["Cardápio", "Delivery"],
    });
    expect(PlanSchema.parse({ name: "X", price: "1", setupFee: "0" }).isPopular).toBe(false);
    const long = PlanSchema.safeParse({ name: "X", price: "1", setupFee: "0", features: ["a".repeat(201)] });
    expect(long.success).toBe(false);
  });
});

describe("plans", () => {
  it("creates, reads, updates and lists by price", async () => {
    const cheap = await createPlan({ input: input({ name: "Barato", price: 990, features: ["A", "B"] }) });
    const dear = await createPlan({ input: input({ name: "Caro", price: 99990, setupFee: 5000 }) });
    expect(await getPlan({ id: cheap.id })).toMatchObject({
      name: "Barato",
      priceCents: 990,
      setupFeeCents: 0,
      features: ["A", "B"],
    });
    const updated = await updatePlan({
      id: cheap.id,
      input: input({ name: "Barato+", price: 1090, isPopular: true, description: "Descrição" }),
    });
    expect(updated).toMatchObject({ name: "Barato+", priceCents: 1090, isPopular: true, features: [] });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(cheap.updatedAt.getTime());
    const names = (await listPlans()).map((p) => p.name);
    expect(names.indexOf("Barato+")).toBeLessThan(names.indexOf("Caro"));
    expect(await getPlan({ id: "nao-e-uuid" })).toBeNull();
    expect(await updatePlan({ id: "00000000-0000-4000-8000-000000000000", input: input() })).toBeNull();
    await deletePlan({ id: dear.id });
  });

  it("refuses to delete a plan clients reference, counting each client once", async () => {
    const plan = await createPlan({ input: input({ name: "Em uso" }) });
    const other = await createPlan({ input: input({ name: "Outro" }) });
    const [byPlan, bySubscription] = await t.db
      .insert(clients)
      .values([
        { name: "Com plano", email: "complano@t.dev", phone: "1", businessName: "A", planId: plan.id },
        {
          name: "Só assinatura",
          email: "soassinatura@t.dev",
          phone: "1",
          businessName: "B",
          planId: other.id,
        },
      ])
      .returning();
    await insertSubscriptions(t.db, [
      // the same client through both paths counts once
      { clientId: byPlan.id, planId: plan.id, startDate: "2026-01-01", endDate: "2026-02-01" },
      { clientId: bySubscription.id, planId: plan.id, startDate: "2026-01-01", endDate: "2026-02-01" },
      { clientId: bySubscription.id, planId: plan.id, startDate: "2026-02-01", endDate: "2026-03-01" },
    ]);
    expect(await countPlanClients({ id: plan.id })).toBe(2);
    expect(await deletePlan({ id: plan.id })).toEqual({ ok: false, reason: "in_use", clients: 2 });
    expect(planInUseMessage(2)).toBe(
      "Não é possível excluir este plano. Existem 2 clientes associados a ele.",
    );
    expect(await getPlan({ id: plan.id })).not.toBeNull();

    // Only a subscription left: still refused.
    await t.db.update(clients).set({ planId: other.id }).where(eq(clients.id, byPlan.id));
    await t.db.delete(subscriptions).where(eq(subscriptions.clientId, byPlan.id));
    expect(await deletePlan({ id: plan.id })).toEqual({ ok: false, reason: "in_use", clients: 1 });

    await t.db.delete(subscriptions).where(eq(subscriptions.planId, plan.id));
    expect(await deletePlan({ id: plan.id })).toEqual({ ok: true });
    expect(await getPlan({ id: plan.id })).toBeNull();
    expect(await deletePlan({ id: plan.id })).toEqual({ ok: false, reason: "not_found" });
    expect(await deletePlan({ id: "x" })).toEqual({ ok: false, reason: "not_found" });
    expect(await t.db.select().from(plans).where(eq(plans.id, other.id))).toHaveLength(1);
  });
});
