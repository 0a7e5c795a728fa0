import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads, mailMessages } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";
import { anonymiseExpiredLostLeads, MAIL_BODY_PURGED, purgeOldMailBodies } from "./retention.server";

const t = useTestDatabase();
const NOW = new Date("2026-11-23T12:00:00Z");
const monthsAgo = (m: number) => {
  const d = new Date(NOW);
  d.setMonth(d.getMonth() - m);
  return d;
};

async function lead(name: string, status: "perdido" | "novo", updatedAt: Date) {
  const [row] = await t.db
    .insert(leads)
    .values({
      name,
      email: `${name.toLowerCase()}@lead.dev`,
      phone: "31988887777",
      business: `Negócio ${name}`,
      plan: "Premium",
      message: `Mensagem de ${name}`,
      status,
      statusFunil: status,
      lostNote: status === "perdido" ? `Nota de ${name}` : null,
      createdAt: updatedAt,
      updatedAt,
    })
    .returning();
  return row;
}

describe("retention (LGPD)", () => {
  it("anonymises only the leads lost before the cutoff", async () => {
    const old = await lead("Antigo", "perdido", monthsAgo(25));
    const recent = await lead("Recente", "perdido", monthsAgo(23));
    const open = await lead("Aberto", "novo", monthsAgo(30));
    expect(await anonymiseExpiredLostLeads({ now: NOW, months: 24 })).toBe(1);
    const [a] = await t.db.select().from(leads).where(eq(leads.id, old.id));
    expect(a).toMatchObject({
      name: "Anonimizado",
      business: "Anonimizado",
      message: null,
      lostNote: null,
      statusFunil: "perdido",
    });
    expect(a.email).toMatch(/@anonimizado\.invalid$/);
    const [r] = await t.db.select().from(leads).where(eq(leads.id, recent.id));
    expect(r.name).toBe("Recente");
    const [o] = await t.db.select().from(leads).where(eq(leads.id, open.id));
    expect(o.name).toBe("Aberto");
    // Already anonymised leads are not counted again; the setting's default is 24 months.
    expect(await anonymiseExpiredLostLeads({ now: NOW })).toBe(0);
  });

  it("empties mail-log bodies older than 90 days (sent ones), keeping newer and pending messages", async () => {
    const day = 24 * 60 * 60 * 1000;
    const rows = await t.db
      .insert(mailMessages)
      .values([
        {
          kind: "x",
          toAddress: "a@a.dev",
          subject: "Velho",
          html: "<p>corpo</p>",
          text: "corpo",
          status: "enviado",
          createdAt: new Date(NOW.getTime() - 91 * day),
        },
        {
          kind: "x",
          toAddress: "b@b.dev",
          subject: "Novo",
          html: "<p>corpo</p>",
          text: "corpo",
          status: "enviado",
          createdAt: new Date(NOW.getTime() - 89 * day),
        },
        {
          kind: "x",
          toAddress: "c@c.dev",
          subject: "Pendente",
          html: "<p>corpo</p>",
          text: "corpo",
          status: "pendente",
          createdAt: new Date(NOW.getTime() - 120 * day),
        },
      ])
      .returning();
    expect(await purgeOldMailBodies({ now: NOW })).toBe(1);
    const after = await t.db.select().from(mailMessages);
    const bySubject = Object.fromEntries(after.map((m) => [m.subject, m]));
    expect(bySubject.Velho).toMatchObject({
      html: MAIL_BODY_PURGED,
      text: MAIL_BODY_PURGED,
      toAddress: "a@a.dev",
    });
    expect(bySubject.Novo.text).toBe("corpo");
    expect(bySubject.Pendente.text).toBe("corpo");
    expect(rows).toHaveLength(3);
    expect(await purgeOldMailBodies({ now: NOW })).toBe(0);
  });
});
