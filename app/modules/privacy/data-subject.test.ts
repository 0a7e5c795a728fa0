import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  clientNotes,
  clients,
  leadNotes,
  leads,
  mailMessages,
  plans,
  referrals,
  representatives,
  user,
  webhookDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import { queryRows } from "~/db/client.server";
import { getDashboard } from "~/modules/dashboard/dashboard.server";
import { useTestDatabase } from "../../../tests/support/db";
import { anonymiseSubject } from "./data-subject-erase.server";
import { findSubjectData, subjectCsv, subjectQueryFrom, SUBJECT_TABLES } from "./data-subject-find.server";
import { insertSubscriptions } from "../../../tests/support/subscriptions";

const t = useTestDatabase();
const TODAY = "2026-11-23";

// The person who asks (Carla) and someone else (Bruno), in every table that holds people.
const CARLA = {
  name: "Carla Mendes",
  email: "carla.mendes@pastel.dev",
  phone: "(31) 98888-7777",
  business: "Pastelaria da Carla",
};
const BRUNO = {
  name: "Bruno Alves",
  email: "bruno.alves@burger.dev",
  phone: "11977776666",
  business: "Burger do Bruno",
};
const TRACES = ["carla", "mendes", "pastelaria", "98888", "988887777"];

async function seedPerson(p: typeof CARLA, planId: string, endpointId: string) {
  const [lead] = await t.db
    .insert(leads)
    .values({
      name: p.name,
      email: p.email,
      phone: p.phone,
      business: p.business,
      plan: "Premium",
      message: `Sou ${p.name}, me liguem no ${p.phone}`,
      status: "perdido",
      statusFunil: "perdido",
      lostReason: "Preço",
      lostNote: `${p.name} achou caro`,
      referrer: `https://busca.dev/?q=${encodeURIComponent(p.name)}`,
    })
    .returning();
  await t.db
    .insert(leadNotes)
    .values({ leadId: lead.id, note: `Falei com ${p.name} pelo ${p.phone}`, authorName: "Admin" });
  const [client] = await t.db
    .insert(clients)
    .values({ name: p.name, email: p.email, phone: p.phone, businessName: p.business, planId })
    .returning();
  await t.db.insert(clientNotes).values({ clientId: client.id, note: `Contato: ${p.email}` });
  await insertSubscriptions(t.db, {
    clientId: client.id,
    planId,
    startDate: "2026-11-01",
    endDate: "2026-12-01",
  });
  const [u] = await t.db
    .insert(user)
    .values({ id: randomUUID(), name: p.name, email: p.email, role: "representative" })
    .returning();
  const [rep] = await t.db
    .insert(representatives)
    // With the payout details: phone and a PIX key that is the person's e-mail.
    .values({
      name: p.name,
      email: p.email,
      authId: u.id,
      phone: p.phone.replace(/\D/g, ""),
      pixKeyType: "email",
      pixKey: p.email,
    })
    .returning();
  // Referred by someone else, with the person as contact.
  await t.db.insert(referrals).values({
    businessName: p.business,
    contactName: p.name,
    contactPhone: p.phone.replace(/\D/g, ""),
    planId,
    status: "concluido",
    commissionCents: 5000,
  });
  await t.db.insert(mailMessages).values([
    {
      kind: "auth.boas-vindas",
      toAddress: p.email,
      subject: `Bem-vindo, ${p.name}`,
      html: `<p>Olá ${p.name}</p>`,
      text: `Olá ${p.name}`,
    },
    {
      kind: "lead.novo",
      toAddress: "admin@empresa.dev",
      subject: `Novo lead: ${p.business}`,
      html: `<p>${p.name} — ${p.phone}</p>`,
      text: `${p.name} — ${p.phone}`,
      entityType: "lead",
      entityId: lead.id,
    },
  ]);
  await t.db.insert(webhookDeliveries).values({
    endpointId,
    event: "lead.created",
    eventId: randomUUID(),
    body: JSON.stringify({ lead: { name: p.name, email: p.email, phone: p.phone } }),
  });
  await t.db.insert(auditLog).values([
    {
      action: "lead.updated",
      entityType: "lead",
      entityId: lead.id,
      entityLabel: p.name,
      changes: { name: [p.name.toUpperCase(), p.name], phone: [null, p.phone], status: ["novo", "perdido"] },
    },
    {
      action: "client.updated",
      entityType: "client",
      entityId: client.id,
      entityLabel: p.business,
      changes: { email: ["antigo@x.dev", p.email] },
    },
  ]);
  return { lead, client, rep };
}

let carla: Awaited<ReturnType<typeof seedPerson>>;
let bruno: Awaited<ReturnType<typeof seedPerson>>;

beforeAll(async () => {
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 0 })
    .returning();
  const [endpoint] = await t.db
    .insert(webhookEndpoints)
    .values({ url: "https://hooks.dev/x", events: ["lead.created"], secretEncrypted: "x" })
    .returning();
  carla = await seedPerson(CARLA, plan.id, endpoint.id);
  bruno = await seedPerson(BRUNO, plan.id, endpoint.id);
});

/** Every row of every table, as one lower-cased text. */
async function wholeDatabase(): Promise<string> {
  const tables = await queryRows<{ tablename: string }>(
    t.db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  let all = "";
  for (const { tablename } of tables) {
    all += JSON.stringify(await queryRows(t.db, sql.raw(`select * from "${tablename}"`)));
  }
  // Random ids, and the placeholder e-mails made from them, may hold any run of digits (once
  // "98888" of her phone): the traces are looked for in everything else.
  return all
    .toLowerCase()
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
    .replace(/anonimizado-[0-9a-f]{12}@anonimizado\.invalid/g, "<anonimizado>");
}

describe("data subject requests (LGPD)", () => {
  it("reads an e-mail or a phone typed any way", () => {
    expect(subjectQueryFrom(" Carla.Mendes@Pastel.dev ")).toEqual({
      email: "carla.mendes@pastel.dev",
      phone: null,
    });
    expect(subjectQueryFrom("+55 (31) 98888-7777")).toEqual({ email: null, phone: "31988887777" });
    expect(subjectQueryFrom("abc")).toBeNull();
  });

  it("exports every table's rows for the person, and nothing of anyone else", async () => {
    const byEmail = await findSubjectData({ query: subjectQueryFrom(CARLA.email)! });
    expect(byEmail.leads.map((l) => l.id)).toEqual([carla.lead.id]);
    expect(byEmail.clients.map((c) => c.id)).toEqual([carla.client.id]);
    expect(byEmail.representatives.map((r) => r.id)).toEqual([carla.rep.id]);
    expect(byEmail.leadNotes).toHaveLength(1);
    expect(byEmail.clientNotes).toHaveLength(1);
    expect(byEmail.subscriptions).toHaveLength(1);
    expect(byEmail.users).toHaveLength(1);
    expect(byEmail.mailMessages).toHaveLength(2);
    expect(byEmail.webhookDeliveries).toHaveLength(1);
    expect(byEmail.auditLog).toHaveLength(2);
    // Her referral as a contact is found by phone (referrals hold no e-mail).
    const byPhone = await findSubjectData({ query: subjectQueryFrom("31 98888 7777")! });
    expect(byPhone.referrals.map((r) => r.contactName)).toEqual([CARLA.name]);
    expect(byPhone.leads.map((l) => l.id)).toEqual([carla.lead.id]);
    expect(byPhone.clients.map((c) => c.id)).toEqual([carla.client.id]);

    for (const d of [byEmail, byPhone]) {
      const json = JSON.stringify(d).toLowerCase();
      expect(json).toContain("carla");
      for (const other of ["bruno", "burger", "977776666", bruno.lead.id, bruno.client.id])
        expect(json).not.toContain(other);
    }
    const csv = subjectCsv(byEmail);
    expect(csv.startsWith("\uFEFFtabela;id;campo;valor")).toBe(true);
    expect(csv).toContain(`Leads;${carla.lead.id};email;${CARLA.email}`);
    for (const label of [
      "Leads",
      "Clientes",
      "Anotações de leads",
      "Auditoria",
      "E-mails enviados",
      "Webhooks",
    ]) {
      expect(csv).toContain(`\n${label};`);
    }
    expect(csv.toLowerCase()).not.toContain("bruno");
    expect(Object.keys(SUBJECT_TABLES).sort()).toEqual(Object.keys(byEmail).sort());
  });

  it("anonymises: no trace of her name, e-mail or phone anywhere; Bruno untouched; dashboard unchanged", async () => {
    const before = await getDashboard({ today: TODAY });
    const brunoBefore = await findSubjectData({ query: subjectQueryFrom(BRUNO.email)! });
    const { counts } = await anonymiseSubject({
      query: subjectQueryFrom(CARLA.email)!,
      actor: { id: "admin-1", name: "Admin" },
    });
    expect(counts.leads).toBe(1);
    // Her e-mail led to her phone, and so to her referral as a contact: nothing is left for a
    // second request by phone (and nothing is recorded for it).
    await anonymiseSubject({
      query: subjectQueryFrom(CARLA.phone)!,
      actor: { id: "admin-1", name: "Admin" },
    });

    const db = await wholeDatabase();
    for (const trace of TRACES)
      expect(db.match(new RegExp(`.{0,120}${trace}.{0,60}`, "g")), trace).toBeNull();
    expect(db).toContain("bruno.alves@burger.dev");
    const brunoAfter = await findSubjectData({ query: subjectQueryFrom(BRUNO.email)! });
    expect(brunoAfter.leads).toEqual(brunoBefore.leads);
    expect(brunoAfter.clients).toEqual(brunoBefore.clients);
    expect(brunoAfter.leadNotes).toEqual(brunoBefore.leadNotes);

    // Every figure is the same; only her name in the lists became "Anonimizado".
    const after = await getDashboard({ today: TODAY });
    const figures = (d: typeof before) => ({
      clients: d.clients,
      plans: d.plans,
      leads: d.leads,
      funnel: d.funnel,
      lostByReason: d.lostByReason,
      expiring: d.expiring.length,
      recentClients: d.recentClients.length,
      followUps: d.followUps.length,
    });
    expect(figures(after)).toEqual(figures(before));
    expect(after.recentClients.map((c) => c.name).sort()).toEqual(["Anonimizado", BRUNO.name]);
    // Recorded, without personal data.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'privacy.anonymised'`);
    expect(entries).toHaveLength(1);
    expect(entries[0].changes).toMatchObject({ Leads: [1, "anonimizado"] });
    expect(JSON.stringify(entries).toLowerCase()).not.toContain("carla");
    // Nothing is left to find.
    const again = await findSubjectData({ query: subjectQueryFrom(CARLA.email)! });
    expect(again.leads).toEqual([]);
  });
});
