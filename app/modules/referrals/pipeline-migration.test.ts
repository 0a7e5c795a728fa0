import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clients, leads, referrals, representatives, user } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";

const t = useTestDatabase();

// The linking statements of drizzle/0018_referral_pipeline.sql (those after the schema changes),
// run again over referrals and leads written before the pipeline.
const linking = readFileSync(new URL("../../../drizzle/0018_referral_pipeline.sql", import.meta.url), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter((s) => /^(--[^\n]*\n)*\s*(WITH|UPDATE)/.test(s));

describe("migration 0018: old referrals and leads linked where unambiguous", () => {
  it("links one-to-one matches by phone digits and business, and leaves ambiguous ones alone", async () => {
    expect(linking).toHaveLength(3);
    await t.db
      .insert(user)
      .values({ id: "rep-mig", name: "Rita", email: "rita-mig@test.dev", role: "representative" });
    const [rep] = await t.db
      .insert(representatives)
      .values({ name: "Rita", email: "rita-mig@test.dev", authId: "rep-mig" })
      .returning({ id: representatives.id });
    const [client] = await t.db
      .insert(clients)
      .values({
        name: "Cli",
        email: "cli-mig@test.dev",
        phone: "11911110001",
        businessName: "Pizzaria Única",
      })
      .returning({ id: clients.id });
    const lead = async (phone: string, business: string, convertedClientId: string | null = null) =>
      (
        await t.db
          .insert(leads)
          .values({ name: "L", email: "l@mig.dev", phone, business, plan: "Premium", convertedClientId })
          .returning({ id: leads.id })
      )[0].id;
    const referral = async (contactPhone: string, businessName: string, leadId: string | null = null) =>
      (
        await t.db
          .insert(referrals)
          .values({ representativeId: rep.id, businessName, contactName: "C", contactPhone, leadId })
          .returning({ id: referrals.id })
      )[0].id;

    // 1. One lead, one referral: same digits (masked differently), same business but for case,
    //    accents and spaces → linked, and the lead's client becomes the referral's.
    const uniqueLead = await lead("(11) 91111-0001", "Pizzaria Única", client.id);
    const uniqueRef = await referral("11911110001", "  pizzaria unica ");
    // 2. One referral, two matching leads → left alone.
    await lead("11922220002", "Bar Duplo");
    await lead("11922220002", "Bar Duplo");
    const twoLeadsRef = await referral("11922220002", "Bar Duplo");
    // 3. Two referrals, one matching lead → left alone.
    const sharedLead = await lead("11933330003", "Café Par");
    const refA = await referral("11933330003", "Café Par");
    const refB = await referral("11933330003", "Café Par");
    // 4. Same phone, another business → left alone.
    await lead("11944440004", "Lanchonete X");
    const otherBusinessRef = await referral("11944440004", "Lanchonete Y");
    // 5. A lead already linked (the ?ref= link's) keeps its referral; a second match stays apart.
    const linkedLead = await lead("11955550005", "Sorveteria");
    const linkedRef = await referral("11955550005", "Sorveteria", linkedLead);
    const extraRef = await referral("11955550005", "Sorveteria");

    for (const statement of linking) await t.db.execute(sql.raw(statement));

    const all = await t.db
      .select({ id: referrals.id, leadId: referrals.leadId, clientId: referrals.clientId })
      .from(referrals);
    const byId = new Map(all.map((r) => [r.id, r]));
    expect(byId.get(uniqueRef)).toMatchObject({ leadId: uniqueLead, clientId: client.id });
    expect(byId.get(twoLeadsRef)?.leadId).toBeNull();
    expect(byId.get(refA)?.leadId).toBeNull();
    expect(byId.get(refB)?.leadId).toBeNull();
    expect(byId.get(otherBusinessRef)?.leadId).toBeNull();
    expect(byId.get(linkedRef)?.leadId).toBe(linkedLead);
    expect(byId.get(extraRef)?.leadId).toBeNull();
    expect(
      all
        .filter((r) => r.leadId)
        .map((r) => r.id)
        .sort(),
    ).toEqual([uniqueRef, linkedRef].sort());
    // The linked lead names its representative ("Indicação de Rita"); an unlinked one does not.
    const [linked] = await t.db.select().from(leads).where(eq(leads.id, uniqueLead));
    expect(linked.referredById).toBe(rep.id);
    const [unlinked] = await t.db.select().from(leads).where(eq(leads.id, sharedLead));
    expect(unlinked.referredById).toBeNull();
  });
});
