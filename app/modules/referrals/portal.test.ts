import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { leads, plans, referrals } from "~/db/schema";
import { readFlash } from "~/lib/flash.server";
import { REP_AUTH_ERROR } from "~/modules/auth/session.server";
import { createMaterial } from "~/modules/materials/materials.server";
import * as dashboard from "~/routes/representante/dashboard";
import * as indicacoes from "~/routes/representante/indicacoes";
import * as materiais from "~/routes/representante/materiais";
import * as novaIndicacao from "~/routes/representante/nova-indicacao";
import { useTestDatabase } from "../../../tests/support/db";
import { context, get, outcome, post, representativeCookie } from "../../../tests/support/requests";
import { getMyReferralStats, listMyReferrals } from "./portal.server";
import { REFERRAL_MESSAGES } from "./referral-form.schema";
import { baseLogger } from "~/server/logging/logger.server";

const t = useTestDatabase();

const args = (request: Request) => ({ request, params: {}, context: context() }) as never;

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  return (await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }))).toast
    ?.message;
}

type Rep = Awaited<ReturnType<typeof representativeCookie>>;
let repA: Rep;
let repB: Rep;
const planIds: Record<string, string> = {};

beforeAll(async () => {
  repA = await representativeCookie("rep-a@test.dev", "senha-rep-a", "Ana Representante");
  repB = await representativeCookie("rep-b@test.dev", "senha-rep-b", "Bruno Representante");
  const rows = await t.db
    .insert(plans)
    .values(
      ["Básico", "plano básico anual", "BÁSICO", "Premium", "Black", "Basico", "Temporário"].map(
        (name, i) => ({
          name,
          priceCents: 1000 * (i + 1),
        }),
      ),
    )
    .returning({ id: plans.id, name: plans.name });
  for (const r of rows) planIds[r.name] = r.id;
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function dashboardOf(cookie: string) {
  const res = await outcome(() => dashboard.loader(args(get("/representante/dashboard", cookie))));
  expect(res.status).toBe(200);
  return res.data as Awaited<ReturnType<typeof dashboard.loader>>;
}

async function referralsOf(cookie: string, query = "") {
  const res = await outcome(() => indicacoes.loader(args(get(`/representante/indicacoes${query}`, cookie))));
  expect(res.status).toBe(200);
  return res.data as Awaited<ReturnType<typeof indicacoes.loader>>;
}

function submit(fields: Record<string, string>, cookie?: string) {
  return outcome(() =>
    novaIndicacao.action(
      args(post("/representante/nova-indicacao", { intent: "create", ...fields }, cookie)),
    ),
  );
}

// A new phone each time: a second referral with the same phone is refused.
let phoneSeq = 1000;
const valid = () => ({
  businessName: "Pizzaria Bella Napoli",
  contactName: "Giovanni Rossi",
  contactPhone: `(11) 9${phoneSeq++}-4321`,
  planId: planIds.Premium,
});

async function referralsOwnedBy(representativeId: string) {
  return t.db.select().from(referrals).where(eq(referrals.representativeId, representativeId));
}

describe("empty portal", () => {
  it("greets the representative by name with zeroed cards and an empty distribution", async () => {
    const d = await dashboardOf(repB.cookie);
    expect(d.name).toBe("Bruno Representante");
    expect(d.stats).toMatchObject({ total: 0, active: 0, completed: 0, totalCommissionCents: 0 });
    expect(d.stats!.byStatus.map((s) => [s.label, s.count])).toEqual([
      ["Em análise", 0],
      ["Aguardando pagamento", 0],
      ["Em produção", 0],
      ["Concluído", 0],
    ]);
    const list = await referralsOf(repB.cookie);
    expect(list.inProgress).toEqual([]);
    expect(list.completed).toEqual([]);
  });

  it("shows no materials until an admin adds some, then lists links and texts newest first", async () => {
    const empty = await outcome(() => materiais.loader(args(get("/representante/materiais", repB.cookie))));
    expect(empty.data).toMatchObject({ materials: [], loadError: null });
    await createMaterial({
      input: {
        title: "Apresentação comercial",
        description: "Slides para a primeira conversa",
        materialType: "link",
        driveUrl: "https://drive.google.com/file/d/abc",
        textContent: null,
      },
    });
    await createMaterial({
      input: {
        title: "Mensagem de WhatsApp",
        description: null,
        materialType: "text",
        driveUrl: null,
        textContent: "Olá! Conheça o cardápio digital sem comissão.",
      },
    });
    const res = await outcome(() => materiais.loader(args(get("/representante/materiais", repB.cookie))));
    const { materials } = res.data as Awaited<ReturnType<typeof materiais.loader>>;
    expect(materials.map((m) => [m.title, m.materialType])).toEqual([
      ["Mensagem de WhatsApp", "text"],
      ["Apresentação comercial", "link"],
    ]);
    expect(materials[1].driveUrl).toBe("https://drive.google.com/file/d/abc");
  });
});

describe("wizard: server-side validation (SPEC §5)", () => {
  it("answers every invalid field with the spec's message and stores nothing", async () => {
    const res = await submit(
      { businessName: "  ab  ", contactName: "Jo", contactPhone: "1234", planId: "" },
      repA.cookie,
    );
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      ok: false,
      fieldErrors: {
        businessName: "Nome do negócio deve ter pelo menos 3 caracteres",
        contactName: "Nome do contato deve ter pelo menos 3 caracteres",
        contactPhone: "Formato de telefone inválido. Use (99) 99999-9999 ou apenas números",
        planId: "Selecione um plano para a indicação",
      },
      values: { businessName: "  ab  ", contactName: "Jo", contactPhone: "1234", planId: "" },
    });
    expect(await referralsOwnedBy(repA.representativeId)).toHaveLength(0);
  });

  it("treats missing fields like empty ones", async () => {
    const res = await submit({}, repA.cookie);
    expect(res.status).toBe(400);
    expect(Object.keys((res.data as { fieldErrors: object }).fieldErrors).sort()).toEqual([
      "businessName",
      "contactName",
      "contactPhone",
      "planId",
    ]);
    // Empty (or only spaces): "Informe …" before any length rule.
    const blank = await submit(
      { businessName: "   ", contactName: "", contactPhone: "", planId: "" },
      repA.cookie,
    );
    expect(blank.data).toMatchObject({
      fieldErrors: {
        businessName: "Informe o nome do negócio",
        contactName: "Informe o nome do contato",
        contactPhone: "Informe o telefone do contato",
        planId: "Selecione um plano para a indicação",
      },
    });
  });

  it("refuses badly shaped phones and accepts both spec forms, storing the digits", async () => {
    for (const phone of [
      "(11)98765-4321",
      "119876543210",
      "(11) 987-4321",
      "11 98765 4321",
      "abcdefghij",
      "(00) 00000-0000",
      "(11) 99999-9999",
      "(11) 18765-4321",
    ]) {
      const res = await submit({ ...valid(), contactPhone: phone }, repA.cookie);
      expect(res.status, phone).toBe(400);
      expect(res.data, phone).toMatchObject({
        fieldErrors: { contactPhone: REFERRAL_MESSAGES.contactPhone },
      });
    }
    const accepted = [
      ["(11) 98765-4321", "11987654321"],
      ["(11) 3456-7890", "1134567890"],
      ["11987654321", "11987654321"],
      ["1134567890", "1134567890"],
      // The international form (the wizard's mask keeps the +55): not "(55) 11987-6543".
      ["+55 (11) 98765-4321", "11987654321"],
      ["5511987654321", "11987654321"],
    ];
    for (const [typed, stored] of accepted) {
      const business = `Fone ${typed}`;
      const res = await submit({ ...valid(), businessName: business, contactPhone: typed }, repA.cookie);
      expect(res.status, typed).toBe(200);
      const [row] = await t.db.select().from(referrals).where(eq(referrals.businessName, business));
      expect(row.contactPhone, typed).toBe(stored);
      // The same number typed another way would be a duplicate of this one (its referral and
      // the lead the wizard made with it).
      await t.db.delete(referrals);
      await t.db.delete(leads);
    }
  });

  it("refuses a plan id that is not a plan, and over-long names", async () => {
    const ghost = await submit({ ...valid(), planId: "00000000-0000-4000-8000-000000000000" }, repA.cookie);
    expect(ghost.status).toBe(400);
    expect(ghost.data).toMatchObject({ fieldErrors: { planId: "Selecione um plano para a indicação" } });
    const notUuid = await submit({ ...valid(), planId: "premium" }, repA.cookie);
    expect(notUuid.data).toMatchObject({ fieldErrors: { planId: "Selecione um plano para a indicação" } });
    const long = await submit({ ...valid(), businessName: "x".repeat(201) }, repA.cookie);
    expect(long.data).toMatchObject({ fieldErrors: { businessName: "Máximo de 200 caracteres." } });
    expect(await referralsOwnedBy(repA.representativeId)).toHaveLength(0);
  });

  it("review (no-JavaScript step 1) validates without storing; edit returns the data kept", async () => {
    const fields = valid();
    const review = await outcome(() =>
      novaIndicacao.action(
        args(post("/representante/nova-indicacao", { intent: "review", ...fields }, repA.cookie)),
      ),
    );
    expect(review.data).toMatchObject({ ok: false, review: true, values: fields });
    const back = await outcome(() =>
      novaIndicacao.action(
        args(
          post(
            "/representante/nova-indicacao",
            { intent: "edit", ...valid(), businessName: "ab" },
            repA.cookie,
          ),
        ),
      ),
    );
    expect(back.data).toMatchObject({ ok: false, fieldErrors: {}, values: { businessName: "ab" } });
    expect(await referralsOwnedBy(repA.representativeId)).toHaveLength(0);
  });
});

describe("wizard: creating a referral", () => {
  it("stores it at analise under the session's representative, ignoring a forged id and status", async () => {
    const res = await submit(
      {
        ...valid(),
        contactPhone: "(11) 98765-4321",
        businessName: "  Lanchonete do Bruno  ",
        representative_id: repA.representativeId,
        representativeId: repA.representativeId,
        status: "concluido",
        commission_cents: "999999",
      },
      repB.cookie,
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Indicação cadastrada com sucesso!" },
    });
    expect(await referralsOwnedBy(repA.representativeId)).toHaveLength(0);
    const [row] = await referralsOwnedBy(repB.representativeId);
    expect(row).toMatchObject({
      businessName: "Lanchonete do Bruno",
      contactName: "Giovanni Rossi",
      contactPhone: "11987654321",
      planId: planIds.Premium,
      status: "analise",
      // The plan's name and commission are snapshotted at creation (Premium → R$ 100,00).
      planName: "Premium",
      commissionCents: 10000,
    });
    const list = await referralsOf(repB.cookie);
    expect(list.inProgress.map((r) => [r.businessName, r.statusLabel, r.planName])).toEqual([
      ["Lanchonete do Bruno", "Em análise", "Premium"],
    ]);
    expect(list.completed).toEqual([]);
  });

  it("once completed (status set in the database, as the admin page does) it counts R$ 100,00", async () => {
    await t.db
      .update(referrals)
      .set({ status: "concluido" })
      .where(eq(referrals.representativeId, repB.representativeId));
    const d = await dashboardOf(repB.cookie);
    expect(d.stats).toMatchObject({ total: 1, active: 0, completed: 1, totalCommissionCents: 10000 });
    const list = await referralsOf(repB.cookie);
    expect(list.inProgress).toEqual([]);
    expect(list.completed.map((r) => [r.businessName, r.commissionCents])).toEqual([
      ["Lanchonete do Bruno", 10000],
    ]);
  });

  it("sends a visitor whose session is gone to the login with the spec's authentication error", async () => {
    const res = await submit(valid());
    expect(res.status).toBe(302);
    expect(res.location).toBe("/representante/login");
    expect(await flashOf(res)).toBe("Erro de autenticação. Por favor, faça login novamente.");
    const page = await outcome(() => novaIndicacao.loader(args(get("/representante/nova-indicacao"))));
    expect(page.location).toBe("/representante/login");
    expect(await flashOf(page)).toBe(REP_AUTH_ERROR);
  });
});

describe("commission rule through the loaders (SPEC §9)", () => {
  beforeAll(async () => {
    const completed = (plan: string | null, extra: Partial<typeof referrals.$inferInsert> = {}) => ({
      representativeId: repA.representativeId,
      businessName: `Concluída ${plan ?? "sem plano"}${extra.commissionCents ? " fixada" : ""}`,
      contactName: "Contato",
      contactPhone: "(11) 3456-7890",
      planId: plan ? planIds[plan] : null,
      status: "concluido" as const,
      ...extra,
    });
    await t.db.insert(referrals).values([
      completed("Básico"),
      completed("plano básico anual"),
      completed("BÁSICO"),
      completed("Premium"),
      completed("Basico"),
      completed("Temporário"),
      // Fixed at completion while the plan was Básico; renaming the plan later does not change it.
      completed("Black", { commissionCents: 5000 }),
      { ...completed("Black"), businessName: "Em análise Black", status: "analise" },
      { ...completed("Black"), businessName: "Aguardando Black", status: "aguardando_pagamento" },
      { ...completed("Básico"), businessName: "Produção Básico", status: "producao" },
    ]);
    // The plan is deleted: its referral keeps counting, as an unknown plan.
    await t.db.delete(plans).where(eq(plans.id, planIds["Temporário"]));
  });

  it("pays R$ 50,00 for any básico spelling, R$ 100,00 otherwise or when the plan is unknown", async () => {
    const { completed } = await referralsOf(repA.cookie);
    const byName = Object.fromEntries(completed.map((r) => [r.businessName, r.commissionCents]));
    expect(byName).toEqual({
      "Concluída Básico": 5000,
      "Concluída plano básico anual": 5000,
      "Concluída BÁSICO": 5000,
      "Concluída Premium": 10000,
      // The rule ignores accents too (a plan written without the accent is a Básico).
      "Concluída Basico": 5000,
      "Concluída Temporário": 10000,
      "Concluída Black fixada": 5000,
    });
    expect(completed.find((r) => r.businessName === "Concluída Temporário")?.planName).toBeNull();
  });

  it("sums completed referrals only on the dashboard", async () => {
    const d = await dashboardOf(repA.cookie);
    expect(d.stats).toMatchObject({
      total: 10,
      active: 3,
      completed: 7,
      totalCommissionCents: 4 * 5000 + 2 * 10000 + 5000,
    });
    expect(Object.fromEntries(d.stats!.byStatus.map((s) => [s.status, s.count]))).toEqual({
      analise: 1,
      aguardando_pagamento: 1,
      producao: 1,
      concluido: 7,
    });
    const { inProgress } = await referralsOf(repA.cookie);
    expect(inProgress.every((r) => r.commissionCents === null)).toBe(true);
  });
});

describe("ownership", () => {
  it("never shows A's referrals to B, whatever B searches or filters", async () => {
    const stats = await getMyReferralStats({ representativeId: repB.representativeId });
    expect(stats.total).toBe(1);
    for (const query of ["", "?q=Conclu", "?status=concluido", "?status=analise", "?q=Black"]) {
      const list = await referralsOf(repB.cookie, query);
      const names = [...list.inProgress, ...list.completed].map((r) => r.businessName);
      expect(
        names.every((n) => n === "Lanchonete do Bruno"),
        query,
      ).toBe(true);
    }
    const direct = await listMyReferrals({ representativeId: repB.representativeId, q: "Concluída" });
    expect([...direct.inProgress, ...direct.completed]).toEqual([]);
    const d = await dashboardOf(repB.cookie);
    expect(d.stats?.totalCommissionCents).toBe(10000);
  });
});

describe("Minhas Indicações: search and filter", () => {
  it("matches business or contact name case-insensitively and filters by status", async () => {
    await t.db.insert(referrals).values({
      representativeId: repA.representativeId,
      businessName: "Hamburgueria 100% Artesanal",
      contactName: "Márcia Prado",
      contactPhone: "(21) 99999-0000",
      planId: planIds.Black,
    });
    const names = async (query: string) => {
      const l = await referralsOf(repA.cookie, query);
      return [...l.inProgress, ...l.completed].map((r) => r.businessName).sort();
    };
    expect(await names("?q=hamburgueria")).toEqual(["Hamburgueria 100% Artesanal"]);
    expect(await names("?q=m%C3%A1rcia")).toEqual(["Hamburgueria 100% Artesanal"]);
    expect(await names("?q=100%25")).toEqual(["Hamburgueria 100% Artesanal"]);
    expect(await names("?q=%25")).toEqual(["Hamburgueria 100% Artesanal"]);
    expect(await names("?q=_")).toEqual([]);
    expect(await names("?q=produção&status=producao")).toEqual(["Produção Básico"]);
    expect(await names("?status=aguardando_pagamento")).toEqual(["Aguardando Black"]);
    const onlyDone = await referralsOf(repA.cookie, "?status=concluido");
    expect(onlyDone.inProgress).toEqual([]);
    expect(onlyDone.completed).toHaveLength(7);
    // An unknown status is ignored rather than failing.
    const bogus = await referralsOf(repA.cookie, "?status=hackeado");
    expect(bogus.status).toBe("");
    expect(bogus.inProgress.length + bogus.completed.length).toBe(11);
    const none = await referralsOf(repA.cookie, "?q=inexistente");
    expect(none).toMatchObject({ inProgress: [], completed: [], loadError: null });
  });
});

describe("failures show the spec's messages instead of an error page", () => {
  async function withTableMissing(table: "plans" | "referrals", fn: () => Promise<void>) {
    vi.spyOn(baseLogger(), "error").mockImplementation(() => {});
    await t.db.execute(sql.raw(`alter table ${table} rename to ${table}_hidden`));
    try {
      await fn();
    } finally {
      await t.db.execute(sql.raw(`alter table ${table}_hidden rename to ${table}`));
    }
  }

  it("plans failing to load", async () => {
    await withTableMissing("plans", async () => {
      const res = await outcome(() =>
        novaIndicacao.loader(args(get("/representante/nova-indicacao", repA.cookie))),
      );
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ plans: [], plansError: "Erro ao carregar os planos disponíveis" });
    });
  });

  it("referrals failing to load or to be stored", async () => {
    await withTableMissing("referrals", async () => {
      const list = await referralsOf(repA.cookie);
      expect(list).toMatchObject({
        inProgress: [],
        completed: [],
        loadError: "Erro ao carregar suas indicações",
      });
      const d = await dashboardOf(repA.cookie);
      expect(d).toMatchObject({ stats: null, loadError: "Erro ao carregar suas indicações" });
      const res = await submit(valid(), repA.cookie);
      expect(res.status).toBe(500);
      expect(res.data).toMatchObject({
        ok: false,
        formError: "Erro ao cadastrar indicação. Por favor, tente novamente.",
        toast: { type: "error", message: "Erro ao cadastrar indicação. Por favor, tente novamente." },
      });
    });
  });
});
