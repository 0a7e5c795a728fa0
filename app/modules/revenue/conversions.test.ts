// A client converted from a lead enters Receita the day of its
// conversion, at its plan's monthly price, whichever way the lead came in: the public form, a
// representative's referral, or a representative's ?ref= link. A conversion once wrote the
// subscription without its history event, and Receita, built from the history, never saw it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plans, referrals, representatives } from "~/db/schema";
import { listClientCharges } from "~/modules/billing/charge-reads.server";
import { recordPayment } from "~/modules/billing/payments.server";
import { createClient } from "~/modules/clients/clients.server";
import { createLead } from "~/modules/leads/contact.server";
import { moveLead } from "~/modules/leads/move-lead.server";
import * as leadsRoute from "~/routes/admin/leads";
import * as novaIndicacao from "~/routes/representante/nova-indicacao";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, outcome, post, representativeCookie } from "../../../tests/support/requests";
import { revenueClients, revenueMonths, revenueNow } from "./revenue.server";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
const TODAY = "2026-12-07";
const plan: Record<string, string> = {};
let admin = "";

beforeAll(async () => {
  setClock(`${TODAY}T15:00:00Z`);
  admin = await adminCookie();
  for (const p of await t.db
    .insert(plans)
    .values([
      { name: "Premium", priceCents: 8990, setupFeeCents: 14900 },
      { name: "Básico", priceCents: 4990 },
    ])
    .returning())
    plan[p.name] = p.id;
  // A client already paying since November: the month starts with its MRR.
  await createClient({
    input: {
      name: "Cliente Antigo",
      email: "antigo@receita.dev",
      phone: "(11) 98765-4321",
      businessName: "Bar Antigo",
      planId: plan["Básico"],
      status: "ativo",
    },
    today: "2026-11-02",
  });
});
afterAll(() => resetClock());

const input = (name: string, business: string, email: string, phone: string) => ({
  name,
  email,
  phone,
  business,
  plan: "x",
  message: null,
});

/** The funnel's steps up to "negociando", as an admin moves the card. */
async function toNegotiating(leadId: string) {
  for (const [from, to] of [
    ["novo", "contatado"],
    ["contatado", "qualificado"],
    ["qualificado", "negociando"],
  ] as const)
    expect(await moveLead({ id: leadId, from, to, actor: null })).toEqual({ ok: true });
}

/** "Converter em cliente" on the board, then the first charge paid in full by PIX. */
async function convertAndPay(leadId: string, planId: string, email?: string) {
  const res = await outcome(() =>
    leadsRoute.action(
      args(
        post("/admin/leads", { intent: "convert", id: leadId, planId, ...(email ? { email } : {}) }, admin),
      ),
    ),
  );
  expect(res.status).toBe(200);
  const clientId = (res.data as { clientId: string }).clientId;
  const [charge] = await listClientCharges({ clientId });
  expect(
    await recordPayment({
      chargeId: charge.id,
      input: { paidOn: TODAY, method: "pix", amountCents: charge.amountCents },
    }),
  ).toMatchObject({ ok: true, value: { status: "paga" } });
  return clientId;
}

describe("a converted lead counts in Receita from its conversion", () => {
  it("counts the form's lead, a referral's lead and a ?ref= lead at their plans' monthly prices", async () => {
    const before = await revenueNow({ today: TODAY });
    expect(before).toMatchObject({ mrrCents: 4990, payingClients: 1 });

    // The public form's lead, converted to Premium.
    const formLead = await createLead({
      input: input("Fábio Formulário", "Pizzaria do Form", "form@receita.dev", "(11) 97777-0001"),
      plan: "Premium",
      isRepresentative: false,
      attribution: null,
    });
    await toNegotiating(formLead.id);
    const fromForm = await convertAndPay(formLead.id, plan.Premium);

    // A representative's referral through the portal's wizard: a lead with no e-mail.
    const rep = await representativeCookie("rep@receita.dev", "senha-rep-123", "Rita Representante");
    const wizard = await outcome(() =>
      novaIndicacao.action(
        args(
          post(
            "/representante/nova-indicacao",
            {
              businessName: "Cantina Indicada",
              contactName: "Inês Indicada",
              contactPhone: "(21) 97777-0002",
              planId: plan.Premium,
            },
            rep.cookie,
          ),
        ),
      ),
    );
    expect(wizard.status).toBe(200);
    const [referral] = await t.db
      .select()
      .from(referrals)
      .where(eq(referrals.businessName, "Cantina Indicada"));
    await toNegotiating(referral.leadId!);
    const fromReferral = await convertAndPay(referral.leadId!, plan.Premium, "indicada@receita.dev");

    // A visitor who came by the representative's ?ref= link and sent the form.
    const [{ code }] = await t.db
      .select({ code: representatives.referralCode })
      .from(representatives)
      .where(eq(representatives.id, rep.representativeId));
    const linkLead = await createLead({
      input: input("Lia Link", "Lanche do Link", "link@receita.dev", "(41) 97777-0003"),
      plan: "Básico",
      isRepresentative: false,
      attribution: null,
      referralCode: code,
    });
    await toNegotiating(linkLead.id);
    const fromLink = await convertAndPay(linkLead.id, plan["Básico"]);

    expect(await revenueNow({ today: TODAY })).toMatchObject({
      mrrCents: 4990 + 8990 + 8990 + 4990,
      payingClients: 4,
    });
    const december = (await revenueMonths({ today: TODAY })).at(-1)!;
    expect(december.month).toBe("2026-12");
    expect(december.movements.novo).toEqual({ cents: 8990 + 8990 + 4990, clients: 3 });
    expect(december.startCents + december.movements.novo.cents).toBe(december.endCents);
    const novos = await revenueClients({ today: TODAY, month: "2026-12", movement: "novo" });
    expect(Object.fromEntries(novos.map((r) => [r.clientId, r.cents]))).toEqual({
      [fromForm]: 8990,
      [fromReferral]: 8990,
      [fromLink]: 4990,
    });
  });
});
