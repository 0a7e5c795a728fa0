import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { funnelSettings, leads, plans } from "~/db/schema";
import * as leadsRoute from "~/routes/admin/leads";
import * as settingsRoute from "~/routes/admin/settings/funnel";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";

// The compact board's figures (monthly value, column sums, "parado há N dias")
// and the per-stage idle thresholds of Settings → Funil.
const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let admin = "";

beforeAll(async () => {
  admin = await adminCookie();
  await t.db.insert(plans).values([
    { name: "Quadro Básico", priceCents: 4990 },
    { name: "Quadro Premium", priceCents: 9990 },
  ]);
  const lead = (n: number, plan: string, stage: "novo" | "contatado", updatedAt: string) => ({
    name: `Quadro ${n}`,
    email: `quadro${n}@exemplo.com`,
    phone: "(11) 98888-7777",
    business: `Lanchonete Quadro ${n}`,
    plan,
    statusFunil: stage,
    status: stage,
    createdAt: new Date(updatedAt),
    updatedAt: new Date(updatedAt),
  });
  await t.db
    .insert(leads)
    .values([
      lead(1, "Quadro Básico", "novo", "2026-05-10T12:00:00Z"),
      lead(2, "Quadro Premium", "novo", "2026-05-14T12:00:00Z"),
      lead(3, "Ainda não sei qual plano escolher", "novo", "2026-05-14T12:00:00Z"),
      lead(4, "Quadro Premium", "contatado", "2026-05-01T12:00:00Z"),
    ]);
});
afterEach(() => resetClock());

type Board = Awaited<ReturnType<typeof leadsRoute.loader>>;
const board = async (query = "?q=Quadro") =>
  (await outcome(() => leadsRoute.loader(args(get(`/admin/leads${query}`, admin))))).data as Board;

describe("the compact board", () => {
  it("gives each card its plan's monthly value and idle days, and each column the sum", async () => {
    setClock("2026-05-15T13:00:00Z");
    const d = await board();
    const card = (name: string) =>
      Object.values(d.columns)
        .flatMap((c) => c.leads)
        .find((l) => l.name === name)!;
    expect(card("Quadro 1")).toMatchObject({ monthlyCents: 4990, idleDays: 5 });
    expect(card("Quadro 2")).toMatchObject({ monthlyCents: 9990, idleDays: 1 });
    // "Sem contato há 5 dias", "há 25 horas": the hours really waited, by the app's clock.
    expect(card("Quadro 1")).toMatchObject({ contactOverdue: true, hoursWaiting: 121 });
    expect(card("Quadro 2")).toMatchObject({ contactOverdue: true, hoursWaiting: 25 });
    expect(card("Quadro 3")).toMatchObject({ monthlyCents: null, idleDays: 1 });
    expect(d.sums).toMatchObject({ novo: 4990 + 9990, contatado: 9990, qualificado: 0 });
    // The sum follows the search, like the counts.
    expect((await board("?q=Quadro 1")).sums.novo).toBe(4990);
  });

  it("stores the idle thresholds per stage and refuses a bad one with its message, changing nothing", async () => {
    const bad = await outcome(() =>
      settingsRoute.action(
        args(
          post(
            "/admin/settings/funnel",
            { lostReasons: "Preço", idle_novo: "0", idle_contatado: "abc" },
            admin,
          ),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect((bad.data as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject({
      idle_novo: "Informe um número inteiro de dias entre 1 e 365.",
      idle_contatado: "Informe um número inteiro de dias entre 1 e 365.",
    });
    expect(await t.db.select().from(funnelSettings)).toHaveLength(0);

    const ok = await outcome(() =>
      settingsRoute.action(
        args(
          post(
            "/admin/settings/funnel",
            { lostReasons: "Preço", idle_novo: "2", idle_negociando: "15" },
            admin,
          ),
        ),
      ),
    );
    expect(ok.status).toBe(302);
    const [saved] = await t.db.select().from(funnelSettings).where(eq(funnelSettings.id, 1));
    expect(saved.idleDays).toEqual({ novo: 2, contatado: 3, qualificado: 7, negociando: 15 });
    expect((await board()).settings.idleDays).toEqual({
      novo: 2,
      contatado: 3,
      qualificado: 7,
      negociando: 15,
    });
  });
});
