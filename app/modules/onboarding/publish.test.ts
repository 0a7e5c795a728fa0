import { and, eq } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, onboardings, plans } from "~/db/schema";
import { createClient } from "~/modules/clients/clients.server";
import { saveLeadAlertEmails } from "~/modules/settings/settings.server";
import * as clientHome from "~/routes/cliente/index";
import * as signInPage from "~/routes/cliente/entrar";
import * as board from "~/routes/admin/onboarding";
import { resetClock, setClock, today } from "~/server/clock.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { useTestDatabase } from "../../../tests/support/db";
import { clientCookie } from "../../../tests/support/client-area";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";
import { startSmtpServer } from "../../../tests/support/smtp";
import { PUBLISH_MESSAGES } from "./onboarding.constants";
import { openOnboardingByHand, setOnboardingItem } from "./onboarding.server";
import { getClientOnboarding } from "./onboarding-reads.server";
import { getPromiseFigures } from "./promises.server";
import { useSmtp } from "../../../tests/support/mail-env";

// "Publicar" asks for the menu's address (and confirms open
// steps), the "no ar" e-mail and /cliente show it with its QR Code, and client e-mails carry the
// support address as Reply-To only when there is one (and only then ask for a reply).

const t = useTestDatabase();
const admin = { id: "admin-1", name: "Ana Admin" };
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let cookie: string;
let premium: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  cookie = await adminCookie();
  [{ id: premium }] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 14900 })
    .returning();
});
afterAll(async () => {
  useSmtp(undefined);
  await smtp.close();
});
beforeEach(() => {
  useSmtp(smtp.url);
  smtp.received.length = 0;
});
afterEach(() => resetClock());

let seq = 0;
async function openedOnboarding(planId: string | null = null) {
  seq += 1;
  const email = `cantina${seq}@restaurante.dev`;
  const client = await createClient({
    input: {
      name: `Dona ${seq}`,
      email,
      phone: "(11) 98765-4321",
      businessName: `Cantina ${seq}`,
      planId,
      status: "ativo",
    },
    today: today(),
    actor: admin,
  });
  const opened = await openOnboardingByHand({ clientId: client.id, actor: admin });
  if (!opened.ok) throw new Error(opened.message);
  const view = (await getClientOnboarding({ clientId: client.id }))!;
  return { client, email, onboarding: view };
}

async function tickAll(o: { id: string; items: { id: string }[] }) {
  for (const item of o.items)
    await setOnboardingItem({ onboardingId: o.id, itemId: item.id, done: true, actor: admin });
}

const publish = (id: string, fields: Record<string, string>) =>
  outcome(() =>
    board.action({
      request: post(
        "/admin/onboarding",
        { intent: "publish", id, back: "/admin/onboarding", ...fields },
        cookie,
      ),
      params: {},
      context: context(),
    } as never),
  );

async function stored(id: string) {
  const [row] = await t.db.select().from(onboardings).where(eq(onboardings.id, id));
  return row;
}
const publishAudits = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "onboarding.published")));

function decodeQr(base64: string) {
  const png = PNG.sync.read(Buffer.from(base64, "base64"));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

type Reply = { fieldErrors: Record<string, string>; formError: string | null; openSteps: string[] };

describe("Publicar asks for the menu's address", () => {
  it("refuses a missing, an http and a malformed address with a pt-BR message, and changes nothing", async () => {
    setClock("2026-12-01T12:00:00Z");
    const { onboarding: o } = await openedOnboarding();
    await tickAll(o);
    for (const [fields, field, message] of [
      [{}, "menuUrl", PUBLISH_MESSAGES.menuUrlRequired],
      [{ menuUrl: "   " }, "menuUrl", PUBLISH_MESSAGES.menuUrlRequired],
      [{ menuUrl: "http://cantina.com.br" }, "menuUrl", PUBLISH_MESSAGES.https],
      [{ menuUrl: "https://cantina" }, "menuUrl", PUBLISH_MESSAGES.invalid],
      [{ menuUrl: "javascript:alert(1)" }, "menuUrl", PUBLISH_MESSAGES.invalid],
      [
        { menuUrl: "https://cantina.com.br", androidUrl: "http://play.google.com/x" },
        "androidUrl",
        PUBLISH_MESSAGES.https,
      ],
      [{ menuUrl: "https://cantina.com.br", iosUrl: "apps.apple.com/x" }, "iosUrl", PUBLISH_MESSAGES.invalid],
      [{ menuUrl: `https://cantina.com.br/${"a".repeat(600)}` }, "menuUrl", PUBLISH_MESSAGES.tooLong],
    ] as const) {
      const r = await publish(o.id, fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect((r.data as Reply).fieldErrors[field]).toBe(message);
    }
    const row = await stored(o.id);
    expect(row.status).toBe("em_andamento");
    expect(row.menuUrl).toBeNull();
    expect(await publishAudits(o.id)).toHaveLength(0);
  });

  it("with open checklist steps asks again and lists them; the confirmation publishes and counts them", async () => {
    setClock("2026-12-01T12:00:00Z");
    const { onboarding: o } = await openedOnboarding();
    await setOnboardingItem({ onboardingId: o.id, itemId: o.items[0].id, done: true, actor: admin });
    setClock("2026-12-03T12:00:00Z");
    const fields = {
      menuUrl: "https://cantina.com.br/cardapio",
      androidUrl: "https://play.google.com/store/apps/details?id=br.cantina",
    };

    const asked = await publish(o.id, fields);
    expect(asked.status).toBe(409);
    const reply = asked.data as Reply & { values: Record<string, string> };
    // Every step but the one ticked: the template's and the client's own (logo, hours, …).
    expect(reply.formError).toBe(PUBLISH_MESSAGES.confirmOpenSteps(o.items.length - 1));
    expect(reply.openSteps).toEqual(o.items.slice(1).map((i) => i.label));
    // What was typed comes back for the second step.
    expect(reply.values.menuUrl).toBe(fields.menuUrl);
    expect((await stored(o.id)).status).toBe("em_andamento");
    expect(await publishAudits(o.id)).toHaveLength(0);

    const done = await publish(o.id, { ...fields, confirmOpenSteps: "1" });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/onboarding");
    expect(await stored(o.id)).toMatchObject({
      status: "publicado",
      publishedOn: "2026-12-03",
      businessDaysTaken: 2,
      openStepsAtPublish: o.items.length - 1,
      menuUrl: fields.menuUrl,
      androidUrl: fields.androidUrl,
      iosUrl: null,
    });
    const [audit] = await publishAudits(o.id);
    expect(audit.changes).toMatchObject({
      etapasEmAberto: [null, o.items.length - 1],
      cardapio: [null, fields.menuUrl],
    });
  });

  it("a publication with open steps counts as such in the promise figures, never as work done in 0 business days", async () => {
    setClock("2027-03-01T12:00:00Z");
    const complete = await openedOnboarding();
    await tickAll(complete.onboarding);
    const rushed = await openedOnboarding();
    setClock("2027-03-03T12:00:00Z");
    expect((await publish(complete.onboarding.id, { menuUrl: "https://a.com.br" })).status).toBe(302);
    setClock("2027-03-01T12:00:00Z");
    // Same day it opened, nothing done: 0 business days, but 5 steps open.
    expect(
      (await publish(rushed.onboarding.id, { menuUrl: "https://b.com.br", confirmOpenSteps: "1" })).status,
    ).toBe(302);
    const f = await getPromiseFigures({ today: "2027-03-05", now: new Date("2027-03-05T12:00:00Z") });
    expect(f.windows[0].onboarding).toEqual({
      published: 2,
      withOpenSteps: 1,
      withinDue: 1,
      withinTarget: 1,
      withinDueShare: 50,
      withinTargetShare: 50,
      // The complete one's 2 days, not the median of 0 and 2.
      medianDays: 2,
    });
  });
});

describe("the menu reaches the client", () => {
  it("the 'no ar' e-mail carries the link, its QR Code, the app links and the way into the client area; /cliente shows them", async () => {
    await saveLeadAlertEmails({ emails: [], supportEmail: "Atendimento@Empresa.dev" });
    setClock("2026-12-07T12:00:00Z");
    const { onboarding: o, email } = await openedOnboarding();
    await tickAll(o);
    const menuUrl = "https://cantina.com.br/cardapio?mesa=1&x=<b>";
    const iosUrl = "https://apps.apple.com/br/app/cantina/id123";
    expect((await publish(o.id, { menuUrl, iosUrl })).status).toBe(302);
    await drainJobs();
    await drainJobs();

    const [mail] = smtp.received.filter(
      (m) => m.to.includes(email) && m.subject === "Seu cardápio está no ar",
    );
    expect(mail.subject).toBe("Seu cardápio está no ar");
    expect(mail.headers.get("reply-to")).toMatchObject({ value: [{ address: "atendimento@empresa.dev" }] });
    expect(mail.text).toContain(menuUrl);
    expect(mail.html).toContain(
      `href="${menuUrl.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")}"`,
    );
    expect(mail.text).toContain(iosUrl);
    expect(mail.text).not.toContain("App Android");
    const qr = mail.attachments.find((a) => a.cid === "menu-qr@implantacao");
    expect(qr && decodeQr(qr.base64)).toBe(menuUrl);
    expect(mail.html).toContain('src="cid:menu-qr@implantacao"');
    expect(mail.text).toContain("Acessar a área do cliente");
    expect(mail.html).toContain(`/cliente/entrar?email=${encodeURIComponent(email)}`);
    expect(mail.text).toContain("Responda a este e-mail ou escreva para atendimento@empresa.dev");

    const home = await outcome(() =>
      clientHome.loader({ request: get("/cliente", undefined), params: {}, context: context() } as never),
    );
    // Anonymous: sent to sign in, never the menu.
    expect(home.status).toBe(302);
    // The sign-in link is read from the mail log, which keeps it only while it is not delivered.
    useSmtp(undefined);
    const signedIn = await clientCookie(email);
    const page = await outcome(() =>
      clientHome.loader({ request: get("/cliente", signedIn), params: {}, context: context() } as never),
    );
    const menu = (page.data as { menu: { url: string; qrSvg: string; qrPng: string; iosUrl: string } }).menu;
    expect(menu.url).toBe(new URL(menuUrl).toString());
    expect(menu.iosUrl).toBe(iosUrl);
    expect(menu.qrSvg).toContain('aria-label="QR Code do cardápio"');
    expect(decodeQr(menu.qrPng.replace("data:image/png;base64,", ""))).toBe(menu.url);
    expect((page.data as { help: { email: string } }).help.email).toBe("atendimento@empresa.dev");
  });
});

describe("e-mails that can be answered", () => {
  async function chargeMailTo(email: string) {
    await drainJobs();
    return smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith("Nova cobrança"));
  }

  it("with an E-mail de atendimento, client e-mails carry it as Reply-To; team e-mails never do", async () => {
    await saveLeadAlertEmails({ emails: ["vendas@empresa.dev"], supportEmail: "atendimento@empresa.dev" });
    setClock("2026-12-08T12:00:00Z");
    const { email } = await openedOnboarding(premium);
    const [charge] = await chargeMailTo(email);
    expect(charge.headers.get("reply-to")).toMatchObject({ value: [{ address: "atendimento@empresa.dev" }] });
    expect(charge.text).toContain("responda a esta mensagem");
    const opened = smtp.received.find(
      (m) => m.to.includes(email) && m.subject.startsWith("Pagamento confirmado"),
    );
    expect(opened?.headers.get("reply-to")).toMatchObject({
      value: [{ address: "atendimento@empresa.dev" }],
    });
    // The team's own alerts (the client-created audit, the late onboarding): no Reply-To.
    const { alertLateOnboardings } = await import("./jobs.server");
    setClock("2026-12-30T12:00:00Z");
    await alertLateOnboardings();
    await drainJobs();
    const late = smtp.received.filter((m) => m.subject.startsWith("Implantação atrasada"));
    expect(late.length).toBeGreaterThan(0);
    for (const m of late) expect(m.headers.get("reply-to")).toBeUndefined();
  });

  it("without it, no client e-mail has a Reply-To or asks for a reply; each points to the client area with the address filled in", async () => {
    await saveLeadAlertEmails({ emails: [], supportEmail: null });
    setClock("2026-12-09T12:00:00Z");
    const { email, onboarding: o } = await openedOnboarding(premium);
    await publish(o.id, { menuUrl: "https://cantina.com.br", confirmOpenSteps: "1" });
    await drainJobs();
    await drainJobs();
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails.map((m) => m.subject).sort()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Nova cobrança/),
        expect.stringMatching(/^Pagamento confirmado/),
        "Seu cardápio está no ar",
      ]),
    );
    for (const m of mails) {
      expect(m.headers.get("reply-to"), m.subject).toBeUndefined();
      expect(m.text, m.subject).not.toMatch(/respond|responda|responder/i);
      expect(m.text, m.subject).toContain("Acessar a área do cliente");
      expect(m.html, m.subject).toContain(`/cliente/entrar?email=${encodeURIComponent(email)}"`);
    }
  });

  it("/cliente/entrar?email= fills the field with the address (no token), and ignores anything that is not one", async () => {
    const load = (q: string) =>
      outcome(() =>
        signInPage.loader({ request: get(`/cliente/entrar${q}`), params: {}, context: context() } as never),
      );
    expect((await load("?email=dona%2Bcardapio%40cantina.com.br")).data).toMatchObject({
      email: "dona+cardapio@cantina.com.br",
    });
    expect((await load("?email=nao-e-email")).data).toMatchObject({ email: "" });
    expect((await load(`?email=${"a".repeat(250)}%40x.com`)).data).toMatchObject({ email: "" });
    expect((await load("")).data).toMatchObject({ email: "" });
  });
});
