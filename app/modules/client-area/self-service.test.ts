// The client changes their own contact name and phone and downloads their data;
// the id is always the session's, bad input changes nothing, and B never sees A's rows.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, clients } from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { createOneOffCharge } from "~/modules/billing/billing.server";
import * as dados from "~/routes/cliente/dados";
import * as meusDados from "~/routes/cliente/meus-dados";
import { closeMailTransport } from "~/server/mail/transport.server";
import { clientCookie, makeClient } from "../../../tests/support/client-area";
import { useTestDatabase } from "../../../tests/support/db";
import { context, flashMessage, get, outcome, post } from "../../../tests/support/requests";

const t = useTestDatabase();
const A = "dados-a@test.dev";
const B = "dados-b@test.dev";
let clientA = "";
let clientB = "";
let cookieA = "";
let cookieB = "";

const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
const save = (form: Record<string, string>, cookie: string) =>
  outcome(() => dados.action(args(post("/cliente/dados", form, cookie))));

beforeAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  closeMailTransport();
  clientA = await makeClient(A, "Ana Cliente", "Cantina da Ana");
  clientB = await makeClient(B, "Beto Cliente", "Bar do Beto");
  cookieA = await clientCookie(A);
  cookieB = await clientCookie(B);
  const made = await createOneOffCharge({
    clientId: clientA,
    input: { description: "Fotos do cardápio da Ana", amountCents: 15000, dueDate: "2026-12-10" },
    today: "2026-11-28",
  });
  expect(made.ok).toBe(true);
});

describe("Seus dados", () => {
  it("shows the client's own contact and saves a new name and phone, audited", async () => {
    const page = await outcome(() => dados.loader(args(get("/cliente/dados", cookieA))));
    expect(page.data).toMatchObject({ contact: { name: "Ana Cliente", phone: "(11) 99999-0000", email: A } });

    const saved = await save({ name: "Ana Souza", phone: "(21) 98888-7777", clientId: clientB }, cookieA);
    // Saved: back to the page with the toast (PRG, decision 046).
    expect(saved).toMatchObject({ status: 302, location: "/cliente/dados" });
    expect(await flashMessage(saved)).toBe("Dados atualizados.");
    const [a] = await t.db.select().from(clients).where(eq(clients.id, clientA));
    expect({ name: a.name, phone: a.phone }).toEqual({ name: "Ana Souza", phone: "21988887777" });
    // The id in the form is ignored: B is untouched.
    const [b] = await t.db.select().from(clients).where(eq(clients.id, clientB));
    expect(b.name).toBe("Beto Cliente");
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, clientA));
    expect(audit.map((r) => [r.action, r.actorName])).toContainEqual([
      "client.updated",
      "Ana Cliente (cliente)",
    ]);
  });

  it("refuses bad input with the client form's messages and changes nothing", async () => {
    const before = await t.db.select().from(clients).where(eq(clients.id, clientA));
    const bad = await save({ name: "", phone: "123" }, cookieA);
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({
      fieldErrors: { name: "Informe o nome do cliente.", phone: "Telefone inválido. Use (99) 99999-9999." },
    });
    const long = await save({ name: "x".repeat(5000), phone: "\u0000" }, cookieA);
    expect(long.status).toBe(400);
    expect(await t.db.select().from(clients).where(eq(clients.id, clientA))).toEqual(before);
  });

  it("downloads the client's own data and nothing of another client", async () => {
    const mine = await outcome(() => meusDados.loader(args(get("/cliente/meus-dados.json", cookieA))));
    expect(mine.status).toBe(200);
    expect(mine.headers?.get("content-disposition")).toMatch(
      /attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(mine.data).toMatchObject({
      client: { id: clientA, email: A },
      charges: [{ amountCents: 15000, lines: [{ kind: "avulsa", description: "Fotos do cardápio da Ana" }] }],
    });
    const theirs = await outcome(() => meusDados.loader(args(get("/cliente/meus-dados.json", cookieB))));
    expect(theirs.data).toMatchObject({ client: { id: clientB }, charges: [], requests: [] });
    expect(JSON.stringify(theirs.data)).not.toContain("Ana");
    const anon = await outcome(() => meusDados.loader(args(get("/cliente/meus-dados.json"))));
    expect(anon.location).toBe("/cliente/entrar");
  });
});
