// A restaurant asks for a plan change or a cancellation at /cliente; admins see
// it, accept or refuse it with a message, and both sides get an e-mail. Nothing changes without
// the admin; the client is always the session's, and B never reads or answers A's requests.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, clientRequests, mailMessages, plans, subscriptions, user } from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import * as cliente from "~/routes/cliente/index";
import * as adminRequests from "~/routes/admin/requests";
import { closeMailTransport } from "~/server/mail/transport.server";
import { clientCookie, makeClient, expectRequestSent } from "../../../tests/support/client-area";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";
import { CLIENT_REQUEST_MESSAGES as M } from "./requests.constants";
import { decideClientRequest } from "./decide-request.server";
import { changeSubscription } from "~/modules/clients/subscription-history.server";
import { insertSubscriptions } from "../../../tests/support/subscriptions";

const t = useTestDatabase();
const A = "pedidos-a@test.dev";
const B = "pedidos-b@test.dev";
const ADMIN = "admin@test.dev";
const ids = { clientA: "", clientB: "", subA: "", subB: "", basic: "", pro: "", adminId: "" };
let cookieA = "";
let cookieB = "";
let admin = "";

const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
const ask = (form: Record<string, string>, cookie: string) =>
  outcome(() => cliente.action(args(post("/cliente", form, cookie))));
const answer = (form: Record<string, string>, cookie = admin) =>
  outcome(() => adminRequests.action(args(post("/admin/requests", form, cookie))));
const page = (cookie: string) => outcome(() => cliente.loader(args(get("/cliente", cookie))));
const requestsOf = (clientId: string) =>
  t.db.select().from(clientRequests).where(eq(clientRequests.clientId, clientId));
const mailsTo = (to: string, kind: string) =>
  t.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.toAddress, to), eq(mailMessages.kind, kind)));

beforeAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  closeMailTransport();
  const [basic, pro] = await t.db
    .insert(plans)
    .values([
      { name: "Básico", priceCents: 4990, setupFeeCents: 0 },
      { name: "Profissional", priceCents: 8990, setupFeeCents: 0 },
    ])
    .returning({ id: plans.id });
  ids.basic = basic.id;
  ids.pro = pro.id;
  ids.clientA = await makeClient(A, "Ana Pedido", "Cantina da Ana");
  ids.clientB = await makeClient(B, "Beto Pedido", "Bar do Beto");
  const [subA, subB] = await insertSubscriptions(t.db, [
    { clientId: ids.clientA, planId: basic.id, startDate: "2026-11-01", endDate: "2027-11-01" },
    { clientId: ids.clientB, planId: basic.id, startDate: "2026-11-01", endDate: "2027-11-01" },
  ]);
  ids.subA = subA.id;
  ids.subB = subB.id;
  admin = await adminCookie(ADMIN);
  const [u] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, ADMIN));
  ids.adminId = u.id;
  cookieA = await clientCookie(A);
  cookieB = await clientCookie(B);
});

describe("client requests", () => {
  it("refuses bad input with pt-BR messages and stores nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ reason: "preco" }, "kind", M.kindRequired],
      [{ kind: "troca_plano", reason: "preco" }, "planId", M.planRequired],
      [{ kind: "troca_plano", planId: "", reason: "preco" }, "planId", M.planRequired],
      [{ kind: "cancelamento", reason: "nao-existe" }, "reason", M.reasonRequired],
      [{ kind: "cancelamento", reason: "preco", details: "x".repeat(1001) }, "details", M.detailsTooLong],
    ];
    for (const [form, key, message] of cases) {
      const r = await ask(form, cookieA);
      expect(r.status).toBe(400);
      expect(r.data).toMatchObject({ ok: false, fieldErrors: { [key]: message } });
    }
    const same = await ask({ kind: "troca_plano", planId: ids.basic, reason: "preco" }, cookieA);
    expect(same.data).toMatchObject({ ok: false, message: M.samePlan });
    expect(await requestsOf(ids.clientA)).toEqual([]);
  });

  it("creates a plan change for the session's client only, e-mails the admins, refuses a second one", async () => {
    const r = await ask(
      {
        kind: "troca_plano",
        planId: ids.pro,
        reason: "faltam_recursos",
        details: "Quero o delivery",
        clientId: ids.clientB,
      },
      cookieA,
    );
    await expectRequestSent(r);
    const rows = await requestsOf(ids.clientA);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subscriptionId: ids.subA,
      kind: "troca_plano",
      requestedPlanId: ids.pro,
      // An upgrade asks no reason: the one sent is not kept.
      reason: null,
      details: "Quero o delivery",
      status: "aberta",
    });
    expect(await requestsOf(ids.clientB)).toEqual([]);
    const [mail] = await mailsTo(ADMIN, "cliente.solicitacao");
    expect(mail.subject).toBe("Nova solicitação de cliente: Troca de plano (Cantina da Ana)");
    expect(mail.text).toContain("Quero o delivery");
    const dup = await ask({ kind: "troca_plano", planId: ids.pro, reason: "preco" }, cookieA);
    expect(dup.data).toMatchObject({ ok: false, message: M.duplicate("troca_plano") });
    expect(await requestsOf(ids.clientA)).toHaveLength(1);
    // The client sees it, waiting; B sees nothing of A's.
    expect((await page(cookieA)).data).toMatchObject({
      requests: { requests: [{ kind: "troca_plano", status: "aberta", requestedPlanName: "Profissional" }] },
    });
    expect((await page(cookieB)).data).toMatchObject({ requests: { requests: [] } });
  });

  it("a client session cannot answer; an admin's refusal needs a message", async () => {
    const [req] = await requestsOf(ids.clientA);
    const byClient = await answer({ requestId: req.id, decision: "aceitar" }, cookieB);
    expect(byClient.status).not.toBe(200);
    const noMessage = await answer({ requestId: req.id, decision: "recusar", message: "  " });
    expect(noMessage.status).toBe(400);
    expect(JSON.stringify(noMessage.data)).toContain(M.messageRequired);
    const bad = await answer({ requestId: req.id, decision: "talvez" });
    expect(bad.status).toBe(400);
    const unknown = await answer({ requestId: "nao-e-id", decision: "aceitar" });
    expect(JSON.stringify(unknown.data)).toContain(M.notFound);
    const [still] = await requestsOf(ids.clientA);
    expect(still.status).toBe("aberta");
  });

  it("accepting a plan change schedules it for the next renewal (unless 'agora'), audited and e-mailed", async () => {
    const [req] = await requestsOf(ids.clientA);
    const badWhen = await answer({ requestId: req.id, decision: "aceitar", when: "fim_do_periodo" });
    expect(badWhen.status).toBe(400);
    const r = await answer({ requestId: req.id, decision: "aceitar", message: "Feito!" });
    expect(r.status).toBe(302);
    const [row] = await requestsOf(ids.clientA);
    expect(row).toMatchObject({ status: "aceita", adminMessage: "Feito!", decidedBy: ids.adminId });
    // The current period stays on its plan; the renewal is charged at the new one.
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ids.subA));
    expect(sub).toMatchObject({ planId: ids.basic, pendingPlanId: ids.pro });
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, ids.clientA))).map(
      (a) => [a.action, a.actorName],
    );
    expect(actions).toContainEqual(["client_request.created", "Ana Pedido (cliente)"]);
    expect(actions).toContainEqual(["subscription.plan_change_scheduled", expect.any(String)]);
    expect(actions).toContainEqual(["client_request.accepted", expect.any(String)]);
    const [mail] = await mailsTo(A, "cliente.solicitacao-resposta");
    expect(mail.subject).toBe("Sua solicitação de troca de plano foi aceita");
    expect(mail.text).toContain("Feito!");
    expect(mail.text).toContain("vale a partir da renovação de");
    // Answered once: a second answer is refused.
    const again = await answer({ requestId: req.id, decision: "recusar", message: "Não" });
    expect(JSON.stringify(again.data)).toContain(M.notOpen);
    expect((await page(cookieA)).data).toMatchObject({
      requests: { requests: [{ status: "aceita", adminMessage: "Feito!" }] },
    });
  });

  it("accepting a cancellation ends the subscription at the end of the period by default", async () => {
    const r = await ask({ kind: "cancelamento", reason: "fechando_negocio" }, cookieA);
    await expectRequestSent(r);
    const [req] = (await requestsOf(ids.clientA)).filter((x) => x.kind === "cancelamento");
    const done = await decideClientRequest({
      requestId: req.id,
      input: { decision: "aceitar", message: "", when: "" },
      actor: { id: ids.adminId, name: "Admin" },
    });
    expect(done).toEqual({ ok: true, message: M.accepted });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ids.subA));
    expect(sub.status).toBe("ativa");
    expect(sub.cancelAt).not.toBeNull();
    const mails = await mailsTo(A, "cliente.solicitacao-resposta");
    expect(mails.map((m) => m.subject)).toContain("Sua solicitação de cancelamento foi aceita");
    // Nothing left to ask about: the subscription is ending.
    const more = await ask({ kind: "cancelamento", reason: "preco" }, cookieA);
    expect(more.data).toMatchObject({ ok: false, message: M.noSubscription });
  });

  it("a cancellation accepted 'agora' ends it today; a refusal changes nothing and e-mails the reason", async () => {
    await ask({ kind: "cancelamento", reason: "preco" }, cookieB);
    await ask({ kind: "troca_plano", planId: ids.pro, reason: "faltam_recursos" }, cookieB);
    const rows = await requestsOf(ids.clientB);
    const change = rows.find((x) => x.kind === "troca_plano")!;
    const cancel = rows.find((x) => x.kind === "cancelamento")!;
    const refused = await answer({
      requestId: change.id,
      decision: "recusar",
      message: "Plano indisponível",
    });
    expect(refused.status).toBe(302);
    let [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ids.subB));
    expect(sub.planId).toBe(ids.basic);
    const [mail] = await mailsTo(B, "cliente.solicitacao-resposta");
    expect(mail.subject).toBe("Sua solicitação de troca de plano foi recusada");
    expect(mail.text).toContain("Plano indisponível");
    const now = await answer({ requestId: cancel.id, decision: "aceitar", when: "agora" });
    expect(now.status).toBe(302);
    [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ids.subB));
    expect(sub.status).toBe("cancelada");
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ids.clientB));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["client_request.refused", "client_request.accepted", "subscription.cancelled"]),
    );
  });

  it("/admin/requests lists open first and filters by status", async () => {
    // The cancellation at the period's end is undone (as an admin's correction would be, with its event).
    await t.db.transaction(async (tx) => {
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, ids.subA));
      await changeSubscription(
        tx,
        sub,
        { cancelAt: null },
        {
          kind: "reativacao",
          effectiveOn: sub.cancelAt!,
          mrrBeforeCents: 0,
          mrrAfterCents: 0,
        },
      );
    });
    await ask({ kind: "cancelamento", reason: "atendimento" }, cookieA);
    const all = await outcome(() => adminRequests.loader(args(get("/admin/requests", admin))));
    const list = (all.data as { requests: { status: string }[] }).requests;
    expect(list[0].status).toBe("aberta");
    expect(list.length).toBe(5);
    const only = await outcome(() =>
      adminRequests.loader(args(get("/admin/requests?status=recusada", admin))),
    );
    expect((only.data as { requests: { status: string }[] }).requests.map((r) => r.status)).toEqual([
      "recusada",
    ]);
    const anon = await outcome(() => adminRequests.loader(args(get("/admin/requests", cookieA))));
    expect(anon.status).toBe(302);
  });
});
