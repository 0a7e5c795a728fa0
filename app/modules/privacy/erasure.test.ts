import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import {
  auditLog,
  leads,
  mailMessages,
  referrals,
  representatives,
  user,
  webhookDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import { changeName } from "~/modules/accounts/account.server";
import type { AuthSession } from "~/modules/auth/session.server";
import { createLead } from "~/modules/leads/contact.server";
import { moveLead } from "~/modules/leads/move-lead.server";
import { addLeadNote } from "~/modules/leads/lead.server";
import { queueMail } from "~/server/mail/mail.server";
import { hitRateLimit } from "~/server/rate-limit/rate-limit.server";
import { insertJobs } from "~/server/jobs/queue.server";
import { useTestDatabase } from "../../../tests/support/db";
import { anonymiseLeadRows, anonymiseSubject, LastAdminAnonymiseError } from "./data-subject-erase.server";
import { findSubjectData, subjectCsv, subjectQueryFrom } from "./data-subject-find.server";

// The LGPD tools find one person by their ids, exact e-mail and phone digits
// only, erase them completely, and leave everyone else (and the audit history of others) alone.

const t = useTestDatabase();
const ADMIN = { id: "admin-27", name: "Beatriz Admin" };

async function lead(name: string, email: string, phone: string, business: string, referralCode?: string) {
  const row = await createLead({
    input: {
      name,
      email,
      phone,
      business,
      message: `Olá, sou ${name}`,
      plan: "",
      acceptsPrivacy: true,
    } as never,
    plan: "Premium",
    isRepresentative: false,
    attribution: null,
    referralCode,
  });
  return row.id;
}

async function everything(): Promise<string> {
  const tables = await queryRows<{ s: string; n: string }>(
    t.db,
    sql`select schemaname as s, tablename as n from pg_tables where schemaname in ('public', 'pgboss')`,
  );
  let all = "";
  for (const { s, n } of tables)
    all += JSON.stringify(await queryRows(t.db, sql.raw(`select * from "${s}"."${n}"`)));
  return all.toLowerCase();
}

let ana: string;
let filho: string;
let novo: string;
let repCode: string;
let endpointId: string;

beforeAll(async () => {
  await t.db
    .insert(user)
    .values({ id: ADMIN.id, name: ADMIN.name, email: "beatriz@empresa.dev", role: "admin" });
  const [repUser] = await t.db
    .insert(user)
    .values({ id: randomUUID(), name: "Rita Rep", email: "rita@rep.dev", role: "representative" })
    .returning();
  const [rep] = await t.db
    .insert(representatives)
    .values({ name: "Rita Rep", email: "rita@rep.dev", authId: repUser.id })
    .returning();
  repCode = rep.referralCode;
  const [endpoint] = await t.db
    .insert(webhookEndpoints)
    .values({ url: "https://hooks.dev/x", events: ["lead.created"], secretEncrypted: "x" })
    .returning();
  endpointId = endpoint.id;
  // Ana arrives by Rita's link; "Ana Souza Filho" is someone else; so is "Novo lead" / "contatado".
  ana = await lead("Ana Souza", "ana.souza@exemplo.dev", "(21) 98765-4321", "Doces da Ana", repCode);
  filho = await lead("Ana Souza Filho", "filho@exemplo.dev", "(21) 97777-1111", "Doces da Ana Filho");
  novo = await lead("Outra Pessoa", "outra@exemplo.dev", "(31) 96666-2222", "Lanchonete Novo lead");
  for (const [id, name, email] of [
    [ana, "Ana Souza", "ana.souza@exemplo.dev"],
    [filho, "Ana Souza Filho", "filho@exemplo.dev"],
    [novo, "Outra Pessoa", "outra@exemplo.dev"],
  ]) {
    await queueMail(t.db, {
      kind: "lead.novo",
      to: "beatriz@empresa.dev",
      subject: `Novo lead: ${name}`,
      html: `<p>${name} ${email}</p>`,
      text: `${name} ${email}`,
      dedupeKey: `ev-${id}:beatriz@empresa.dev`,
      entity: { type: "lead", id },
    });
    await t.db.insert(webhookDeliveries).values({
      endpointId,
      event: "lead.created",
      eventId: randomUUID(),
      body: JSON.stringify({ lead: { id, name, email, status: "contatado" } }),
    });
  }
  // The daily digest: both leads, linked by id in its HTML, no entity of its own.
  await queueMail(t.db, {
    kind: "assinaturas.resumo",
    to: "beatriz@empresa.dev",
    subject: "Resumo do dia",
    html: `<a href="/admin/leads/${ana}">Ana Souza</a> <a href="/admin/leads/${filho}">Ana Souza Filho</a>`,
    text: "Ana Souza · Ana Souza Filho",
  });
  // A message to Ana herself (its dedupe key names her address).
  await queueMail(t.db, {
    kind: "x",
    to: "ana.souza@exemplo.dev",
    subject: "Seu pedido",
    html: "<p>Olá</p>",
    text: "Olá",
    dedupeKey: "ev-1:ana.souza@exemplo.dev",
  });
  await addLeadNote({ leadId: ana, note: "Ana Souza pediu retorno", actor: ADMIN });
  await moveLead({
    id: ana,
    from: "novo",
    to: "perdido",
    lost: { reason: "Outro", note: "Ana desistiu" },
    actor: ADMIN,
  });
  await moveLead({ id: filho, from: "novo", to: "contatado", actor: ADMIN });
  await moveLead({ id: novo, from: "novo", to: "contatado", actor: ADMIN });
  // A webhook receiver's echo kept by pg-boss: the job of Ana's delivery, then archived.
  const [delivery] = await t.db
    .select()
    .from(webhookDeliveries)
    .where(sql`${webhookDeliveries.body} like ${`%${ana}%`}`);
  await insertJobs([{ name: "webhooks.deliver", data: { deliveryId: delivery.id } }]);
  await t.db.execute(
    sql`update pgboss.job set output = ${JSON.stringify({ message: "erro 400: lead Ana Souza (ana.souza@exemplo.dev) inválido" })}::jsonb
         where data->>'deliveryId' = ${delivery.id}`,
  );
  await t.db.execute(
    sql`insert into pgboss.archive select j.*, now() from pgboss.job j where data->>'deliveryId' = ${delivery.id}`,
  );
  await hitRateLimit("password-reset", "ana.souza@exemplo.dev");
});

describe("erasure of one person", () => {
  it("finds only the person's rows: not those of a lead named 'Novo lead' or 'Ana Souza Filho'", async () => {
    const d = await findSubjectData({ query: subjectQueryFrom("outra@exemplo.dev")! });
    expect(d.mailMessages.map((m) => m.entityId)).toEqual([novo]);
    expect(d.webhookDeliveries).toHaveLength(1);
    expect(d.auditLog.every((a) => a.entityId === novo)).toBe(true);
    const a = await findSubjectData({ query: subjectQueryFrom("ana.souza@exemplo.dev")! });
    // (The daily digest that links both leads is hers too; it is emptied whole, see decision 019.)
    const json = JSON.stringify({
      ...a,
      mailMessages: a.mailMessages.filter((m) => m.kind !== "assinaturas.resumo"),
    }).toLowerCase();
    expect(json).not.toContain("filho");
    expect(json).not.toContain("outra");
    // Her referral (by Rita's link) is found with her lead.
    expect(a.referrals.map((r) => r.leadId)).toEqual([ana]);
  });

  it("exports a CSV whose cells cannot run as formulas", async () => {
    const id = await lead(
      '=HYPERLINK("https://evil.dev","x")',
      "formula@exemplo.dev",
      "(11) 95555-3333",
      "+cmd|calc",
    );
    const csv = subjectCsv(await findSubjectData({ query: subjectQueryFrom("formula@exemplo.dev")! }));
    expect(csv).toContain(`Leads;${id};name;"'=HYPERLINK(""https://evil.dev"",""x"")"`);
    expect(csv).toContain(`Leads;${id};business;'+cmd|calc`);
    expect(csv).not.toMatch(/;[=+@]/);
  });

  it("anonymises her everywhere, and leaves 'Ana Souza Filho' and the others as they were", async () => {
    const others = async () => ({
      leads: await t.db
        .select()
        .from(leads)
        .where(sql`${leads.id} in (${filho}, ${novo})`),
      mail: await t.db
        .select()
        .from(mailMessages)
        .where(sql`${mailMessages.entityId} in (${filho}, ${novo})`),
      hooks: await t.db
        .select()
        .from(webhookDeliveries)
        .where(
          sql`${webhookDeliveries.body} like ${`%${filho}%`} or ${webhookDeliveries.body} like ${`%${novo}%`}`,
        ),
      audit: await t.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.entityId} in (${filho}, ${novo})`),
    });
    const before = await others();
    expect(before.audit.some((a) => JSON.stringify(a.changes).includes('"contatado"'))).toBe(true);
    await anonymiseSubject({ query: subjectQueryFrom("ana.souza@exemplo.dev")!, actor: ADMIN });
    expect(await others()).toEqual(before);

    const all = await everything();
    for (const trace of ["ana.souza@exemplo.dev", "98765-4321", "987654321", 'doces da ana"', "ana desistiu"])
      expect(
        all.match(new RegExp(`.{0,80}${trace.replace(/[.()]/g, "\\$&")}.{0,40}`, "g")),
        trace,
      ).toBeNull();
    // "Ana Souza" survives only inside "Ana Souza Filho".
    expect(all.replace(/ana souza filho/g, "")).not.toContain("ana souza");
    const [ref] = await t.db.select().from(referrals).where(eq(referrals.leadId, ana));
    expect(ref).toMatchObject({
      contactName: "Anonimizado",
      businessName: "Anonimizado",
      contactPhone: "00000000000",
    });
    const [moved] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${ana} and ${auditLog.action} = 'lead.moved'`);
    expect(moved.changes).toEqual({
      statusFunil: ["novo", "perdido"],
      motivoPerda: [null, "Outro: [anonimizado]"],
    });
  });

  it("anonymises a user's name in the entries they made and in their renames", async () => {
    const me = {
      user: { id: ADMIN.id, name: ADMIN.name, email: "beatriz@empresa.dev", role: "admin" },
    } as AuthSession;
    await changeName(me, "Beatriz Nova");
    // The only active admin cannot be anonymised (she would be deactivated): nothing changes.
    const before = await everything();
    await expect(
      anonymiseSubject({ query: subjectQueryFrom("beatriz@empresa.dev")!, actor: null }),
    ).rejects.toBeInstanceOf(LastAdminAnonymiseError);
    expect(await everything()).toBe(before);
    await t.db
      .insert(user)
      .values({ id: randomUUID(), name: "Outra Admin", email: "outra@empresa.dev", role: "admin" });
    await anonymiseSubject({ query: subjectQueryFrom("beatriz@empresa.dev")!, actor: null });
    const all = await everything();
    expect(all).not.toContain("beatriz admin");
    expect(all).not.toContain("beatriz nova");
    expect(all).not.toContain("beatriz@empresa.dev");
  });

  it("retention anonymises a lost lead's referral (by its lead and by its phone) and its logs", async () => {
    const id = await lead("Carlos Lima", "carlos@exemplo.dev", "(41) 94444-5555", "Bar do Carlos", repCode);
    // The same person referred again by the wizard, with the phone typed another way.
    await t.db.insert(referrals).values({
      businessName: "Bar do Carlos",
      contactName: "Carlos Lima",
      contactPhone: "+55 41 94444 5555",
      status: "analise",
    });
    const rows = await t.db.select().from(leads).where(eq(leads.id, id));
    await t.db.transaction((tx) => anonymiseLeadRows(tx, rows));
    const all = await everything();
    expect(all).not.toContain("carlos");
    expect(all).not.toContain("944445555");
  });
});
