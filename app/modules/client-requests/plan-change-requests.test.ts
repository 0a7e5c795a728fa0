// From the client area: the "Motivo" is asked for a downgrade or a cancellation
// only, from the reasons that fit each, checked on the server; the client and the admin see what a
// change "Agora" costs before it is confirmed; a cancellation cannot be refused: the admin picks
// its date, the client is e-mailed that date, and the nightly job ends the subscription on it.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { charges, clientRequests, mailMessages, plans, subscriptions } from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { recordPayment } from "~/modules/billing/payments.server";
import { createClient } from "~/modules/clients/clients.server";
import { endCancelledSubscriptions } from "~/modules/clients/subscription-end.server";
import * as adminRequests from "~/routes/admin/requests";
import * as clientPage from "~/routes/admin/clients/edit";
import * as cliente from "~/routes/cliente/index";
import { resetClock, setClock } from "~/server/clock.server";
import { closeMailTransport } from "~/server/mail/transport.server";
import { clientCookie, expectRequestSent } from "../../../tests/support/client-area";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";
import { CLIENT_REQUEST_MESSAGES as M, CANCELLATION_REASONS, DOWNGRADE_REASONS } from "./requests.constants";

const t = useTestDatabase();
const plan: Record<string, string> = {};
let admin = "";
let seq = 0;
afterEach(() => resetClock());

const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
const ask = (form: Record<string, string>, cookie: string) =>
  outcome(() => cliente.action(args(post("/cliente", form, cookie))));
const answer = (form: Record<string, string>) =>
  outcome(() => adminRequests.action(args(post("/admin/requests", form, admin))));
const requestsOf = (clientId: string) =>
  t.db.select().from(clientRequests).where(eq(clientRequests.clientId, clientId));
const subscriptionOf = async (clientId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, clientId)))[0];

beforeAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  closeMailTransport();
  const rows = await t.db
    .insert(plans)
    .values([
      { name: "Básico", priceCents: 4990, setupFeeCents: 0 },
      { name: "Premium", priceCents: 9000, setupFeeCents: 0 },
      { name: "Black", priceCents: 15_000, setupFeeCents: 0 },
    ])
    .returning();
  for (const p of rows) plan[p.name] = p.id;
  admin = await adminCookie("admin-planos@test.dev");
});

/** A restaurant on Premium from 01/11/2026 (a 30-day period), paid, signed in at /cliente. */
async function paidRestaurant() {
  seq += 1;
  const email = `troca${seq}@restaurante.dev`;
  setClock("2026-11-01T15:00:00Z");
  const c = await createClient({
    input: {
      name: `Dono ${seq}`,
      email,
      phone: "(11) 98765-4321",
      businessName: `Cantina ${seq}`,
      planId: plan.Premium,
      status: "ativo",
    },
    today: "2026-11-01",
  });
  const [first] = await t.db.select().from(charges).where(eq(charges.clientId, c.id));
  await recordPayment({
    chargeId: first.id,
    input: { paidOn: "2026-11-01", method: "pix", amountCents: first.amountCents },
    today: "2026-11-01",
  });
  setClock("2026-11-11T15:00:00Z");
  return { clientId: c.id, email, cookie: await clientCookie(email) };
}

describe("the reasons fit the request", () => {
  it("are not asked for an upgrade, and a cancellation's list is not a downgrade's", () => {
    expect(CANCELLATION_REASONS).toContain("fechando_negocio");
    expect(DOWNGRADE_REASONS).not.toContain("fechando_negocio");
    expect([...DOWNGRADE_REASONS].sort()).not.toEqual([...CANCELLATION_REASONS].sort());
  });

  it("the client area offers each plan with what 'Agora' would cost", async () => {
    const r = await paidRestaurant();
    const page = await outcome(() => cliente.loader(args(get("/cliente", r.cookie))));
    const offered = (page.data as { requests: { plans: { name: string; preview: string | null }[] } })
      .requests.plans;
    expect(offered.find((p) => p.name === "Black")?.preview).toMatch(
      /^R\$\s40,00 hoje, depois R\$\s150,00 por mês$/,
    );
    expect(offered.find((p) => p.name === "Básico")?.preview).toMatch(
      /^R\$\s0,00 hoje e crédito de R\$\s26,73 na próxima cobrança, depois R\$\s49,90 por mês$/,
    );
  });

  it("a downgrade needs one of its reasons; a cancellation reason is refused for it, and nothing is stored", async () => {
    const r = await paidRestaurant();
    for (const reason of ["", "fechando_negocio", "nao-existe"]) {
      const res = await ask({ kind: "troca_plano", planId: plan.Básico, reason }, r.cookie);
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ ok: false, fieldErrors: { reason: M.reasonRequired } });
    }
    expect(await requestsOf(r.clientId)).toEqual([]);
    const ok = await ask({ kind: "troca_plano", planId: plan.Básico, reason: "recursos_sobrando" }, r.cookie);
    await expectRequestSent(ok);
    expect(await requestsOf(r.clientId)).toMatchObject([
      { kind: "troca_plano", requestedPlanId: plan.Básico, reason: "recursos_sobrando" },
    ]);
  });

  it("an upgrade asks none and keeps none; a cancellation needs one of its own", async () => {
    const r = await paidRestaurant();
    const up = await ask({ kind: "troca_plano", planId: plan.Black }, r.cookie);
    await expectRequestSent(up);
    for (const reason of ["", "recursos_sobrando"]) {
      const res = await ask({ kind: "cancelamento", reason }, r.cookie);
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ ok: false, fieldErrors: { reason: M.reasonRequired } });
    }
    expect(await requestsOf(r.clientId)).toMatchObject([{ kind: "troca_plano", reason: null }]);
  });
});

describe("the request form in two steps, without script (decision 046)", () => {
  it("the GET step reads the choice, shows the plan change it names, and says what is missing; it stores nothing", async () => {
    const r = await paidRestaurant();
    const step = async (query: string) =>
      (
        (await outcome(() => cliente.loader(args(get(`/cliente${query}`, r.cookie))))).data as {
          draft: unknown;
        }
      ).draft;
    expect(await step("")).toBeNull();
    expect(await step(`?kind=troca_plano&planId=${plan.Black}`)).toEqual({
      kind: "troca_plano",
      planId: plan.Black,
      errors: {},
    });
    // No plan, the client's own plan, or an unknown one: the first step again, with its message.
    for (const planId of ["", plan.Premium, "nao-existe"])
      expect(await step(`?kind=troca_plano&planId=${planId}`)).toEqual({
        kind: "troca_plano",
        planId: null,
        errors: { planId: M.planRequired },
      });
    expect(await step("?kind=")).toEqual({ kind: null, planId: null, errors: { kind: M.kindRequired } });
    expect(await step("?kind=apagar-tudo")).toMatchObject({ kind: null, errors: { kind: M.kindRequired } });
    // A cancellation names no plan: one sent is ignored.
    expect(await step(`?kind=cancelamento&planId=${plan.Black}`)).toEqual({
      kind: "cancelamento",
      planId: null,
      errors: {},
    });
    expect(await requestsOf(r.clientId)).toEqual([]);
  });

  it("a refused POST comes back with the choice (the same step) and its message; a sent one redirects with the toast", async () => {
    const r = await paidRestaurant();
    const refused = await ask({ kind: "troca_plano", planId: plan.Básico, reason: "" }, r.cookie);
    expect(refused).toMatchObject({
      status: 400,
      data: {
        ok: false,
        message: M.reasonRequired,
        fieldErrors: { reason: M.reasonRequired },
        values: { kind: "troca_plano", planId: plan.Básico },
      },
    });
    const unknown = await ask({ kind: "troca_plano", planId: "nao-existe" }, r.cookie);
    expect(unknown).toMatchObject({
      status: 400,
      data: { values: { kind: "troca_plano", planId: "nao-existe" } },
    });
    expect(await requestsOf(r.clientId)).toEqual([]);
    await expectRequestSent(
      await ask({ kind: "troca_plano", planId: plan.Básico, reason: "recursos_sobrando" }, r.cookie),
    );
    expect(await requestsOf(r.clientId)).toHaveLength(1);
  });
});

describe("the admin's answer", () => {
  it("the client page's 'Trocar plano' shows what 'Agora' costs for each plan before confirming", async () => {
    const r = await paidRestaurant();
    const sub = await subscriptionOf(r.clientId);
    const page = await outcome(() =>
      clientPage.loader({
        request: get(`/admin/clients/edit/${r.clientId}`, admin),
        params: { id: r.clientId },
        context: context(),
      } as never),
    );
    const previews = (page.data as { previews: Record<string, Record<string, string>> }).previews;
    expect(previews[sub.id][plan.Black]).toMatch(/^R\$\s40,00 hoje, depois R\$\s150,00 por mês$/);
    expect(previews[sub.id][plan.Premium]).toBeUndefined();
  });

  it("an upgrade accepted 'Agora' shows its cost first, charges it, and tells the client", async () => {
    const r = await paidRestaurant();
    await ask({ kind: "troca_plano", planId: plan.Black }, r.cookie);
    const list = await outcome(() => adminRequests.loader(args(get("/admin/requests", admin))));
    const [open] = (
      list.data as { requests: { clientId: string; id: string; preview: string | null }[] }
    ).requests.filter((x) => x.clientId === r.clientId);
    expect(open.preview).toMatch(/^R\$\s40,00 hoje, depois R\$\s150,00 por mês$/);
    const res = await answer({ requestId: open.id, decision: "aceitar", when: "agora" });
    expect(res.status).toBe(302);
    const adjustment = await t.db
      .select()
      .from(charges)
      .where(and(eq(charges.clientId, r.clientId), eq(charges.origin, "avulsa")));
    expect(adjustment).toMatchObject([{ amountCents: 4000, dueDate: "2026-11-11" }]);
    const [mail] = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, r.email), eq(mailMessages.kind, "cliente.solicitacao-resposta")));
    expect(mail.text).toMatch(/R\$\s40,00 hoje, depois R\$\s150,00 por mês/);
  });

  it("a cancellation cannot be refused; 'no fim do período pago' is e-mailed with its date and the nightly job ends it then", async () => {
    const r = await paidRestaurant();
    await expectRequestSent(await ask({ kind: "cancelamento", reason: "fechando_negocio" }, r.cookie));
    const [req] = await requestsOf(r.clientId);
    const refused = await answer({ requestId: req.id, decision: "recusar", message: "Fique mais um mês" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(M.cancellationCannotBeRefused);
    expect((await requestsOf(r.clientId))[0].status).toBe("aberta");
    expect((await subscriptionOf(r.clientId)).cancelAt).toBeNull();

    const accepted = await answer({ requestId: req.id, decision: "aceitar", when: "fim_do_periodo" });
    expect(accepted.status).toBe(302);
    const sub = await subscriptionOf(r.clientId);
    expect(sub).toMatchObject({ status: "ativa", cancelAt: "2026-12-01" });
    const [mail] = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, r.email), eq(mailMessages.kind, "cliente.solicitacao-resposta")));
    expect(mail.subject).toBe("Sua solicitação de cancelamento foi aceita");
    expect(mail.text).toContain(
      "A assinatura termina em 01/12/2026, ao fim do período pago, e não será renovada.",
    );

    // The day before, still running; on the day, the nightly job ends it by itself.
    expect(await endCancelledSubscriptions({ today: "2026-11-30" })).toBe(0);
    expect((await subscriptionOf(r.clientId)).status).toBe("ativa");
    expect(await endCancelledSubscriptions({ today: "2026-12-01" })).toBeGreaterThanOrEqual(1);
    expect((await subscriptionOf(r.clientId)).status).toBe("cancelada");
  });

  it("a cancellation accepted 'agora' ends today, and the client is told today's date", async () => {
    const r = await paidRestaurant();
    await ask({ kind: "cancelamento", reason: "preco" }, r.cookie);
    const [req] = await requestsOf(r.clientId);
    expect((await answer({ requestId: req.id, decision: "aceitar", when: "agora" })).status).toBe(302);
    expect(await subscriptionOf(r.clientId)).toMatchObject({ status: "cancelada", cancelAt: "2026-11-11" });
    const [mail] = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, r.email), eq(mailMessages.kind, "cliente.solicitacao-resposta")));
    expect(mail.text).toContain("A assinatura foi cancelada hoje, 11/11/2026.");
  });
});
