import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { plans, referrals } from "~/db/schema";
import * as route from "~/routes/admin/referrals";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { listReferralsAdmin } from "./admin.server";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let admin = "";
let repCookie = "";
const ids: Record<string, string> = {};

beforeAll(async () => {
  admin = await adminCookie();
  const ana = await representativeCookie("ana@reps.dev", "senha-rep-123", "Ana Souza");
  repCookie = ana.cookie;
  const bruno = await representativeCookie("bruno@reps.dev", "senha-rep-123", "Bruno Lima");
  const [basico, black] = await t.db
    .insert(plans)
    .values([
      { name: "Básico", priceCents: 9990, commissionCents: 5000 },
      { name: "Black", priceCents: 24990 },
    ])
    .returning();
  const base = Date.UTC(2025, 0, 10, 12);
  const rows = [
    {
      key: "pizzaria",
      rep: ana,
      business: "Pizzaria Bella",
      contact: "Carlos",
      phone: "(11) 91111-1111",
      plan: basico,
      status: "analise",
    },
    {
      key: "acai",
      rep: ana,
      business: "açaí do Zé",
      contact: "zé",
      phone: "(21) 92222-2222",
      plan: black,
      status: "producao",
    },
    {
      key: "burger",
      rep: bruno,
      business: "Burger House",
      contact: "Daniela",
      phone: "(31) 93333-3333",
      plan: black,
      status: "concluido",
    },
    {
      key: "sushi",
      rep: bruno,
      business: "Sushi 100%",
      contact: "Érica",
      phone: "11944444444",
      plan: null,
      status: "aguardando_pagamento",
    },
  ] as const;
  for (const [i, r] of rows.entries()) {
    const [row] = await t.db
      .insert(referrals)
      .values({
        representativeId: r.rep.representativeId,
        businessName: r.business,
        contactName: r.contact,
        contactPhone: r.phone,
        planId: r.plan?.id ?? null,
        status: r.status,
        createdAt: new Date(base + i * 86_400_000),
      })
      .returning();
    ids[r.key] = row.id;
  }
});

async function list(qs: string) {
  const res = await outcome(() => route.loader(args(get(`/admin/referrals${qs}`, admin))));
  return res.data as Awaited<ReturnType<typeof route.loader>>;
}
const names = (d: { rows: { businessName: string }[] }) => d.rows.map((r) => r.businessName);

describe("admin referral list", () => {
  it("defaults to newest first with the joined representative and plan", async () => {
    const d = await list("");
    expect(d.sort).toBe("created_at");
    expect(d.dir).toBe("desc");
    expect(names(d)).toEqual(["Sushi 100%", "Burger House", "açaí do Zé", "Pizzaria Bella"]);
    expect(d.rows[1]).toMatchObject({
      representativeName: "Bruno Lima",
      representativeEmail: "bruno@reps.dev",
      planName: "Black",
      contactName: "Daniela",
      contactPhone: "(31) 93333-3333",
    });
    expect(d.count).toMatchObject({ total: 4, kind: "exact" });
    // The amount the "Concluído" confirmation says: the plan's commission for a row without a
    // snapshot, as completing stores it.
    expect(d.rows.find((r) => r.businessName === "Pizzaria Bella")?.commissionCents).toBe(5000);
  });

  it("filters by status", async () => {
    expect(names(await list("?status=concluido"))).toEqual(["Burger House"]);
    expect(names(await list("?status=aguardando_pagamento"))).toEqual(["Sushi 100%"]);
    // An unknown status is ignored, not an error.
    expect((await list("?status=hack")).count?.total).toBe(4);
  });

  it("searches business, contact, phone and representative name/email, case-insensitively", async () => {
    expect(names(await list("?q=PIZZA"))).toEqual(["Pizzaria Bella"]);
    expect(names(await list("?q=daniela"))).toEqual(["Burger House"]);
    expect(names(await list("?q=92222"))).toEqual(["açaí do Zé"]);
    expect(names(await list("?q=bruno@reps"))).toEqual(["Sushi 100%", "Burger House"]);
    expect(names(await list("?q=ana%20souza"))).toEqual(["açaí do Zé", "Pizzaria Bella"]);
    expect(names(await list("?q=100%25"))).toEqual(["Sushi 100%"]);
    expect((await list("?q=nada-disso")).rows).toEqual([]);
    expect(names(await list("?q=bruno&status=concluido"))).toEqual(["Burger House"]);
  });

  it("sorts by allow-listed columns in both directions", async () => {
    expect(names(await list("?sort=business_name"))).toEqual([
      "açaí do Zé",
      "Burger House",
      "Pizzaria Bella",
      "Sushi 100%",
    ]);
    expect(names(await list("?sort=business_name&dir=desc"))).toEqual([
      "Sushi 100%",
      "Pizzaria Bella",
      "Burger House",
      "açaí do Zé",
    ]);
    expect(names(await list("?sort=created_at&dir=asc"))).toEqual([
      "Pizzaria Bella",
      "açaí do Zé",
      "Burger House",
      "Sushi 100%",
    ]);
    const byRep = await list("?sort=representative&dir=asc");
    expect(byRep.rows.map((r) => r.representativeName)).toEqual([
      "Ana Souza",
      "Ana Souza",
      "Bruno Lima",
      "Bruno Lima",
    ]);
    const byStatus = await list("?sort=status&dir=asc");
    expect(byStatus.rows.map((r) => r.status)).toEqual([
      "aguardando_pagamento",
      "analise",
      "concluido",
      "producao",
    ]);
    const injected = await list("?sort=business_name;drop%20table%20referrals&dir=asc");
    expect(injected.sort).toBe("created_at");
    expect(names(injected)).toEqual(["Pizzaria Bella", "açaí do Zé", "Burger House", "Sushi 100%"]);
  });

  it("pages on the server", async () => {
    const p1 = await listReferralsAdmin({ pageSize: 3 });
    const p2 = await listReferralsAdmin({ pageSize: 3, page: 2 });
    expect(p1.rows).toHaveLength(3);
    expect(p2.rows.map((r) => r.businessName)).toEqual(["Pizzaria Bella"]);
    expect(p1.hasMore).toBe(true);
    expect(p2.hasMore).toBe(false);
    expect(p2.count).toMatchObject({ total: 4, kind: "exact" });
  });
});

describe("status dropdown", () => {
  const setStatus = (id: string, status: string, cookie = admin) =>
    outcome(() => route.action(args(post("/admin/referrals", { intent: "status", id, status }, cookie))));
  const row = async (id: string) => (await t.db.select().from(referrals).where(eq(referrals.id, id)))[0];

  it("sets any status with the spec's toast; the commission is the referral's snapshot", async () => {
    const res = await setStatus(ids.pizzaria, "concluido");
    expect(res.data).toMatchObject({
      toast: { type: "success", message: "Status atualizado para Concluído" },
    });
    expect(await row(ids.pizzaria)).toMatchObject({ status: "concluido", commissionCents: 5000 });
    await setStatus(ids.acai, "concluido");
    expect((await row(ids.acai)).commissionCents).toBe(10000);
    await setStatus(ids.sushi, "concluido"); // no plan → R$ 100,00
    expect((await row(ids.sushi)).commissionCents).toBe(10000);
    expect((await row(ids.pizzaria)).completedAt).toBeInstanceOf(Date);
    // Backwards is allowed too (no ordering enforced); the promised amount stays on the referral
    // (a snapshot, not recomputed), and it is no longer a completed commission.
    const back = await setStatus(ids.pizzaria, "analise");
    expect(back.data).toMatchObject({ toast: { message: "Status atualizado para Em análise" } });
    expect(await row(ids.pizzaria)).toMatchObject({
      status: "analise",
      commissionCents: 5000,
      completedAt: null,
    });
    await setStatus(ids.pizzaria, "aguardando_pagamento");
    expect((await row(ids.pizzaria)).status).toBe("aguardando_pagamento");
  });

  it("refuses unknown statuses and ids with the spec's error", async () => {
    for (const [id, status, code] of [
      [ids.burger, "cancelado", 400],
      ["00000000-0000-4000-8000-000000000000", "producao", 404],
      ["nao-uuid", "producao", 400],
    ] as const) {
      const res = await setStatus(id, status);
      expect(res.status).toBe(code);
      expect(res.data).toMatchObject({
        toast: { type: "error", message: "Erro ao atualizar status da indicação" },
      });
    }
    expect((await row(ids.burger)).status).toBe("concluido");
  });

  it("anonymous and representative requests change nothing", async () => {
    for (const cookie of [undefined, repCookie]) {
      const res = await outcome(() =>
        route.action(
          args(post("/admin/referrals", { intent: "status", id: ids.burger, status: "analise" }, cookie)),
        ),
      );
      expect(res.location).toBe("/admin/login");
      expect((await outcome(() => route.loader(args(get("/admin/referrals", cookie))))).location).toBe(
        "/admin/login",
      );
    }
    expect((await row(ids.burger)).status).toBe("concluido");
  });
});
