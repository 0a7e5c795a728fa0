// Issue 32 item 3: "Change the e-mail: confirmed by a link sent to the new address, and announced
// to the old one." Nothing changes before the confirmation; the link works once, for 24 hours.
import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, clients, mailMessages } from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import * as dados from "~/routes/cliente/dados";
import * as confirmar from "~/routes/cliente/email-confirmar";
import { advanceClock, resetClock } from "~/server/clock.server";
import { closeMailTransport } from "~/server/mail/transport.server";
import { clientCookie, clientLinkTokenFor, makeClient } from "../../../tests/support/client-area";
import { useTestDatabase } from "../../../tests/support/db";
import { context, get, outcome, post } from "../../../tests/support/requests";
import { EMAIL_CHANGE_MESSAGES, requestEmailChange } from "./email-change.server";
import { requestClientLink } from "./client-session.server";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let clientA = "";
let cookieA = "";

beforeAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  closeMailTransport();
  clientA = await makeClient("troca-a@test.dev", "Ana Cliente", "Cantina da Ana");
  await makeClient("troca-b@test.dev", "Beto Cliente", "Bar do Beto");
  cookieA = await clientCookie("troca-a@test.dev");
});
afterEach(() => resetClock());

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
const ask = (email: string) =>
  outcome(() => dados.action(args(post("/cliente/dados", { intent: "email", email }, cookieA))));
const confirm = (token: string) =>
  outcome(() => confirmar.action(args(post("/cliente/email/confirmar", { token }))));

describe("changing the client's e-mail", () => {
  it("refuses a bad, the same or another client's address, changing nothing", async () => {
    expect(await ask("não é e-mail")).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: EMAIL_CHANGE_MESSAGES.invalid } },
    });
    expect(await ask("TROCA-A@test.dev")).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: EMAIL_CHANGE_MESSAGES.same } },
    });
    expect(await ask("troca-b@test.dev")).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: EMAIL_CHANGE_MESSAGES.taken } },
    });
    expect(await emailOf(clientA)).toBe("troca-a@test.dev");
  });

  it("sends a link to the new address; confirmed once, it changes the e-mail, audits and tells the old one", async () => {
    const asked = await ask("Nova-Ana@Test.dev");
    expect(asked).toMatchObject({ status: 200, data: { toast: { message: EMAIL_CHANGE_MESSAGES.sent } } });
    // Nothing changed yet; the link went to the new address (and its log keeps no usable link).
    expect(await emailOf(clientA)).toBe("troca-a@test.dev");
    const sent = await lastMail("nova-ana@test.dev", "cliente.troca-email");
    const token = tokenIn(sent.text);
    expect(sent.redactedText).not.toContain(token);

    // The page shows the button for a valid link, and an error for a made-up one.
    const page = (await confirmar.loader(args(get(`/cliente/email/confirmar?token=${token}`)))) as {
      token: string | null;
    };
    expect(page.token).toBe(token);
    expect(
      ((await confirmar.loader(args(get("/cliente/email/confirmar?token=inventado")))) as { token: null })
        .token,
    ).toBeNull();

    expect(await confirm(token)).toMatchObject({ status: 200, data: { ok: true } });
    expect(await emailOf(clientA)).toBe("nova-ana@test.dev");
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, clientA), eq(auditLog.action, "client.email_changed")));
    expect(audit.changes).toEqual({ email: ["troca-a@test.dev", "nova-ana@test.dev"] });
    expect(audit.actorName).toBe("Ana Cliente (cliente)");
    const notice = await lastMail("troca-a@test.dev", "cliente.email-alterado");
    expect(notice.text).toContain("nova-ana@test.dev");

    // Single use.
    expect(await confirm(token)).toMatchObject({
      status: 400,
      data: { ok: false, formError: EMAIL_CHANGE_MESSAGES.invalidLink },
    });
    // The sign-in links now go to the new address only.
    await requestClientLink({ email: "nova-ana@test.dev", clientIp: "10.9.9.9" });
    expect(await clientLinkTokenFor("nova-ana@test.dev")).toBeTruthy();
  });

  it("a link older than 24 hours is refused and changes nothing", async () => {
    const asked = await requestEmailChange({ clientId: clientA, email: "outra-ana@test.dev" });
    expect(asked.ok).toBe(true);
    const token = tokenIn((await lastMail("outra-ana@test.dev", "cliente.troca-email")).text);
    advanceClock({ days: 1, ms: 60_000 });
    expect(await confirm(token)).toMatchObject({ status: 400 });
    expect(await emailOf(clientA)).toBe("nova-ana@test.dev");
  });
});
