import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { clients, plans } from "~/db/schema";
import { readFlash } from "~/lib/flash.server";
import * as planEdit from "~/routes/admin/plans/edit";
import * as planList from "~/routes/admin/plans/list";
import * as planNew from "~/routes/admin/plans/new";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, representativeCookie } from "../../../tests/support/requests";
import { baseLogger } from "~/server/logging/logger.server";

const t = useTestDatabase();
let admin: string;
let rep: string;

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;

/** A POST with repeated fields (features). */
function postForm(path: string, fields: [string, string][], cookie?: string) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
}

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  const flash = await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }));
  return flash.toast?.message ?? null;
}

beforeAll(async () => {
  admin = await adminCookie();
  rep = (await representativeCookie("rep-plans@test.dev")).cookie;
});

describe("plan routes as admin", () => {
  let planId: string;

  it("creates a plan with exact cents from a comma or a dot, then goes to the list", async () => {
    const res = await outcome(() =>
      planNew.action(
        args(
          postForm(
            "/admin/plans/new",
            [
              ["name", "Plano Rota"],
              ["price", "19,90"],
              ["setupFee", "0.10"],
              ["description", "Descrição"],
              ["isPopular", "on"],
              ["features", "Cardápio"],
              ["features", "  "],
              ["features", "Delivery"],
            ],
            admin,
          ),
        ),
      ),
    );
    expect(res.location).toBe("/admin/plans");
    expect(await flashOf(res)).toBe("Plano criado com sucesso!");
    const [row] = await t.db.select().from(plans).where(eq(plans.name, "Plano Rota"));
    expect(row).toMatchObject({
      priceCents: 1990,
      setupFeeCents: 10,
      isPopular: true,
      features: ["Cardápio", "Delivery"],
    });
    planId = row.id;
  });

  it("refuses negative or non-numeric money with the spec's message, keeping the values", async () => {
    const res = await outcome(() =>
      planNew.action(
        args(
          postForm(
            "/admin/plans/new",
            [
              ["name", "Ruim"],
              ["price", "-1"],
              ["setupFee", "abc"],
              ["features", "Mantida"],
            ],
            admin,
          ),
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      fieldErrors: {
        price: "Preço e taxa de ativação devem ser valores numéricos.",
        setupFee: "Preço e taxa de ativação devem ser valores numéricos.",
      },
      toast: { type: "error", message: "Preço e taxa de ativação devem ser valores numéricos." },
      values: { name: "Ruim", price: "-1", features: ["Mantida"] },
    });
    expect(await t.db.select().from(plans).where(eq(plans.name, "Ruim"))).toEqual([]);
  });

  it("refuses the same feature twice (any case, accents or spacing) with a pt-BR message, saving nothing", async () => {
    const res = await outcome(() =>
      planNew.action(
        args(
          postForm(
            "/admin/plans/new",
            [
              ["name", "Repetido"],
              ["price", "59,90"],
              ["setupFee", "0"],
              ["features", "Cardápio digital"],
              ["features", "Delivery"],
              ["features", "  cardapio   DIGITAL "],
            ],
            admin,
          ),
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      fieldErrors: { features: 'A funcionalidade "cardapio   DIGITAL" já está na lista.' },
    });
    expect(await t.db.select().from(plans).where(eq(plans.name, "Repetido"))).toEqual([]);
  });

  it("loads a plan for editing and updates it", async () => {
    const page = await outcome(() =>
      planEdit.loader(args(get(`/admin/plans/edit/${planId}`, admin), { id: planId })),
    );
    expect(page.data).toMatchObject({ values: { price: "19,90", setupFee: "0,10" } });
    const res = await outcome(() =>
      planEdit.action(
        args(
          postForm(
            `/admin/plans/edit/${planId}`,
            [
              ["name", "Plano Rota 2"],
              ["price", "1.234,56"],
              ["setupFee", "0"],
            ],
            admin,
          ),
          { id: planId },
        ),
      ),
    );
    expect(res.location).toBe("/admin/plans");
    expect(await flashOf(res)).toBe("Plano atualizado com sucesso!");
    const [row] = await t.db.select().from(plans).where(eq(plans.id, planId));
    expect(row).toMatchObject({ name: "Plano Rota 2", priceCents: 123456, isPopular: false, features: [] });
  });

  it("sends a missing plan back to the list with the spec's error", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const res = await outcome(() => planEdit.loader(args(get(`/admin/plans/edit/${id}`, admin), { id })));
    expect(res.location).toBe("/admin/plans");
    expect(await flashOf(res)).toBe("Erro ao carregar dados do plano");
  });

  it("refuses to delete a plan in use with the count, then deletes it once free", async () => {
    const [c] = await t.db
      .insert(clients)
      .values({ name: "Usa", email: "usa@t.dev", phone: "1", businessName: "U", planId })
      .returning();
    const refused = await outcome(() =>
      planList.action(
        args(
          postForm(
            "/admin/plans",
            [
              ["intent", "delete"],
              ["id", planId],
            ],
            admin,
          ),
        ),
      ),
    );
    expect(refused.location).toBe("/admin/plans");
    expect(await flashOf(refused)).toBe(
      "Não é possível excluir este plano. Existem 1 clientes associados a ele.",
    );
    await t.db.delete(clients).where(eq(clients.id, c.id));
    const ok = await outcome(() =>
      planList.action(
        args(
          postForm(
            "/admin/plans",
            [
              ["intent", "delete"],
              ["id", planId],
            ],
            admin,
          ),
        ),
      ),
    );
    expect(await flashOf(ok)).toBe("Plano excluído com sucesso!");
    const gone = await outcome(() =>
      planList.action(
        args(
          postForm(
            "/admin/plans",
            [
              ["intent", "delete"],
              ["id", planId],
            ],
            admin,
          ),
        ),
      ),
    );
    expect(await flashOf(gone)).toBe("Erro ao excluir plano");
  });

  it("lists plans by price", async () => {
    await t.db.insert(plans).values([
      { name: "Caro", priceCents: 900 },
      { name: "Barato", priceCents: 100 },
    ]);
    const res = await outcome(() => planList.loader(args(get("/admin/plans", admin))));
    const names = (res.data as { plans: { name: string }[] }).plans.map((p) => p.name);
    expect(names).toEqual(["Barato", "Caro"]);
  });
});

describe("plan routes when the database fails", () => {
  it("shows the spec's errors for a failed list, create and update", async () => {
    const quiet = vi.spyOn(baseLogger(), "error").mockImplementation(() => {});
    try {
      await t.db.execute(sql`alter table plans rename to plans_off`);
      const list = await outcome(() => planList.loader(args(get("/admin/plans", admin))));
      const created = await outcome(() =>
        planNew.action(
          args(
            postForm(
              "/admin/plans/new",
              [
                ["name", "X"],
                ["price", "1"],
                ["setupFee", "0"],
              ],
              admin,
            ),
          ),
        ),
      );
      await t.db.execute(sql`alter table plans_off rename to plans`);
      expect(list.data).toMatchObject({ plans: [], toast: { message: "Erro ao carregar planos" } });
      expect(created.status).toBe(500);
      expect(created.data).toMatchObject({
        toast: { message: "Erro ao criar plano" },
        formError: "Erro ao criar plano",
        values: { name: "X" },
      });
    } finally {
      quiet.mockRestore();
    }
    // A plan deleted while its form was open.
    const [gone] = await t.db.insert(plans).values({ name: "Sumiu", priceCents: 1 }).returning();
    await t.db.delete(plans).where(eq(plans.id, gone.id));
    const upd = await outcome(() =>
      planEdit.action(
        args(
          postForm(
            `/admin/plans/edit/${gone.id}`,
            [
              ["name", "Y"],
              ["price", "1"],
              ["setupFee", "0"],
            ],
            admin,
          ),
          { id: gone.id },
        ),
      ),
    );
    expect(upd.location).toBe("/admin/plans");
    expect(await flashOf(upd)).toBe("Erro ao atualizar plano");
  });
});

describe("plan routes refuse anonymous and representative requests", () => {
  it("changes nothing and redirects to the admin login", async () => {
    const [victim] = await t.db.insert(plans).values({ name: "Alvo", priceCents: 100 }).returning();
    const before = JSON.stringify(await t.db.select().from(plans).orderBy(plans.id));
    const edit = `/admin/plans/edit/${victim.id}`;
    for (const cookie of [undefined, rep]) {
      const calls = [
        () =>
          planNew.action(
            args(
              postForm(
                "/admin/plans/new",
                [
                  ["name", "Intruso"],
                  ["price", "1"],
                  ["setupFee", "0"],
                ],
                cookie,
              ),
            ),
          ),
        () =>
          planEdit.action(
            args(
              postForm(
                edit,
                [
                  ["name", "Hackeado"],
                  ["price", "0"],
                  ["setupFee", "0"],
                ],
                cookie,
              ),
              {
                id: victim.id,
              },
            ),
          ),
        () =>
          planList.action(
            args(
              postForm(
                "/admin/plans",
                [
                  ["intent", "delete"],
                  ["id", victim.id],
                ],
                cookie,
              ),
            ),
          ),
        () => planEdit.loader(args(get(edit, cookie), { id: victim.id })),
        () => planList.loader(args(get("/admin/plans", cookie))),
        () => planNew.loader(args(get("/admin/plans/new", cookie))),
      ];
      for (const call of calls) {
        const res = await outcome(call);
        expect(res.status).toBe(302);
        expect(res.location).toBe("/admin/login");
      }
    }
    expect(JSON.stringify(await t.db.select().from(plans).orderBy(plans.id))).toBe(before);
  });
});
