// "Change the e-mail: confirmed by a link sent to the new address, and announced to the old one."
// Nothing changes before the confirmation; the link works once, for 24 hours; a client has one
// pending change at most, and every event that should end it (a newer request, "Sair de todos os
// dispositivos", an admin's change, anonymisation, the confirmation) leaves an older link refused.
import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, clientEmailChanges, clients, mailMessages } from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { updateClient } from "~/modules/clients/clients.server";
import { anonymiseSubject } from "~/modules/privacy/data-subject-erase.server";
import * as dados from "~/routes/cliente/dados";
import * as confirmar from "~/routes/cliente/email-confirmar";
import * as home from "~/routes/cliente/index";
import * as sair from "~/routes/cliente/sair";
import { advanceClock, resetClock } from "~/server/clock.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { clientCookie, clientLinkTokenFor, makeClient } from "../../../tests/support/client-area";
import { useTestDatabase } from "../../../tests/support/db";
import { startSmtpServer } from "../../../tests/support/smtp";
import { context, flashMessage, get, outcome, post } from "../../../tests/support/requests";
import { EMAIL_CHANGE_MESSAGES, requestEmailChange } from "./email-change.server";
import { requestClientLink } from "./client-session.server";
import { useSmtp } from "../../../tests/support/mail-env";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let clientA = "";
let cookieA = "";

beforeAll(async () => {
  smtp = await startSmtpServer();
  useSmtp(undefined);
  clientA = await makeClient("troca-a@test.dev", "Ana Cliente", "Cantina da Ana");
  await makeClient("troca-b@test.dev", "Beto Cliente", "Bar do Beto");
  cookieA = await clientCookie("troca-a@test.dev");
});
afterAll(async () => {
  useSmtp(undefined);
  await smtp.close();
});
// The file asks for many changes of few clients: the limit has its own test (client-area.test).
beforeEach(async () => {
  process.env.RATE_LIMIT_CLIENT_LINK = "1000";
  resetEnvCache();
});
afterEach(() => {
  resetClock();
  delete process.env.RATE_LIMIT_CLIENT_LINK;
  resetEnvCache();
});

const emailOf = async (id: string) =>
  (await t.db.select({ email: clients.email }).from(clients).where(eq(clients.id, id)))[0].email;
const lastMail = async (to: string, kind: string) =>
  (
    await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, to), eq(mailMessages.kind, kind)))
      .orderBy(desc(mailMessages.createdAt))
      .limit(1)
  )[0];
const tokenIn = (text: string) =>
  new URL(/https?:\/\/[^\s"<>]+\/cliente\/email\/confirmar\?token=[^\s"<>]+/.exec(text)![0]).searchParams.get(
    "token",
  )!;
/** The token of the latest confirmation link e-mailed to `to`. */
const linkTo = async (to: string) => tokenIn((await lastMail(to, "cliente.troca-email")).text);
/** "Trocar e-mail": the answer, and the toast its redirect carries (PRG, decision 046). */
const ask = async (email: string, cookie = cookieA) => {
  const r = await outcome(() =>
    dados.action(args(post("/cliente/dados", { intent: "email", email }, cookie))),
  );
  return { ...r, toast: await flashMessage(r) };
};
const confirm = (token: string, cookie?: string) =>
  outcome(() => confirmar.action(args(post("/cliente/email/confirmar", { token }, cookie))));
const overview = (cookie: string) => outcome(() => home.loader(args(get("/cliente", cookie))));
const refused = { status: 400, data: { ok: false, formError: EMAIL_CHANGE_MESSAGES.invalidLink } };
const sent = { status: 302, location: "/cliente/dados", toast: EMAIL_CHANGE_MESSAGES.sent };

describe("changing the client's e-mail", () => {
  it("refuses a bad or the same address with a pt-BR message, changing nothing", async () => {
    for (const bad of ["não é e-mail", "alguem@exemplo.invalid"])
      expect(await ask(bad)).toMatchObject({
        status: 400,
        data: { fieldErrors: { email: EMAIL_CHANGE_MESSAGES.invalid } },
      });
    expect(await ask("TROCA-A@test.dev")).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: EMAIL_CHANGE_MESSAGES.same } },
    });
    expect(await emailOf(clientA)).toBe("troca-a@test.dev");
  });

  it("another client's address gets the same answer as a free one; its owner is told by e-mail, and nothing changes", async () => {
    useSmtp(smtp.url);
    try {
      smtp.received.length = 0;
      const taken = await ask("Troca-B@test.dev");
      const free = await ask("livre-a@test.dev");
      expect([taken.status, taken.location, taken.toast]).toEqual([free.status, free.location, free.toast]);
      expect(taken).toMatchObject(sent);
      await drainJobs();
      const toB = smtp.received.filter((m) => m.to.includes("troca-b@test.dev"));
      expect(toB.map((m) => m.subject)).toEqual(["Pedido para usar o seu e-mail em outro cadastro"]);
      expect(toB[0].text).toContain("Olá, Beto Cliente!");
      expect(toB[0].text).toContain("nada foi alterado");
      // The notice names neither the client who asked nor a link that could take B's address.
      expect(toB[0].text).not.toMatch(/Ana|Cantina|confirmar\?token/);
      expect(smtp.received.filter((m) => m.to.includes("livre-a@test.dev"))).toHaveLength(1);
    } finally {
      useSmtp(undefined);
    }
    expect(await emailOf(clientA)).toBe("troca-a@test.dev");
  });

  it("sends a link to the new address; confirmed once, it changes the e-mail, audits, tells the old one and ends the other sessions", async () => {
    const other = await clientCookie("troca-a@test.dev");
    const asked = await ask("Nova-Ana@Test.dev");
    expect(asked).toMatchObject(sent);
    // Nothing changed yet; the link went to the new address (and its log keeps no usable link).
    expect(await emailOf(clientA)).toBe("troca-a@test.dev");
    const mail = await lastMail("nova-ana@test.dev", "cliente.troca-email");
    const token = tokenIn(mail.text);
    expect(mail.redactedText).not.toContain(token);
    // The table holds the token's SHA-256 only.
    const [row] = await t.db
      .select()
      .from(clientEmailChanges)
      .where(eq(clientEmailChanges.clientId, clientA));
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("base64url"));
    expect(JSON.stringify(row)).not.toContain(token);

    // The page shows the button for a valid link, and an error for a made-up one.
    const page = (await confirmar.loader(args(get(`/cliente/email/confirmar?token=${token}`)))) as {
      token: string | null;
    };
    expect(page.token).toBe(token);
    expect(
      ((await confirmar.loader(args(get("/cliente/email/confirmar?token=inventado")))) as { token: null })
        .token,
    ).toBeNull();

    // Confirmed from the browser of one of the client's sessions: that one stays, the other ends.
    expect(await confirm(token, cookieA)).toMatchObject({ status: 200, data: { ok: true } });
    expect(await emailOf(clientA)).toBe("nova-ana@test.dev");
    expect((await overview(cookieA)).status).toBe(200);
    expect(await overview(other)).toMatchObject({ status: 302, location: "/cliente/entrar" });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, clientA), eq(auditLog.action, "client.email_changed")));
    expect(audit.changes).toEqual({ email: ["troca-a@test.dev", "nova-ana@test.dev"] });
    expect(audit.actorName).toBe("Ana Cliente (cliente)");
    const notice = await lastMail("troca-a@test.dev", "cliente.email-alterado");
    expect(notice.text).toContain("nova-ana@test.dev");

    // Single use, and nothing of it is left pending.
    expect(await confirm(token)).toMatchObject(refused);
    expect(
      await t.db.select().from(clientEmailChanges).where(eq(clientEmailChanges.clientId, clientA)),
    ).toEqual([]);
    // The sign-in links now go to the new address only.
    await requestClientLink({ email: "nova-ana@test.dev", clientIp: "10.9.9.9" });
    expect(await clientLinkTokenFor("nova-ana@test.dev")).toBeTruthy();
  });

  it("a newer request revokes the older link", async () => {
    expect(await ask("primeira@test.dev")).toMatchObject(sent);
    const older = await linkTo("primeira@test.dev");
    expect(await ask("segunda@test.dev")).toMatchObject(sent);
    const newer = await linkTo("segunda@test.dev");
    expect(await confirm(older)).toMatchObject(refused);
    expect(await emailOf(clientA)).toBe("nova-ana@test.dev");
    expect(await confirm(newer)).toMatchObject({ status: 200, data: { ok: true } });
    expect(await emailOf(clientA)).toBe("segunda@test.dev");
  });

  it("'Sair de todos os dispositivos' revokes the pending link", async () => {
    const id = await makeClient("sair-todos@test.dev", "Sara Cliente");
    const cookie = await clientCookie("sair-todos@test.dev");
    expect(await ask("sair-novo@test.dev", cookie)).toMatchObject(sent);
    const token = await linkTo("sair-novo@test.dev");
    const out = await outcome(() => sair.action(args(post("/cliente/sair", { scope: "todos" }, cookie))));
    expect(out.location).toBe("/cliente/entrar");
    expect(await confirm(token)).toMatchObject(refused);
    expect(await emailOf(id)).toBe("sair-todos@test.dev");
  });

  it("an admin's change of the address revokes the pending link", async () => {
    const id = await makeClient("admin-troca@test.dev", "Alice Cliente", "Alice Lanches");
    const cookie = await clientCookie("admin-troca@test.dev");
    expect(await ask("pedido-antigo@test.dev", cookie)).toMatchObject(sent);
    const token = await linkTo("pedido-antigo@test.dev");
    await updateClient({
      id,
      input: {
        name: "Alice Cliente",
        email: "definido-pela-equipe@test.dev",
        phone: "11999990000",
        businessName: "Alice Lanches",
        status: "ativo",
      },
    });
    expect(await confirm(token)).toMatchObject(refused);
    expect(await emailOf(id)).toBe("definido-pela-equipe@test.dev");
  });

  it("anonymisation revokes the pending link; no link ever writes an address onto an anonymised client", async () => {
    const id = await makeClient("vai-sumir@test.dev", "Vera Cliente");
    // Her own phone: the privacy search follows phones, and the other test clients share one.
    await t.db.update(clients).set({ phone: "11977776666" }).where(eq(clients.id, id));
    const cookie = await clientCookie("vai-sumir@test.dev");
    expect(await ask("vera-nova@test.dev", cookie)).toMatchObject(sent);
    const token = await linkTo("vera-nova@test.dev");
    await anonymiseSubject({ query: { email: "vai-sumir@test.dev", phone: null }, actor: null });
    expect(await t.db.select().from(clientEmailChanges).where(eq(clientEmailChanges.clientId, id))).toEqual(
      [],
    );
    expect(await confirm(token)).toMatchObject(refused);
    expect(await emailOf(id)).toMatch(/@anonimizado\.invalid$/);

    // A pending row left by earlier code (or restored from a backup) is refused all the same.
    const leftover = "sobra-de-antes-da-anonimizacao";
    await t.db.insert(clientEmailChanges).values({
      clientId: id,
      tokenHash: createHash("sha256").update(leftover).digest("base64url"),
      newEmail: "vera-de-volta@test.dev",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(await confirm(leftover)).toMatchObject(refused);
    expect(await emailOf(id)).toMatch(/@anonimizado\.invalid$/);
  });

  it("a link older than 24 hours is refused and changes nothing", async () => {
    const asked = await requestEmailChange({ clientId: clientA, email: "outra-ana@test.dev" });
    expect(asked.ok).toBe(true);
    const token = await linkTo("outra-ana@test.dev");
    advanceClock({ days: 1, ms: 60_000 });
    expect(await confirm(token)).toMatchObject(refused);
    expect(await emailOf(clientA)).toBe("segunda@test.dev");
  });
});
