import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clientNotes, clients, plans, subscriptions } from "~/db/schema";
import { addDays, todayInSaoPaulo } from "~/lib/dates";
import { fieldErrors } from "~/lib/validation";
import { useTestDatabase, whileDatabaseRefuses } from "../../../tests/support/db";
import {
  ClientSchema,
  expiryBadgeColor,
  subscriptionEndDate,
  subscriptionExpiryNote,
  type ClientInput,
} from "./clients.schema";
import {
  ClientEmailTakenError,
  createClient,
  deleteClient,
  getClient,
  listClients as listClientsPage,
  updateClient,
} from "./clients.server";
import { addNote, deleteNote, listNotes } from "./notes.server";
import {
  addSubscription,
  deleteSubscription,
  listExpiringSubscriptions,
  listSubscriptions,
} from "./subscriptions.server";
import { insertSubscriptions } from "../../../tests/support/subscriptions";

const t = useTestDatabase();
let planA: string;
let planB: string;

beforeAll(async () => {
  const rows = await t.db
    .insert(plans)
    .values([
      { name: "Plano A", priceCents: 1000 },
      { name: "Plano B", priceCents: 2000 },
    ])
    .returning();
  planA = rows[0].id;
  planB = rows[1].id;
});

let seq = 0;
function clientInput(over: Partial<ClientInput> = {}): ClientInput {
  seq += 1;
  return {
    name: `Cliente ${seq}`,
    email: `cliente${seq}@teste.dev`,
    phone: "(11) 98765-4321",
    businessName: `Negócio ${seq}`,
    planId: planA,
    status: "ativo",
    ...over,
  };
}

const listClients = async (args: Parameters<typeof listClientsPage>[0]) => (await listClientsPage(args)).rows;
const countClients = async (args: Parameters<typeof listClientsPage>[0]) =>
  (await listClientsPage(args)).count;

describe("renewal end dates", () => {
  it("adds 1, 3, 6 and 12 months", () => {
    expect(subscriptionEndDate("2026-03-15", "mensal")).toBe("2026-04-15");
    expect(subscriptionEndDate("2026-03-15", "trimestral")).toBe("2026-06-15");
    expect(subscriptionEndDate("2026-03-15", "semestral")).toBe("2026-09-15");
    expect(subscriptionEndDate("2026-03-15", "anual")).toBe("2027-03-15");
  });

  it("clamps to the end of shorter months instead of spilling over", () => {
    expect(subscriptionEndDate("2026-01-31", "mensal")).toBe("2026-02-28");
    expect(subscriptionEndDate("2028-01-31", "mensal")).toBe("2028-02-29");
    expect(subscriptionEndDate("2026-03-31", "mensal")).toBe("2026-04-30");
    expect(subscriptionEndDate("2025-11-30", "trimestral")).toBe("2026-02-28");
    expect(subscriptionEndDate("2026-08-31", "semestral")).toBe("2027-02-28");
    expect(subscriptionEndDate("2028-02-29", "anual")).toBe("2029-02-28");
    expect(subscriptionEndDate("2026-12-31", "mensal")).toBe("2027-01-31");
  });

  it("stores the derived end date when a subscription is added", async () => {
    const client = await createClient({ input: clientInput(), today: "2026-01-31" });
    const subs = await listSubscriptions({ clientId: client.id });
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      startDate: "2026-01-31",
      endDate: "2026-02-28",
      status: "ativa",
      renewalType: "mensal",
      planName: "Plano A",
    });
    for (const [renewalType, end] of [
      ["trimestral", "2026-04-30"],
      ["semestral", "2026-07-31"],
      ["anual", "2027-01-31"],
    ] as const) {
      const row = await addSubscription({
        clientId: client.id,
        input: { planId: planB, startDate: "2026-01-31", renewalType },
      });
      expect(row.endDate).toBe(end);
    }
    const after = await listSubscriptions({ clientId: client.id });
    expect(after.map((s) => s.renewalType)).toEqual(["anual", "semestral", "trimestral", "mensal"]);
  });
});

describe("expiring subscriptions", () => {
  const today = "2026-03-10";
  let clientId: string;

  beforeAll(async () => {
    const client = await createClient({
      input: clientInput({ name: "Expira Ltda", planId: planB }),
      today: "2020-01-01",
    });
    clientId = client.id;
    const at = (endDate: string, status: "ativa" | "cancelada" = "ativa") => ({
      clientId,
      planId: planB,
      startDate: "2026-01-01",
      endDate,
      status,
      renewalType: "mensal" as const,
    });
    await insertSubscriptions(t.db, [
      at(addDays(today, -1)),
      at(today),
      at(addDays(today, 3)),
      at(addDays(today, 4)),
      at(addDays(today, 7)),
      at(addDays(today, 8)),
      at(addDays(today, 2), "cancelada"),
    ]);
  });

  it("lists ativa subscriptions ending from today to today + 7, with days remaining", async () => {
    const rows = await listExpiringSubscriptions({ today });
    const mine = rows.filter((r) => r.client_id === clientId);
    expect(mine.map((r) => [r.end_date, r.days_remaining])).toEqual([
      ["2026-03-10", 0],
      ["2026-03-13", 3],
      ["2026-03-14", 4],
      ["2026-03-17", 7],
    ]);
    expect(mine[0]).toMatchObject({ client_name: "Expira Ltda", plan_name: "Plano B" });
  });

  it("turns the badge red at 3 days or fewer, yellow above", async () => {
    const rows = await listExpiringSubscriptions({ today });
    const colours = rows
      .filter((r) => r.client_id === clientId)
      .map((r) => expiryBadgeColor(r.days_remaining));
    expect(colours).toEqual(["red", "red", "yellow", "yellow"]);
  });

  it("uses São Paulo's date, not UTC's, late in the evening", async () => {
    // 23:30 in São Paulo on 16 March is already 17 March in UTC.
    const spToday = todayInSaoPaulo(new Date("2026-03-17T02:30:00Z"));
    expect(spToday).toBe("2026-03-16");
    const rows = (await listExpiringSubscriptions({ today: spToday })).filter(
      (r) => r.client_id === clientId,
    );
    expect(rows.map((r) => [r.end_date, r.days_remaining])).toEqual([
      ["2026-03-17", 1],
      ["2026-03-18", 2],
    ]);
    // With the UTC date the same subscriptions would count one day fewer.
    const utc = (await listExpiringSubscriptions({ today: "2026-03-17" })).filter(
      (r) => r.client_id === clientId,
    );
    expect(utc.map((r) => r.days_remaining)).toEqual([0, 1]);
  });

  it("shows the edit-page warning within 7 days and '(vencido)' at 0 or fewer", () => {
    expect(subscriptionExpiryNote(8)).toBeNull();
    expect(subscriptionExpiryNote(7)).toEqual({ kind: "warning", text: "Vence em 7 dias" });
    expect(subscriptionExpiryNote(1)).toEqual({ kind: "warning", text: "Vence em 1 dia" });
    expect(subscriptionExpiryNote(0)).toEqual({ kind: "expired", text: "(vencido)" });
    expect(subscriptionExpiryNote(-5)).toEqual({ kind: "expired", text: "(vencido)" });
  });
});

describe("creating clients", () => {
  it("creates the client and its first ativa mensal subscription starting today", async () => {
    const input = clientInput({ email: "Maiusculas@Teste.DEV" });
    const client = await createClient({ input, today: "2026-05-31" });
    expect(client.email).toBe("maiusculas@teste.dev");
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, client.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      planId: planA,
      startDate: "2026-05-31",
      endDate: "2026-06-30",
      status: "ativa",
      renewalType: "mensal",
    });
  });

  it("leaves no client behind when the subscription insert fails", async () => {
    await whileDatabaseRefuses({ table: "subscriptions", event: "insert" }, async () => {
      const input = clientInput({ email: "atomico@teste.dev" });
      await expect(createClient({ input, today: "2026-05-01" })).rejects.toThrow();
    });
    expect(await t.db.select().from(clients).where(eq(clients.email, "atomico@teste.dev"))).toEqual([]);
  });

  it("refuses a duplicate email whatever its case, by the pre-check and by the unique index", async () => {
    await createClient({ input: clientInput({ email: "duplo@teste.dev" }), today: "2026-05-01" });
    await expect(
      createClient({ input: clientInput({ email: "DUPLO@teste.dev" }), today: "2026-05-01" }),
    ).rejects.toBeInstanceOf(ClientEmailTakenError);
    // Two saves at once may both pass the pre-check: the database refuses the second.
    const results = await Promise.allSettled([
      createClient({ input: clientInput({ email: "corrida@teste.dev" }), today: "2026-05-01" }),
      createClient({ input: clientInput({ email: "corrida@teste.dev" }), today: "2026-05-01" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ClientEmailTakenError);
  });

  it("updates a client and refuses another client's email", async () => {
    const a = await createClient({ input: clientInput({ email: "a-upd@teste.dev" }), today: "2026-05-01" });
    await createClient({ input: clientInput({ email: "b-upd@teste.dev" }), today: "2026-05-01" });
    const updated = await updateClient({
      id: a.id,
      input: clientInput({ name: "Novo Nome", email: "a-upd@teste.dev", status: "pendente" }),
    });
    expect(updated).toMatchObject({ name: "Novo Nome", status: "pendente" });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(a.updatedAt.getTime());
    await expect(
      updateClient({ id: a.id, input: clientInput({ email: "B-UPD@teste.dev" }) }),
    ).rejects.toBeInstanceOf(ClientEmailTakenError);
    expect(await updateClient({ id: "nao-e-uuid", input: clientInput() })).toBeNull();
  });

  it("validates the form with clear messages and normalises phone and email", () => {
    const bad = ClientSchema.safeParse({ name: "", email: "x", phone: "123", businessName: "", planId: "" });
    expect(bad.success).toBe(false);
    const messages = fieldErrors(bad.error!);
    expect(messages).toMatchObject({
      name: "Informe o nome do cliente.",
      email: "Informe um e-mail válido.",
      phone: "Telefone inválido. Use (99) 99999-9999.",
      businessName: "Informe o nome do negócio.",
      planId: "Selecione um plano.",
      status: "Selecione o status.",
    });
    const ok = ClientSchema.parse({
      name: " Ana ",
      email: " ANA@X.COM ",
      phone: "11987654321",
      businessName: "Bar",
      planId: planA,
      status: "pendente",
    });
    expect(ok).toMatchObject({ name: "Ana", email: "ana@x.com", phone: "11987654321" });
  });
});

describe("searching and paging clients", () => {
  beforeAll(async () => {
    await t.db.delete(clients);
    const rows = Array.from({ length: 25 }, (_, i) => ({
      name: `Pessoa ${String(i + 1).padStart(2, "0")}`,
      email: `pessoa${i + 1}@lista.dev`,
      phone: "(11) 3333-4444",
      businessName: i === 6 ? "Pizzaria Bella Napoli" : `Lanchonete ${i + 1}`,
      planId: planA,
      createdAt: new Date(Date.UTC(2026, 0, 1, 12, i)),
    }));
    rows.push({
      name: "Zé 100% Natural",
      email: "ze@lista.dev",
      phone: "(11) 3333-4444",
      businessName: "Sucos_Naturais",
      planId: planA,
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    });
    await t.db.insert(clients).values(rows);
  });

  it("matches name, email or business name, case-insensitively", async () => {
    expect((await listClients({ q: "PIZZARIA bella" })).map((c) => c.businessName)).toEqual([
      "Pizzaria Bella Napoli",
    ]);
    expect((await listClients({ q: "pessoa 07" })).map((c) => c.name)).toEqual(["Pessoa 07"]);
    expect((await listClients({ q: "PESSOA13@LISTA" })).map((c) => c.email)).toEqual(["pessoa13@lista.dev"]);
    expect(await countClients({ q: "lista.DEV" })).toMatchObject({ total: 26, kind: "exact" });
  });

  it("treats % and _ in the search as plain characters", async () => {
    expect((await listClients({ q: "100%" })).map((c) => c.name)).toEqual(["Zé 100% Natural"]);
    expect((await listClients({ q: "s_n" })).map((c) => c.name)).toEqual(["Zé 100% Natural"]);
    expect(await countClients({ q: "%" })).toMatchObject({ total: 1, kind: "exact" });
  });

  it("pages newest first by default, with the total", async () => {
    expect(await countClients({})).toMatchObject({ total: 26, kind: "exact" });
    const pages = await Promise.all([1, 2, 3].map((page) => listClients({ page, pageSize: 10 })));
    expect(pages.map((p) => p.length)).toEqual([10, 10, 6]);
    expect(pages[0][0].name).toBe("Pessoa 25");
    expect(pages[2][5].name).toBe("Zé 100% Natural");
    const ids = pages.flat().map((c) => c.id);
    expect(new Set(ids).size).toBe(26);
    expect(await listClients({ page: 4, pageSize: 10 })).toEqual([]);
  });

  it("sorts by an allow-listed column in either direction, with the plan name joined", async () => {
    const asc = await listClients({ sort: "name", dir: "asc", pageSize: 3 });
    expect(asc.map((c) => c.name)).toEqual(["Pessoa 01", "Pessoa 02", "Pessoa 03"]);
    expect(asc[0].planName).toBe("Plano A");
    const desc = await listClients({ sort: "name", dir: "desc", pageSize: 1 });
    expect(desc[0].name).toBe("Zé 100% Natural");
  });
});

describe("subscriptions and notes belong to their client", () => {
  it("deletes a subscription or note only through its own client", async () => {
    const owner = await createClient({ input: clientInput(), today: "2026-05-01" });
    const other = await createClient({ input: clientInput(), today: "2026-05-01" });
    const [sub] = await listSubscriptions({ clientId: owner.id });
    expect(await deleteSubscription({ clientId: other.id, subscriptionId: sub.id })).toBe(false);
    expect(await listSubscriptions({ clientId: owner.id })).toHaveLength(1);
    expect(await deleteSubscription({ clientId: owner.id, subscriptionId: sub.id })).toBe(true);
    expect(await listSubscriptions({ clientId: owner.id })).toHaveLength(0);

    const first = await addNote({ clientId: owner.id, note: "  primeira  " });
    const second = await addNote({ clientId: owner.id, note: "segunda" });
    await t.db
      .update(clientNotes)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(clientNotes.id, first.id));
    expect((await listNotes({ clientId: owner.id })).map((n) => n.note)).toEqual(["segunda", "primeira"]);
    expect(await deleteNote({ clientId: other.id, noteId: second.id })).toBe(false);
    expect(await deleteNote({ clientId: owner.id, noteId: second.id })).toBe(true);
    expect(await deleteNote({ clientId: owner.id, noteId: "x" })).toBe(false);
    await expect(addNote({ clientId: owner.id, note: "   " })).rejects.toThrow();
  });

  it("deletes a client with its subscriptions and notes", async () => {
    const c = await createClient({ input: clientInput(), today: "2026-05-01" });
    await addNote({ clientId: c.id, note: "nota" });
    expect(await deleteClient({ id: c.id })).toBe(true);
    expect(await getClient({ id: c.id })).toBeNull();
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, c.id))).toEqual([]);
    expect(await deleteClient({ id: c.id })).toBe(false);
    expect(await getClient({ id: "nao-existe" })).toBeNull();
  });
});
