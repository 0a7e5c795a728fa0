import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { clientNotes, clients, plans, subscriptions } from "~/db/schema";
import { readFlash } from "~/lib/flash.server";
import { todayInSaoPaulo } from "~/lib/dates";
import * as clientEdit from "~/routes/admin/clients/edit";
import * as clientList from "~/routes/admin/clients/list";
import * as clientNew from "~/routes/admin/clients/new";
import * as dashboard from "~/routes/admin/dashboard";
import { baseLogger } from "~/server/logging/logger.server";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { insertSubscriptions } from "../../../tests/support/subscriptions";

const t = useTestDatabase();
let admin: string;
let rep: string;
let planId: string;

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  const flash = await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }));
  return flash.toast?.message ?? null;
}

const form = (over: Record<string, string> = {}) => ({
  name: "Maria Souza",
  email: "maria@restaurante.dev",
  phone: "11987654321",
  businessName: "Restaurante da Maria",
  planId,
  status: "ativo",
  ...over,
});

async function snapshot() {
  const [c, s, n] = await Promise.all([
    t.db.select().from(clients).orderBy(clients.id),
    t.db.select().from(subscriptions).orderBy(subscriptions.id),
    t.db.select().from(clientNotes).orderBy(clientNotes.id),
  ]);
  return JSON.stringify([c, s, n]);
}

beforeAll(async () => {
  admin = await adminCookie();
  rep = (await representativeCookie("rep-clients@test.dev")).cookie;
  [{ id: planId }] = await t.db.insert(plans).values({ name: "Plano R", priceCents: 5000 }).returning();
});

describe("client routes as admin", () => {
  let clientId: string;

  it("creates a client with its first subscription and the spec's toast", async () => {
    const res = await outcome(() => clientNew.action(args(post("/admin/clients/new", form(), admin))));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/clients");
    expect(await flashOf(res)).toBe("Cliente criado com sucesso!");
    const [row] = await t.db.select().from(clients).where(eq(clients.email, "maria@restaurante.dev"));
    expect(row.phone).toBe("11987654321");
    clientId = row.id;
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, clientId));
    expect(subs).toMatchObject([{ status: "ativa", renewalType: "mensal", startDate: todayInSaoPaulo() }]);
  });

  it("answers field errors and keeps the typed values; refuses a duplicate email", async () => {
    const bad = await outcome(() =>
      clientNew.action(args(post("/admin/clients/new", form({ name: "", email: "nao-email" }), admin))),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      fieldErrors: { name: "Informe o nome do cliente.", email: "Informe um e-mail válido." },
      values: { email: "nao-email", businessName: "Restaurante da Maria" },
    });
    const dup = await outcome(() =>
      clientNew.action(args(post("/admin/clients/new", form({ email: "MARIA@restaurante.dev" }), admin))),
    );
    expect(dup.status).toBe(409);
    expect(dup.data).toMatchObject({
      fieldErrors: { email: "Já existe um cliente com este e-mail!" },
      toast: { type: "error", message: "Erro ao criar cliente" },
    });
  });

  it("lists with search and paging from the URL", async () => {
    const found = await outcome(() => clientList.loader(args(get("/admin/clients?q=MARIA&page=1", admin))));
    expect(found.data).toMatchObject({
      count: { total: 1, kind: "exact" },
      hasMore: false,
      page: 1,
      q: "MARIA",
    });
    const none = await outcome(() => clientList.loader(args(get("/admin/clients?q=zzz&sort=hack", admin))));
    expect(none.data).toMatchObject({ count: { total: 0 }, rows: [], sort: "created_at" });
  });

  it("updates, adds and deletes subscriptions and notes through one action with intents", async () => {
    const url = `/admin/clients/edit/${clientId}`;
    const p = { id: clientId };
    const upd = await outcome(() =>
      clientEdit.action(args(post(url, { intent: "update", ...form({ status: "pendente" }) }, admin), p)),
    );
    expect(upd.location).toBe("/admin/clients");
    expect(await flashOf(upd)).toBe("Cliente atualizado com sucesso!");

    const addSub = await outcome(() =>
      clientEdit.action(
        args(
          post(
            url,
            { intent: "add-subscription", planId, startDate: "2026-01-31", renewalType: "trimestral" },
            admin,
          ),
          p,
        ),
      ),
    );
    expect(addSub.data).toMatchObject({ ok: true, toast: { message: "Assinatura adicionada com sucesso!" } });
    const badSub = await outcome(() =>
      clientEdit.action(
        args(
          post(
            url,
            { intent: "add-subscription", planId: "", startDate: "31/02/2026", renewalType: "x" },
            admin,
          ),
          p,
        ),
      ),
    );
    expect(badSub.status).toBe(400);
    expect(badSub.data).toMatchObject({
      fieldErrors: {
        planId: "Selecione um plano.",
        startDate: "Informe uma data de início válida.",
        renewalType: "Selecione o tipo de renovação.",
      },
    });

    const emptyNote = await outcome(() =>
      clientEdit.action(args(post(url, { intent: "add-note", note: "   " }, admin), p)),
    );
    expect(emptyNote.data).toMatchObject({ fieldErrors: { note: "Escreva a anotação antes de adicionar." } });
    const note = await outcome(() =>
      clientEdit.action(args(post(url, { intent: "add-note", note: " Ligou hoje " }, admin), p)),
    );
    expect(note.data).toMatchObject({ ok: true, toast: { message: "Anotação adicionada com sucesso!" } });

    const page = await outcome(() => clientEdit.loader(args(get(url, admin), p)));
    const loaded = page.data as {
      subscriptions: { id: string; endDate: string }[];
      notes: { id: string; note: string }[];
    };
    expect(loaded.subscriptions.map((s) => s.endDate)).toContain("2026-04-30");
    expect(loaded.notes.map((n) => n.note)).toEqual(["Ligou hoje"]);

    const delSub = await outcome(() =>
      clientEdit.action(
        args(
          post(url, { intent: "delete-subscription", subscriptionId: loaded.subscriptions[0].id }, admin),
          p,
        ),
      ),
    );
    expect(delSub.location).toBe(url);
    expect(await flashOf(delSub)).toBe("Assinatura excluída com sucesso!");
    const delNote = await outcome(() =>
      clientEdit.action(args(post(url, { intent: "delete-note", noteId: loaded.notes[0].id }, admin), p)),
    );
    expect(await flashOf(delNote)).toBe("Anotação excluída com sucesso!");

    const unknown = await outcome(() =>
      clientEdit.action(args(post(url, { intent: "drop-table" }, admin), p)),
    );
    expect(unknown.status).toBe(400);
  });

  it("keeps the plan in one place: the edit form never sets it, a new subscription does", async () => {
    const url = `/admin/clients/edit/${clientId}`;
    const p = { id: clientId };
    const [other] = await t.db.insert(plans).values({ name: "Plano Forjado", priceCents: 9900 }).returning();
    const before = await t.db.select().from(clients).where(eq(clients.id, clientId));
    // A forged plan in the edit form is ignored; the rest is saved.
    const upd = await outcome(() =>
      clientEdit.action(
        args(
          post(url, { intent: "update", ...form({ planId: other.id, businessName: "Casa Nova" }) }, admin),
          p,
        ),
      ),
    );
    expect(upd.location).toBe("/admin/clients");
    const [saved] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(saved).toMatchObject({ planId: before[0].planId, businessName: "Casa Nova" });
    // Without a plan field at all, the edit still saves (the form shows the plan, never posts it).
    const { planId: _omit, ...noPlan } = form({ status: "pendente" });
    const upd2 = await outcome(() =>
      clientEdit.action(args(post(url, { intent: "update", ...noPlan }, admin), p)),
    );
    expect(upd2.location).toBe("/admin/clients");
    // A new subscription carries the client's plan with it.
    await outcome(() =>
      clientEdit.action(
        args(
          post(
            url,
            { intent: "add-subscription", planId: other.id, startDate: "01/03/2026", renewalType: "mensal" },
            admin,
          ),
          p,
        ),
      ),
    );
    const [after] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(after).toMatchObject({ planId: other.id, status: "pendente" });
    // Creating still needs a plan: a missing one is refused with the spec's message, nothing stored.
    const { planId: _none, ...withoutPlan } = form({ email: "sem-plano@restaurante.dev" });
    const refused = await outcome(() =>
      clientNew.action(args(post("/admin/clients/new", withoutPlan, admin))),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ fieldErrors: { planId: "Selecione um plano." } });
    expect(await t.db.select().from(clients).where(eq(clients.email, "sem-plano@restaurante.dev"))).toEqual(
      [],
    );
  });

  it("refuses ids that belong to another client", async () => {
    const [other] = await t.db
      .insert(clients)
      .values({ name: "Outro", email: "outro@t.dev", phone: "1", businessName: "O", planId })
      .returning();
    const [sub] = await insertSubscriptions(t.db, {
      clientId: other.id,
      planId,
      startDate: "2026-01-01",
      endDate: "2026-02-01",
    });
    const [note] = await t.db.insert(clientNotes).values({ clientId: other.id, note: "dele" }).returning();
    const url = `/admin/clients/edit/${clientId}`;
    const p = { id: clientId };
    const s = await outcome(() =>
      clientEdit.action(args(post(url, { intent: "delete-subscription", subscriptionId: sub.id }, admin), p)),
    );
    expect(await flashOf(s)).toBe("Erro ao excluir assinatura");
    const n = await outcome(() =>
      clientEdit.action(args(post(url, { intent: "delete-note", noteId: note.id }, admin), p)),
    );
    expect(await flashOf(n)).toBe("Erro ao excluir anotação");
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id))).toHaveLength(1);
    expect(await t.db.select().from(clientNotes).where(eq(clientNotes.id, note.id))).toHaveLength(1);
  });

  it("sends a missing client back to the list with the spec's error", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nao-e-uuid"]) {
      const res = await outcome(() =>
        clientEdit.loader(args(get(`/admin/clients/edit/${id}`, admin), { id })),
      );
      expect(res.location).toBe("/admin/clients");
      expect(await flashOf(res)).toBe("Erro ao carregar dados do cliente");
    }
  });

  it("renders the dashboard with the client and the funnel", async () => {
    const res = await outcome(() => dashboard.loader(args(get("/admin/dashboard", admin))));
    expect(res.data).toMatchObject({ clients: { total: { value: 2 } }, funnel: expect.any(Array) });
  });

  it("deletes a client from the list with the spec's toast, keeping the list state", async () => {
    const res = await outcome(() =>
      clientList.action(
        args(post("/admin/clients?q=maria&page=1", { intent: "delete", id: clientId }, admin)),
      ),
    );
    expect(res.location).toBe("/admin/clients?q=maria&page=1");
    expect(await flashOf(res)).toBe("Cliente excluído com sucesso!");
    const again = await outcome(() =>
      clientList.action(args(post("/admin/clients", { intent: "delete", id: clientId }, admin))),
    );
    expect(await flashOf(again)).toBe("Erro ao excluir cliente");
  });
});

describe("a second client with the same business name", () => {
  /** The toast the redirect carries: its kind and its words. */
  async function toastOf(res: { headers: Headers }) {
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="))!;
    const { toast } = await readFlash(
      new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }),
    );
    return { type: toast?.type, message: toast?.message };
  }
  const create = (over: Record<string, string>) =>
    outcome(() => clientNew.action(args(post("/admin/clients/new", form(over), admin))));
  const update = (id: string, over: Record<string, string>) =>
    outcome(() =>
      clientEdit.action(
        args(post(`/admin/clients/edit/${id}`, { intent: "update", ...form(over) }, admin), { id }),
      ),
    );
  const idOf = async (email: string) =>
    (await t.db.select({ id: clients.id }).from(clients).where(eq(clients.email, email)))[0].id;

  it("is saved, with a warning naming the other client (case, accents and outer spaces aside)", async () => {
    const first = { name: "Joana Prado", email: "joana@cantina.dev", businessName: "Cantina Bella Nápoli" };
    expect(await toastOf(await create(first))).toEqual({
      type: "success",
      message: "Cliente criado com sucesso!",
    });

    const second = await create({
      name: "Outra Pessoa",
      email: "outra@cantina.dev",
      businessName: "  CANTINA bella napoli ",
    });
    expect(second.location).toBe("/admin/clients");
    expect(await toastOf(second)).toEqual({
      type: "warning",
      message:
        "Cliente criado com sucesso! Atenção: o negócio “CANTINA bella napoli” já é de outro cliente, Joana Prado (joana@cantina.dev). Confira se não é um cadastro repetido.",
    });
    const secondId = await idOf("outra@cantina.dev");
    expect((await t.db.select().from(clients).where(eq(clients.id, secondId)))[0].businessName).toBe(
      "CANTINA bella napoli",
    );

    // Editing: another name, no warning; back to the same name, the warning again.
    const renamed = await update(secondId, {
      name: "Outra Pessoa",
      email: "outra@cantina.dev",
      businessName: "Cantina Roma",
    });
    expect(await toastOf(renamed)).toEqual({ type: "success", message: "Cliente atualizado com sucesso!" });
    const back = await update(secondId, {
      name: "Outra Pessoa",
      email: "outra@cantina.dev",
      businessName: "Cantina Bella Napoli",
    });
    expect(await toastOf(back)).toMatchObject({
      type: "warning",
      message: expect.stringContaining(
        "Cliente atualizado com sucesso! Atenção: o negócio “Cantina Bella Napoli” já é de outro cliente, Joana Prado (joana@cantina.dev).",
      ),
    });
    // Saving the first one names the second: the client being saved is never its own duplicate.
    const firstAgain = await update(await idOf("joana@cantina.dev"), first);
    expect((await toastOf(firstAgain)).message).toContain(
      "já é de outro cliente, Outra Pessoa (outra@cantina.dev).",
    );

    // A third: the oldest is named, with how many there are.
    const third = await create({
      name: "Terceiro",
      email: "terceiro@cantina.dev",
      businessName: "Cantina Bella Nápoli",
    });
    expect((await toastOf(third)).message).toContain(
      "o negócio “Cantina Bella Nápoli” já é de outros 2 clientes, entre eles Joana Prado (joana@cantina.dev).",
    );
    // A name that only contains it is another business.
    const branch = await create({
      name: "Filial",
      email: "filial@cantina.dev",
      businessName: "Cantina Bella Nápoli 2",
    });
    expect(await toastOf(branch)).toEqual({ type: "success", message: "Cliente criado com sucesso!" });
    expect(
      await t.db
        .select()
        .from(clients)
        .where(sql`${clients.email} like '%@cantina.dev'`),
    ).toHaveLength(4);
  });
});

describe("client routes when the database fails", () => {
  async function withTableRenamed<T>(table: string, fn: () => Promise<T>): Promise<T> {
    const quiet = vi.spyOn(baseLogger(), "error").mockImplementation(() => {});
    await t.db.execute(sql.raw(`alter table ${table} rename to ${table}_off`));
    try {
      return await fn();
    } finally {
      await t.db.execute(sql.raw(`alter table ${table}_off rename to ${table}`));
      quiet.mockRestore();
    }
  }

  it("shows each load error as a toast with the rest of the page working", async () => {
    const [c] = await t.db
      .insert(clients)
      .values({ name: "Falha", email: "falha@t.dev", phone: "1", businessName: "F", planId })
      .returning();
    const edit = `/admin/clients/edit/${c.id}`;
    const list = await withTableRenamed("clients", () =>
      outcome(() => clientList.loader(args(get("/admin/clients", admin)))),
    );
    expect(list.data).toMatchObject({ rows: [], toast: { message: "Erro ao carregar clientes" } });
    const subs = await withTableRenamed("subscriptions", () =>
      outcome(() => clientEdit.loader(args(get(edit, admin), { id: c.id }))),
    );
    expect(subs.data).toMatchObject({
      client: { id: c.id },
      subscriptions: [],
      toast: { message: "Erro ao carregar assinaturas" },
    });
    const notes = await withTableRenamed("client_notes", () =>
      outcome(() => clientEdit.loader(args(get(edit, admin), { id: c.id }))),
    );
    expect(notes.data).toMatchObject({ notes: [], toast: { message: "Erro ao carregar notas" } });
    const plansDown = await withTableRenamed("plans", () =>
      outcome(() => clientNew.loader(args(get("/admin/clients/new", admin)))),
    );
    expect(plansDown.data).toMatchObject({ plans: [], toast: { message: "Erro ao carregar planos" } });
    const create = await withTableRenamed("subscriptions", () =>
      outcome(() =>
        clientNew.action(args(post("/admin/clients/new", form({ email: "semtabela@t.dev" }), admin))),
      ),
    );
    expect(create.status).toBe(500);
    expect(create.data).toMatchObject({ toast: { message: "Erro ao criar cliente" } });
    expect(await t.db.select().from(clients).where(eq(clients.email, "semtabela@t.dev"))).toEqual([]);
  });

  it("answers a sub-form for a client deleted meanwhile with that action's error", async () => {
    const [c] = await t.db
      .insert(clients)
      .values({ name: "Some", email: "some@t.dev", phone: "1", businessName: "S", planId })
      .returning();
    await t.db.delete(clients).where(eq(clients.id, c.id));
    const url = `/admin/clients/edit/${c.id}`;
    const note = await outcome(() =>
      clientEdit.action(args(post(url, { intent: "add-note", note: "oi" }, admin), { id: c.id })),
    );
    expect(note.location).toBe("/admin/clients");
    expect(await flashOf(note)).toBe("Erro ao adicionar anotação");
    const sub = await outcome(() =>
      clientEdit.action(
        args(
          post(
            url,
            { intent: "add-subscription", planId, startDate: "2026-01-01", renewalType: "mensal" },
            admin,
          ),
          { id: c.id },
        ),
      ),
    );
    expect(await flashOf(sub)).toBe("Erro ao adicionar assinatura");
    const upd = await outcome(() =>
      clientEdit.action(args(post(url, { intent: "update", ...form() }, admin), { id: c.id })),
    );
    expect(await flashOf(upd)).toBe("Erro ao atualizar cliente");
  });
});

describe("client routes refuse anonymous and representative requests", () => {
  it("changes nothing and redirects to the admin login", async () => {
    const [victim] = await t.db
      .insert(clients)
      .values({ name: "Vítima", email: "vitima@t.dev", phone: "1", businessName: "V", planId })
      .returning();
    const [sub] = await insertSubscriptions(t.db, {
      clientId: victim.id,
      planId,
      startDate: "2026-01-01",
      endDate: "2026-02-01",
    });
    const [note] = await t.db.insert(clientNotes).values({ clientId: victim.id, note: "n" }).returning();
    const before = await snapshot();
    const edit = `/admin/clients/edit/${victim.id}`;
    const p = { id: victim.id };
    for (const cookie of [undefined, rep]) {
      const calls = [
        () => clientNew.action(args(post("/admin/clients/new", form({ email: "intruso@t.dev" }), cookie))),
        () => clientList.action(args(post("/admin/clients", { intent: "delete", id: victim.id }, cookie))),
        () =>
          clientEdit.action(args(post(edit, { intent: "update", ...form({ email: "x@t.dev" }) }, cookie), p)),
        () =>
          clientEdit.action(
            args(
              post(
                edit,
                { intent: "add-subscription", planId, startDate: "2026-01-01", renewalType: "mensal" },
                cookie,
              ),
              p,
            ),
          ),
        () =>
          clientEdit.action(
            args(post(edit, { intent: "delete-subscription", subscriptionId: sub.id }, cookie), p),
          ),
        () => clientEdit.action(args(post(edit, { intent: "add-note", note: "x" }, cookie), p)),
        () => clientEdit.action(args(post(edit, { intent: "delete-note", noteId: note.id }, cookie), p)),
        () => clientEdit.loader(args(get(edit, cookie), p)),
        () => clientList.loader(args(get("/admin/clients", cookie))),
        () => dashboard.loader(args(get("/admin/dashboard", cookie))),
      ];
      for (const call of calls) {
        const res = await outcome(call);
        expect(res.status).toBe(302);
        expect(res.location).toBe("/admin/login");
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
