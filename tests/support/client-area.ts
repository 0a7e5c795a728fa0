import { and, desc, eq } from "drizzle-orm";
import { getDb } from "../../app/db/client.server";
import { clients, mailMessages, rateLimits } from "../../app/db/schema";
import { openClientSession, requestClientLink } from "../../app/modules/client-area/client-session.server";
import { drainJobs } from "../../app/server/jobs/queue.server";
import { CLIENT_REQUEST_MESSAGES } from "../../app/modules/client-requests/requests.constants";
import { expect } from "vitest";
import { cookieFrom, flashMessage, get, type Outcome } from "./requests";

let seq = 0;

/** A client row (no subscription); `email` lower-case. */
export async function makeClient(email: string, name = "Cliente Teste", businessName = "Restaurante Teste") {
  const [row] = await getDb()
    .insert(clients)
    .values({ name, email, phone: "11999990000", businessName })
    .returning({ id: clients.id });
  return row.id;
}

/** The token of the latest sign-in link e-mailed to `to` (kept in the log: no SMTP in tests). */
export async function clientLinkTokenFor(to: string): Promise<string | null> {
  await drainJobs();
  const [last] = await getDb()
    .select({ text: mailMessages.text })
    .from(mailMessages)
    .where(and(eq(mailMessages.toAddress, to), eq(mailMessages.kind, "cliente.link-acesso")))
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  if (!last) return null;
  const href = /https?:\/\/[^\s"<>]+\/cliente\/entrar\/confirmar\?token=[^\s"<>]+/.exec(last.text)?.[0];
  return href ? new URL(href.replaceAll("&amp;", "&")).searchParams.get("token") : null;
}

/** A signed-in /cliente session cookie for the client of `email`, through the real link flow. */
export async function clientCookie(email: string): Promise<string> {
  // A helper, not a test of the limit: many sessions of one client in a file stay under it.
  await getDb().delete(rateLimits);
  await requestClientLink({ email, clientIp: `10.250.${++seq % 250}.${seq % 250}` });
  const token = await clientLinkTokenFor(email);
  if (!token) throw new Error(`no sign-in link mailed to ${email}`);
  return cookieFrom(await openClientSession(get("/cliente/entrar/confirmar"), token));
}

/** A request sent at /cliente: back to its section (PRG), "Pedido enviado" in the flash toast. */
export async function expectRequestSent(r: Outcome) {
  expect(r.status).toBe(302);
  expect(r.location).toBe("/cliente#alterar-plano");
  expect(await flashMessage(r)).toBe(CLIENT_REQUEST_MESSAGES.created);
}
