import { beforeAll, describe, expect, it } from "vitest";
import { clients, plans } from "~/db/schema";
import { loader } from "~/routes/admin/billing";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get } from "../../../tests/support/requests";
import { createOneOffCharge } from "./billing.server";
import { chargePurpose } from "./charge-purpose";

// Financeiro finds one client's charges by a search in its own filters (server-side,
// accents and case forgiven; name, business, e-mail or CPF/CNPJ with or without punctuation), and
// each line says what the charge is for.
const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let admin = "";
const numbers: Record<string, string> = {};

async function oneOff(clientId: string, who: string, description: string, amountCents: number) {
  const made = await createOneOffCharge({
    clientId,
    input: { description, amountCents, dueDate: "2026-06-10" },
    today: "2026-06-01",
  });
  if (!made.ok) throw new Error(made.message);
  numbers[who] = made.value.number;
}

/** The charge numbers Financeiro lists for `?q=…`, and its "a receber". */
async function search(q: string) {
  const data = (await loader(args(get(`/admin/billing?q=${encodeURIComponent(q)}`, admin)))) as {
    rows: { number: string }[];
    totals: { receivableCents: number } | null;
  };
  return { numbers: data.rows.map((r) => r.number).sort(), receivable: data.totals?.receivableCents };
}

beforeAll(async () => {
  admin = await adminCookie();
  await t.db.insert(plans).values({ name: "Básico", priceCents: 4990 });
  const [joao, maria, ana] = await t.db
    .insert(clients)
    .values([
      {
        name: "João da Conceição",
        email: "joao@acai.dev",
        phone: "11999990000",
        businessName: "Açaí do João",
        document: "52998224725",
      },
      {
        name: "Maria Souza",
        email: "maria@pizzaria.dev",
        phone: "11999990001",
        businessName: "Pizzaria Bella",
        document: "11222333000181",
      },
      { name: "Ana Lima", email: "ana@lanches.dev", phone: "11999990002", businessName: "Lanches da Ana" },
    ])
    .returning();
  await oneOff(joao.id, "joao", "Cardápio impresso", 14990);
  await oneOff(maria.id, "maria", "Fotos dos pratos", 30000);
  await oneOff(ana.id, "ana", "Cardápio impresso", 9990);
});

describe("Financeiro's client search", () => {
  it("finds by name and business without accents or case", async () => {
    expect(await search("joao da conceicao")).toEqual({ numbers: [numbers.joao], receivable: 14990 });
    expect((await search("ACAI")).numbers).toEqual([numbers.joao]);
    expect((await search("bella")).numbers).toEqual([numbers.maria]);
  });

  it("finds by e-mail and by CPF/CNPJ, typed with or without punctuation", async () => {
    expect((await search("maria@pizzaria")).numbers).toEqual([numbers.maria]);
    expect((await search("529.982.247-25")).numbers).toEqual([numbers.joao]);
    expect((await search("52998224725")).numbers).toEqual([numbers.joao]);
    expect((await search("9982247")).numbers).toEqual([numbers.joao]);
    expect((await search("11.222.333/0001-81")).numbers).toEqual([numbers.maria]);
  });

  it("lists nothing for a client that does not exist, and everything without a search", async () => {
    expect(await search("Ninguém Assim")).toEqual({ numbers: [], receivable: 0 });
    expect((await search("")).numbers).toEqual([numbers.ana, numbers.joao, numbers.maria].sort());
  });

  it("each line says what the charge is for: a one-off's description, marked Avulsa", async () => {
    const data = (await loader(args(get(`/admin/billing?q=acai`, admin)))) as {
      rows: Parameters<typeof chargePurpose>[0][];
    };
    expect(data.rows.map(chargePurpose)).toEqual([{ label: "Cardápio impresso", oneOff: true }]);
  });
});

describe("chargePurpose", () => {
  it("names a monthly charge by its period's month, the activation fee, and several lines together", () => {
    const line = (kind: "mensalidade" | "ativação" | "avulsa", description = "x") => ({ kind, description });
    expect(chargePurpose({ lines: [line("mensalidade")], periodStart: "2026-12-05" })).toEqual({
      label: "Mensalidade dez/2026",
      oneOff: false,
    });
    expect(
      chargePurpose({ lines: [line("mensalidade"), line("ativação")], periodStart: "2026-01-31" }),
    ).toEqual({ label: "Mensalidade jan/2026 + Ativação", oneOff: false });
    expect(chargePurpose({ lines: [line("ativação")], periodStart: null })).toEqual({
      label: "Ativação",
      oneOff: false,
    });
    expect(chargePurpose({ lines: null, periodStart: null })).toEqual({ label: "—", oneOff: false });
  });
});
