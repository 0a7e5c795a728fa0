import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, leadNotes, leads, mailMessages, onboardings, plans, promiseAlerts } from "~/db/schema";
import { upsertAdmin } from "~/modules/auth/users.server";
import { createOneOffCharge } from "~/modules/billing/billing.server";
import { listClientCharges } from "~/modules/billing/charge-reads.server";
import { recordPayment } from "~/modules/billing/payments.server";
import { createClient } from "~/modules/clients/clients.server";
import { renewalDigestJob } from "~/modules/mail-jobs/mail-jobs.server";
import { resetClock, setClock, today } from "~/server/clock.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { useTestDatabase } from "../../../tests/support/db";
import { listBoard, parseBoardFilters } from "./board.server";
import { alertLateOnboardings, alertStaleLeads } from "./jobs.server";
import { openOnboardingByHand, openOnboardingOnFirstPayment, setOnboardingItem } from "./onboarding.server";
import { getClientOnboarding } from "./onboarding-reads.server";
import { publishOnboarding } from "./publish.server";
import { saveOnboardingSettings } from "./onboarding-settings.server";
import { getPromiseFigures } from "./promises.server";

const t = useTestDatabase();
const admin = { id: "admin-1", name: "Ana Admin" };
let premium: string;

beforeAll(async () => {
  [{ id: premium }] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 14900 })
    .returning();
  await upsertAdmin({ email: "dona@empresa.dev", password: "senha-admin-123", name: "Dona" });
});
afterEach(() => resetClock());

let seq = 0;
async function newClient(planId: string | null = premium) {
  seq += 1;
  return createClient({
    input: {
      name: `Cliente ${seq}`,
      email: `implantacao${seq}@teste.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${seq}`,
      planId,
      status: "ativo",
    },
    today: today(),
    actor: admin,
  });
}

async function payFirstCharge(clientId: string, paidOn: string) {
  const [charge] = await listClientCharges({ clientId });
  const input = { paidOn, method: "pix" as const, amountCents: charge.amountCents };
  return { charge, result: await recordPayment({ chargeId: charge.id, input, actor: admin }) };
}

const mailsOf = (kind: string) => t.db.select().from(mailMessages).where(eq(mailMessages.kind, kind));

describe("opening on the first payment", () => {
  it("a payment on Wednesday 2026-12-23 opens the onboarding due 31/12 (after Christmas and the weekend), once", async () => {
    setClock("2026-12-23T15:00:00Z");
    const client = await newClient();
    const { charge, result } = await payFirstCharge(client.id, "2026-12-23");
    expect(result.ok).toBe(true);
    const o = await getClientOnboarding({ clientId: client.id });
    expect(o).toMatchObject({
      source: "automatica",
      chargeId: charge.id,
      openedOn: "2026-12-23",
      dueDate: "2026-12-31",
      targetDate: "2026-12-29",
      status: "a_fazer",
      openedByName: "Ana Admin",
      health: "no_prazo",
      daysLeft: 5,
    });
    // The template's steps, then the client's it lacks (decision 041); its "Cardápio recebido"
    // is the client's menu step.
    expect(o!.items.map((i) => [i.label, i.clientStep])).toEqual([
      ["Cardápio recebido", "cardapio"],
      ["Cardápio montado", null],
      ["Pagamentos configurados", null],
      ["Link e app publicados", null],
      ["Treinamento feito", null],
      ["Logo recebido", "logo"],
      ["Horários de funcionamento recebidos", "horarios"],
      ["Áreas e taxas de entrega recebidas", "entrega"],
      ["Chave PIX do restaurante recebida", "pix"],
    ]);

    // The same payment reported again changes nothing; the hook called again opens nothing.
    const again = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-12-23", method: "pix", amountCents: charge.amountCents },
      actor: admin,
    });
    expect(again.ok).toBe(false);
    const second = await t.db.transaction((tx) =>
      openOnboardingOnFirstPayment(tx, { clientId: client.id, chargeId: charge.id, actor: admin }),
    );
    expect(second).toBeNull();
    // A later paid charge is not the first: still one onboarding.
    const extra = await createOneOffCharge({
      clientId: client.id,
      input: { description: "Fotos", amountCents: 5000, dueDate: "2026-12-28" },
      actor: admin,
    });
    if (!extra.ok) throw new Error(extra.message);
    const paidExtra = await recordPayment({
      chargeId: extra.value.id,
      input: { paidOn: "2026-12-23", method: "pix", amountCents: 5000 },
      actor: admin,
    });
    expect(paidExtra.ok).toBe(true);
    const rows = await t.db.select().from(onboardings).where(eq(onboardings.clientId, client.id));
    expect(rows).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, "onboarding.opened"));
    expect(audits.filter((a) => a.entityId === rows[0].id)).toHaveLength(1);

    // The client's e-mail, once, even when the events are worked again.
    await drainJobs();
    await drainJobs();
    const mails = (await mailsOf("implantacao.pagamento-confirmado")).filter(
      (m) => m.toAddress === client.email,
    );
    expect(mails.map((m) => m.subject)).toEqual([
      "Pagamento confirmado — seu cardápio fica pronto até 31/12/2026",
    ]);
  });

  it("a payment that rolls back opens nothing (same transaction)", async () => {
    setClock("2026-12-23T15:00:00Z");
    const client = await newClient();
    const [charge] = await listClientCharges({ clientId: client.id });
    // Refused (wrong amount): no onboarding.
    const r = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-12-23", method: "pix", amountCents: 1 },
      actor: admin,
    });
    expect(r.ok).toBe(false);
    expect(await getClientOnboarding({ clientId: client.id })).toBeNull();
  });
});

describe("by hand, checklist and publishing", () => {
  it("'Pagamento confirmado' opens it once for a client billed elsewhere; unknown clients are refused", async () => {
    setClock("2026-11-16T13:00:00Z"); // Monday
    const client = await newClient(null);
    const first = await openOnboardingByHand({ clientId: client.id, actor: admin });
    expect(first.ok).toBe(true);
    // Tue 17, Wed 18, Thu 19, (Fri 20 Consciência Negra), Mon 23, Tue 24.
    expect(first.ok && first.value).toMatchObject({
      source: "manual",
      dueDate: "2026-11-24",
      atRiskOn: "2026-11-23",
    });
    expect(await openOnboardingByHand({ clientId: client.id, actor: admin })).toEqual({
      ok: false,
      message: "Este cliente já tem uma implantação",
    });
    expect(
      await openOnboardingByHand({ clientId: "00000000-0000-4000-8000-000000000000", actor: admin }),
    ).toEqual({ ok: false, message: "Cliente não encontrado" });
    expect(await openOnboardingByHand({ clientId: "nope", actor: admin })).toMatchObject({ ok: false });
  });

  it("ticking moves it to Em andamento with who and when; Publicar records the business days once", async () => {
    setClock("2026-12-23T15:00:00Z");
    const client = await newClient();
    await payFirstCharge(client.id, "2026-12-23");
    const o = (await getClientOnboarding({ clientId: client.id }))!;
    setClock("2026-12-28T12:00:00Z");
    const ticked = await setOnboardingItem({
      onboardingId: o.id,
      itemId: o.items[0].id,
      done: true,
      actor: admin,
    });
    expect(ticked.ok && ticked.value).toMatchObject({ doneByName: "Ana Admin" });
    const after = (await getClientOnboarding({ clientId: client.id }))!;
    expect(after.status).toBe("em_andamento");
    expect(after.items[0].doneAt?.toISOString()).toBe("2026-12-28T12:00:00.000Z");
    // An item of another onboarding is refused.
    expect(
      await setOnboardingItem({
        onboardingId: o.id,
        itemId: "00000000-0000-4000-8000-000000000000",
        done: true,
        actor: admin,
      }),
    ).toEqual({ ok: false, message: "Item não encontrado" });

    setClock("2026-12-30T18:00:00Z");
    const input = { menuUrl: "https://pedidos.restaurante.com.br", confirmOpenSteps: "1" };
    const published = await publishOnboarding({ onboardingId: o.id, input, actor: admin });
    expect(published.ok && published.value).toMatchObject({
      status: "publicado",
      publishedOn: "2026-12-30",
      businessDaysTaken: 4,
      publishedByName: "Ana Admin",
      menuUrl: "https://pedidos.restaurante.com.br",
      // Every step but the one ticked: the template's and the client's own (logo, hours, …).
      openStepsAtPublish: o.items.length - 1,
    });
    expect(await publishOnboarding({ onboardingId: o.id, input, actor: admin })).toEqual({
      ok: false,
      message: "Esta implantação já foi publicada",
    });
    expect(
      await setOnboardingItem({ onboardingId: o.id, itemId: o.items[1].id, done: true, actor: admin }),
    ).toEqual({ ok: false, message: "Uma implantação publicada não muda mais" });
    await drainJobs();
    await drainJobs();
    const mails = (await mailsOf("implantacao.publicada")).filter((m) => m.toAddress === client.email);
    expect(mails.map((m) => m.subject)).toEqual(["Seu cardápio está no ar"]);
  });
});

describe("health, board and alerts", () => {
  it("no prazo → em risco (1 business day left) → atrasada, filtered on the server; late e-mails the admins once", async () => {
    setClock("2026-11-16T13:00:00Z");
    const client = await newClient(null);
    await openOnboardingByHand({ clientId: client.id, actor: admin });
    const board = async (today: string, saude: string) => {
      const cols = await listBoard({
        filters: parseBoardFilters(new URLSearchParams({ saude, q: client.name })),
        today,
      });
      return cols.flatMap((c) => c.rows.map((r) => [c.status, r.health]));
    };
    expect(await board("2026-11-19", "no_prazo")).toEqual([["a_fazer", "no_prazo"]]);
    expect(await board("2026-11-19", "em_risco")).toEqual([]);
    // Friday 20 is a holiday: on Monday 23 one business day (Tue 24) is left.
    expect(await board("2026-11-23", "em_risco")).toEqual([["a_fazer", "em_risco"]]);
    expect(await board("2026-11-25", "atrasada")).toEqual([["a_fazer", "atrasada"]]);

    const before = (await mailsOf("implantacao.atrasada")).length;
    expect(await alertLateOnboardings({ today: "2026-11-24" })).toBe(0);
    expect(await alertLateOnboardings({ today: "2026-11-25" })).toBeGreaterThanOrEqual(1);
    expect(await alertLateOnboardings({ today: "2026-11-26" })).toBe(0);
    const late = (await mailsOf("implantacao.atrasada")).slice(before);
    expect(late.filter((m) => m.subject === `Implantação atrasada: ${client.name}`)).toHaveLength(1);

    // The daily digest lists it under "Implantações".
    await t.db.delete(mailMessages).where(eq(mailMessages.kind, "assinaturas.resumo"));
    await renewalDigestJob.handler(
      { today: "2026-11-25" },
      { id: "d", retryCount: 0, retryLimit: 0, isLastAttempt: true },
    );
    const [digest] = await mailsOf("assinaturas.resumo");
    expect(digest.subject).toMatch(/implantaç(ão|ões) atrasadas? ou em risco/);
    expect(digest.text).toContain(client.name);
  });

  it("a lead still Novo after 20 hours is alerted once; older than a week or contacted, never", async () => {
    const arrived = new Date("2026-11-10T12:00:00Z");
    const [lead] = await t.db
      .insert(leads)
      .values({
        name: "Lia Parada",
        email: "lia@teste.dev",
        phone: "11987650000",
        business: "Bar da Lia",
        plan: "Premium",
        createdAt: arrived,
      })
      .returning();
    const at = (h: number) => new Date(arrived.getTime() + h * 3_600_000);
    expect(await alertStaleLeads({ at: at(19) })).toBe(0);
    expect(await alertStaleLeads({ at: at(21) })).toBe(1);
    expect(await alertStaleLeads({ at: at(22) })).toBe(0);
    const rows = await t.db.select().from(promiseAlerts).where(eq(promiseAlerts.subjectId, lead.id));
    expect(rows).toHaveLength(1);
    const mails = (await mailsOf("lead.sem-contato")).filter((m) => m.subject.includes("Lia Parada"));
    expect(mails).toHaveLength(1);
  });
});

describe("the promises measured", () => {
  it("shares within the due date and the target, the median, and leads contacted within 24 hours", async () => {
    await t.db.delete(onboardings);
    await t.db.delete(leads);
    await saveOnboardingSettings({
      input: { dueDays: 5, targetDays: 3, checklist: ["Cardápio recebido"] },
      actor: admin,
    });
    // Three onboardings published in December: 2, 4 and 7 business days.
    for (const [openAt, publishAt] of [
      ["2026-12-01T12:00:00Z", "2026-12-03T12:00:00Z"],
      ["2026-12-01T12:00:00Z", "2026-12-07T12:00:00Z"],
      ["2026-12-01T12:00:00Z", "2026-12-10T12:00:00Z"],
    ]) {
      setClock(openAt);
      const c = await newClient(null);
      const opened = await openOnboardingByHand({ clientId: c.id, actor: admin });
      if (!opened.ok) throw new Error(opened.message);
      for (const item of (await getClientOnboarding({ clientId: c.id }))!.items)
        await setOnboardingItem({ onboardingId: opened.value.id, itemId: item.id, done: true, actor: admin });
      setClock(publishAt);
      const menu = { menuUrl: "https://cardapio.exemplo.com.br" };
      expect((await publishOnboarding({ onboardingId: opened.value.id, input: menu, actor: admin })).ok).toBe(
        true,
      );
    }
    // A fourth, published the day it opened with its whole checklist open: counted as published
    // with open steps, never as done "em 0 dias úteis".
    setClock("2026-12-09T12:00:00Z");
    const rushed = await openOnboardingByHand({ clientId: (await newClient(null)).id, actor: admin });
    if (!rushed.ok) throw new Error(rushed.message);
    const menu = { menuUrl: "https://cardapio.exemplo.com.br", confirmOpenSteps: "1" };
    expect((await publishOnboarding({ onboardingId: rushed.value.id, input: menu, actor: admin })).ok).toBe(
      true,
    );
    // Leads: one noted after 2 h, one moved after 30 h, one never contacted, one too recent to judge.
    const now = new Date("2026-12-10T15:00:00Z");
    const mk = async (name: string, createdAt: Date) =>
      (
        await t.db
          .insert(leads)
          .values({
            name,
            email: `${name}@t.dev`,
            phone: "11987650001",
            business: name,
            plan: "x",
            createdAt,
          })
          .returning()
      )[0];
    const a = await mk("a", new Date("2026-12-05T12:00:00Z"));
    await t.db
      .insert(leadNotes)
      .values({ leadId: a.id, note: "Liguei", createdAt: new Date("2026-12-05T14:00:00Z") });
    const b = await mk("b", new Date("2026-12-06T12:00:00Z"));
    await t.db.insert(auditLog).values({
      at: new Date("2026-12-07T18:00:00Z"),
      action: "lead.moved",
      entityType: "lead",
      entityId: b.id,
      changes: { statusFunil: ["novo", "contatado"] },
    });
    await mk("c", new Date("2026-12-07T12:00:00Z"));
    await mk("d", new Date("2026-12-10T10:00:00Z"));
    const f = await getPromiseFigures({ today: "2026-12-10", now });
    const w30 = f.windows.find((w) => w.days === 30)!;
    expect(w30.onboarding).toEqual({
      published: 4,
      withOpenSteps: 1,
      withinDue: 2,
      withinTarget: 1,
      withinDueShare: 50,
      withinTargetShare: 25,
      medianDays: 4,
    });
    expect(w30.leads).toEqual({ leads: 3, within24h: 1, within24hShare: 33, medianHours: 16 });
    // Nothing published in the 30 days up to 2027-02-15; the 90 days still see December.
    const later = await getPromiseFigures({ today: "2027-02-15", now: new Date("2027-02-15T12:00:00Z") });
    expect(later.windows[0].onboarding.withinDueShare).toBeNull();
    expect(later.windows[1].onboarding.published).toBe(4);
  });
});
