import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailMessages, plans, referrals, session, subscriptions, clients, leads } from "~/db/schema";
import { addDays, todayInSaoPaulo } from "~/lib/dates";
import { getAuth } from "~/modules/auth/auth.server";
import { signIn } from "~/modules/auth/session.server";
import { upsertAdmin } from "~/modules/auth/users.server";
import { createLead } from "~/modules/leads/contact.server";
import { setReferralStatus } from "~/modules/referrals/admin.server";
import { saveLeadAlertEmails } from "~/modules/settings/settings.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { resendMail } from "~/server/mail/mail.server";
import { useTestDatabase } from "../../../tests/support/db";
import { get, representativeCookie } from "../../../tests/support/requests";
import { startSmtpServer } from "../../../tests/support/smtp";
import { renewalDigestJob } from "~/modules/mail-jobs/mail-jobs.server";
import { insertSubscriptions } from "../../../tests/support/subscriptions";
import { useSmtp } from "../../../tests/support/mail-env";

const t = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

const XSS = `<img src=x onerror=alert(1)>`;
const contact = (over: Partial<Parameters<typeof createLead>[0]["input"]> = {}) => ({
  input: {
    name: "Maria",
    business: "Pizzaria da Maria",
    phone: "(11) 97654-3210",
    email: "maria@pizzaria.dev",
    plan: "x",
    message: "Quero saber mais",
    ...over,
  },
  plan: "Premium",
  isRepresentative: false,
  attribution: null,
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  await upsertAdmin({ email: "dona@empresa.dev", password: "senha-admin-123", name: "Dona" });
  await upsertAdmin({ email: "socio@empresa.dev", password: "senha-admin-123", name: "Sócio" });
});
afterAll(async () => {
  useSmtp(undefined);
  await smtp.close();
});
beforeEach(async () => {
  useSmtp(smtp.url);
  smtp.refuse(null);
  smtp.received.length = 0;
  await t.db.delete(mailMessages);
});

describe("novo lead", () => {
  it("reaches every admin and the extra addresses, with both parts, escaped values and absolute links", async () => {
    await saveLeadAlertEmails({ emails: ["Vendas@Empresa.dev", "dona@empresa.dev"] });
    await createLead({
      ...contact({ name: XSS, message: `<script>alert("m")</script>` }),
      attribution: {
        utmSource: "instagram",
        utmMedium: "social",
        utmCampaign: null,
        utmTerm: null,
        utmContent: null,
        gclid: null,
        fbclid: null,
        referrer: "https://instagram.com/",
        landingPage: "/?utm_source=instagram",
      },
    });
    await drainJobs();
    const to = smtp.received.flatMap((m) => m.to).sort();
    expect(to).toEqual(["dona@empresa.dev", "socio@empresa.dev", "vendas@empresa.dev"]);
    const mail = smtp.received[0];
    expect(mail.subject).toBe(`Novo lead: ${XSS} (Pizzaria da Maria)`);
    // The name arrives as text, never as markup.
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain(XSS);
    expect(mail.text).toContain("maria@pizzaria.dev");
    expect(mail.text).toContain("Premium");
    expect(mail.text).toContain("instagram");
    expect(mail.html).toContain('href="https://wa.me/5511976543210"');
    expect(mail.html).toContain('href="http://localhost:3000/admin/leads?q=maria%40pizzaria.dev"');
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:)/);
    const rows = await t.db.select().from(mailMessages);
    expect(rows.map((r) => r.status)).toEqual(["enviado", "enviado", "enviado"]);
  });

  it("a lead insert that rolls back sends nothing", async () => {
    await t.db
      .transaction(async (tx) => {
        const { emit } = await import("~/modules/events/events.server");
        await emit(tx, "lead.created", { leadId: "00000000-0000-4000-a000-000000000000" });
        throw new Error("rollback");
      })
      .catch(() => {});
    await drainJobs();
    expect(smtp.received).toHaveLength(0);
    expect(await t.db.select().from(mailMessages)).toHaveLength(0);
  });

  it("without SMTP_URL the message is kept in the log as 'sem SMTP', and resent once SMTP is set", async () => {
    await saveLeadAlertEmails({ emails: [] });
    useSmtp(undefined);
    await createLead(contact());
    await drainJobs();
    const rows = await t.db.select().from(mailMessages);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === "sem_smtp")).toBe(true);
    expect(rows[0].html).toContain("Pizzaria da Maria");
    useSmtp(smtp.url);
    expect(await resendMail({ id: rows[0].id })).toBe(true);
    await drainJobs();
    expect(smtp.received).toHaveLength(1);
    const [after] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, rows[0].id));
    expect(after.status).toBe("enviado");
    // A sent message cannot be sent again.
    expect(await resendMail({ id: rows[0].id })).toBe(false);
  });

  it("a server that is down leaves the message pending with its error; a refused recipient fails at once", async () => {
    await saveLeadAlertEmails({ emails: [] });
    smtp.refuse(421);
    await createLead(contact());
    await drainJobs();
    let rows = await t.db.select().from(mailMessages);
    expect(rows.map((r) => r.status)).toEqual(["pendente", "pendente"]);
    expect(rows[0].attempts).toBe(1);
    expect(rows[0].lastError).toMatch(/451/);
    await t.db.delete(mailMessages);
    smtp.refuse(550);
    await createLead(contact({ email: "outra@pizzaria.dev" }));
    await drainJobs();
    rows = await t.db.select().from(mailMessages);
    expect(rows.map((r) => r.status)).toEqual(["falhou", "falhou"]);
    expect(rows[0].lastError).toMatch(/550/);
    expect(smtp.received).toHaveLength(0);
  });
});

describe("representatives' e-mails", () => {
  it("welcome after sign-up, and the status change with the commission on Concluído", async () => {
    const rep = await representativeCookie("rep@parceiro.dev", "senha-rep-123", "Rita Parceira");
    await drainJobs();
    expect(smtp.received.map((m) => [m.to[0], m.subject])).toEqual([
      ["rep@parceiro.dev", "Bem-vindo ao programa de representantes"],
    ]);
    expect(smtp.received[0].html).toContain('href="http://localhost:3000/representante/login"');
    smtp.received.length = 0;
    const [black] = await t.db.insert(plans).values({ name: "Black", priceCents: 24990 }).returning();
    const [ref] = await t.db
      .insert(referrals)
      .values({
        representativeId: rep.representativeId,
        businessName: "Hamburgueria <b>Top</b>",
        contactName: "João",
        contactPhone: "11999998888",
        planId: black.id,
      })
      .returning();
    await setReferralStatus({ id: ref.id, status: "producao" });
    await setReferralStatus({ id: ref.id, status: "concluido" });
    // Setting the same status again is not a change: nothing more is sent.
    await setReferralStatus({ id: ref.id, status: "concluido" });
    await drainJobs();
    const subjects = smtp.received.map((m) => m.subject).sort();
    expect(subjects).toEqual([
      "Sua indicação Hamburgueria <b>Top</b> agora está: Concluído",
      "Sua indicação Hamburgueria <b>Top</b> agora está: Em produção",
    ]);
    const done = smtp.received.find((m) => m.subject.endsWith("Concluído"))!;
    expect(done.to).toEqual(["rep@parceiro.dev"]);
    expect(done.text.replaceAll("\u00a0", " ")).toContain("R$ 100,00");
    expect(done.html).toContain("Hamburgueria &lt;b&gt;Top&lt;/b&gt;");
  });
});

describe("password reset (better-auth's flow)", () => {
  it("mails a single-use link to the right page; using it changes the password and ends every session", async () => {
    const rep = await representativeCookie("esqueci@parceiro.dev", "senha-antiga-1", "Esquecido");
    await drainJobs();
    smtp.received.length = 0;
    const auth = getAuth();
    await auth.api.requestPasswordReset({ body: { email: "esqueci@parceiro.dev" } });
    // An unknown address gets the same answer and sends nothing.
    await auth.api.requestPasswordReset({ body: { email: "ninguem@parceiro.dev" } });
    await drainJobs();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(["esqueci@parceiro.dev"]);
    expect(mail.subject).toBe("Redefinição de senha");
    const link = /href="(http:\/\/localhost:3000\/representante\/redefinir-senha\?token=[^"]+)"/.exec(
      mail.html,
    )?.[1];
    expect(link).toBeTruthy();
    const token = new URL(link!.replaceAll("&amp;", "&")).searchParams.get("token")!;
    // Once delivered, the log no longer holds the link.
    const [logged] = await t.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.kind, "auth.redefinir-senha"));
    expect(logged.status).toBe("enviado");
    expect(logged.html).not.toContain(token);
    expect(logged.text).not.toContain(token);

    expect(await t.db.select().from(session).where(eq(session.userId, rep.userId))).toHaveLength(1);
    await auth.api.resetPassword({ body: { token, newPassword: "senha-nova-2" } });
    expect(await t.db.select().from(session).where(eq(session.userId, rep.userId))).toHaveLength(0);
    await expect(auth.api.resetPassword({ body: { token, newPassword: "outra-senha-3" } })).rejects.toThrow();
    const login = (password: string) =>
      signIn(get("/representante/login"), {
        email: "esqueci@parceiro.dev",
        password,
        role: "representative",
      });
    await expect(login("senha-antiga-1")).rejects.toBeTruthy();
    await expect(login("senha-nova-2")).resolves.toBeTruthy();
  });

  it("an admin's link goes to the admin page", async () => {
    await getAuth().api.requestPasswordReset({ body: { email: "dona@empresa.dev" } });
    await drainJobs();
    expect(smtp.received[0].html).toContain("http://localhost:3000/admin/reset-password?token=");
  });
});

describe("renewal digest", () => {
  it("one message per admin listing 7, 3, 1 days and yesterday; none on an empty day", async () => {
    const today = todayInSaoPaulo();
    const [plan] = await t.db.insert(plans).values({ name: "Premium", priceCents: 14990 }).returning();
    const mk = async (name: string, end: string) => {
      const [c] = await t.db
        .insert(clients)
        .values({ name, email: `${name}@c.dev`, phone: "11999990000", businessName: name, planId: plan.id })
        .returning();
      await insertSubscriptions(t.db, {
        clientId: c.id,
        planId: plan.id,
        startDate: addDays(end, -30),
        endDate: end,
        status: "ativa",
        renewalType: "mensal",
      });
    };
    await renewalDigestJob.handler({ today }, { id: "x", retryCount: 0, retryLimit: 0, isLastAttempt: true });
    await drainJobs();
    expect(smtp.received).toHaveLength(0);
    await mk("sete", addDays(today, 7));
    await mk("tres", addDays(today, 3));
    await mk("um", addDays(today, 1));
    await mk("ontem", addDays(today, -1));
    await mk("cinco", addDays(today, 5));
    await renewalDigestJob.handler({ today }, { id: "x", retryCount: 0, retryLimit: 0, isLastAttempt: true });
    // The schedule firing twice the same day sends nothing more.
    await renewalDigestJob.handler({ today }, { id: "y", retryCount: 0, retryLimit: 0, isLastAttempt: true });
    await drainJobs();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["dona@empresa.dev", "socio@empresa.dev"]);
    const text = smtp.received[0].text;
    expect(smtp.received[0].subject).toBe("4 assinaturas precisam de atenção");
    for (const name of ["sete", "tres", "um", "ontem"]) expect(text).toContain(name);
    expect(text).not.toContain("cinco");
    expect(smtp.received[0].html).toMatch(/href="http:\/\/localhost:3000\/admin\/clients\/edit\/[0-9a-f-]+"/);
  });
});

describe("daily digest: follow-ups", () => {
  const run = (today: string, id: string) =>
    renewalDigestJob.handler({ today }, { id, retryCount: 0, retryLimit: 0, isLastAttempt: true });
  const lead = async (
    name: string,
    nextContactAt: Date | null,
    stage: "novo" | "perdido" | "convertido" = "novo",
  ) => {
    const [row] = await t.db
      .insert(leads)
      .values({
        name,
        email: `${name.toLowerCase().replace(/\W/g, "")}@lead.dev`,
        phone: "11988887777",
        business: `Negócio de ${name}`,
        plan: "Premium",
        statusFunil: stage,
        status: stage,
        nextContactAt,
      })
      .returning();
    return row;
  };

  it("lists today's and overdue follow-ups of open leads, with links, and is sent on a day without renewals", async () => {
    await t.db.delete(subscriptions);
    await t.db.delete(leads);
    // A day with no subscription ending: the digest is about leads only.
    const today = "2031-03-10";
    const atrasado = await lead("Atrasada Ana", new Date("2031-03-08T12:00:00-03:00"));
    const hoje = await lead("Hoje Hugo", new Date("2031-03-10T15:30:00-03:00"));
    await lead("Amanha Bia", new Date("2031-03-11T09:00:00-03:00"));
    await lead("Perdido Paulo", new Date("2031-03-09T09:00:00-03:00"), "perdido");
    await lead("Sem Data Sara", null);
    await run(today, "f1");
    await drainJobs();
    expect(smtp.received).toHaveLength(2);
    const m = smtp.received[0];
    expect(m.subject).toBe("2 contatos com leads para hoje");
    expect(m.text).toContain("Próximos contatos com leads");
    expect(m.text).not.toContain("Renovações");
    // Overdue first, then today's, each with its date and time in São Paulo.
    const text = m.text.replace(/\s+/g, " ");
    expect(text).toMatch(
      /Atrasados.*Atrasada Ana.*08\/03\/2031,? 12:00.*Para hoje.*Hoje Hugo.*10\/03\/2031,? 15:30/,
    );
    for (const name of ["Amanha Bia", "Perdido Paulo", "Sem Data Sara"]) expect(text).not.toContain(name);
    expect(m.html).toContain(`http://localhost:3000/admin/leads/${atrasado.id}`);
    expect(m.html).toContain(`http://localhost:3000/admin/leads/${hoje.id}`);
  });

  it("adds the follow-ups to the renewals' digest and its subject", async () => {
    await t.db.delete(subscriptions);
    await t.db.delete(leads);
    const today = "2031-04-10";
    const [plan] = await t.db.insert(plans).values({ name: "Básico Digest", priceCents: 4990 }).returning();
    const [c] = await t.db
      .insert(clients)
      .values({
        name: "Renova",
        email: "renova@c.dev",
        phone: "11999990000",
        businessName: "Renova",
        planId: plan.id,
      })
      .returning();
    await insertSubscriptions(t.db, {
      clientId: c.id,
      planId: plan.id,
      startDate: addDays(today, -27),
      endDate: addDays(today, 3),
      status: "ativa",
      renewalType: "mensal",
    });
    await lead("Hoje Iara", new Date("2031-04-10T10:00:00-03:00"));
    await run(today, "f2");
    await drainJobs();
    const m = smtp.received[0];
    expect(m.subject).toBe("1 assinatura precisa de atenção e 1 contato com lead para hoje");
    expect(m.text).toContain("Renovações");
    expect(m.text).toContain("Renova");
    expect(m.text).toContain("Hoje Iara");
  });
});
