import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";
import { diffFields, listAuditEntries, recordAudit } from "./audit.server";
import { auditActionLabel, auditChanges } from "~/components/admin/audit/audit-labels";

const t = useTestDatabase();

describe("audit log", () => {
  it("records an entry only when the change commits", async () => {
    await t.db
      .transaction(async (tx) => {
        await recordAudit(tx, { actor: { id: "u1", name: "Ana" }, action: "lead.moved", entityType: "lead" });
        throw new Error("rollback");
      })
      .catch(() => {});
    await t.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { id: "u1", name: "Ana" },
        action: "client.updated",
        entityType: "client",
        entityId: "c1",
        entityLabel: "Pizzaria",
        changes: { status: ["ativo", "inativo"] },
      }),
    );
    const rows = await t.db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "client.updated",
      actorName: "Ana",
      changes: { status: ["ativo", "inativo"] },
    });
  });

  it("the database refuses to edit or delete an entry, except a redaction by the anonymiser", async () => {
    const [row] = await t.db.select().from(auditLog);
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow();
    await expect(
      t.db.update(auditLog).set({ actorName: "X" }).where(eq(auditLog.id, row.id)),
    ).rejects.toThrow();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local app.audit_redaction = 'on'`);
      await tx.update(auditLog).set({ entityLabel: "[anonimizado]" }).where(eq(auditLog.id, row.id));
    });
    const [after] = await t.db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(after.entityLabel).toBe("[anonimizado]");
  });

  it("diffFields lists only what changed", () => {
    const d = diffFields<Record<string, unknown>>(
      { a: 1, b: "x", c: new Date("2026-01-01") },
      { a: 1, b: "y", c: new Date("2026-01-02"), s: "k" },
      { omit: ["s"] },
    );
    expect(d).toEqual({ b: ["x", "y"], c: ["2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z"] });
  });
});

describe("the audit page's reads", () => {
  it("filters by person, kind, action and São Paulo days, newest first, keyset-paged", async () => {
    const at = (iso: string) => new Date(iso);
    await t.db.insert(auditLog).values([
      // 02:30 UTC on the 11th is still the 10th in São Paulo.
      {
        actorId: "ana",
        actorName: "Ana",
        action: "plan.updated",
        entityType: "plan",
        at: at("2026-03-11T02:30:00Z"),
      },
      {
        actorId: "ana",
        actorName: "Ana",
        action: "lead.moved",
        entityType: "lead",
        at: at("2026-03-11T12:00:00Z"),
      },
      {
        actorId: "bia",
        actorName: "Bia",
        action: "lead.moved",
        entityType: "lead",
        at: at("2026-03-12T12:00:00Z"),
      },
      {
        actorId: "bia",
        actorName: "Bia",
        action: "lead.deleted",
        entityType: "lead",
        at: at("2026-03-13T12:00:00Z"),
      },
    ]);
    const actions = async (filters: Parameters<typeof listAuditEntries>[0]["filters"]) =>
      (await listAuditEntries({ filters })).rows.map((r) => `${r.actorName} ${r.action}`);
    expect(await actions({ actorId: "ana" })).toEqual(["Ana lead.moved", "Ana plan.updated"]);
    expect(await actions({ entityType: "lead", actorId: "bia" })).toEqual([
      "Bia lead.deleted",
      "Bia lead.moved",
    ]);
    expect(await actions({ action: "lead.moved" })).toEqual(["Bia lead.moved", "Ana lead.moved"]);
    expect(await actions({ from: "2026-03-10", to: "2026-03-10" })).toEqual(["Ana plan.updated"]);
    expect(await actions({ from: "2026-03-11", to: "2026-03-12" })).toEqual([
      "Bia lead.moved",
      "Ana lead.moved",
    ]);

    const first = await listAuditEntries({ filters: { from: "2026-03-01", to: "2026-03-31" }, limit: 3 });
    expect(first.rows).toHaveLength(3);
    const second = await listAuditEntries({
      filters: { from: "2026-03-01", to: "2026-03-31" },
      before: first.next!,
      limit: 3,
    });
    expect(second.rows.map((r) => r.action)).toEqual(["plan.updated"]);
    expect(second.next).toBeNull();
  });

  it("describes entries in pt-BR", () => {
    expect(auditActionLabel("lead.moved")).toBe("Lead movido de etapa");
    expect(auditActionLabel("coisa.nova")).toBe("coisa.nova");
    expect(
      auditChanges({ statusFunil: ["novo", "contatado"], published: [false, true], note: [null, "x"] }),
    ).toEqual([
      { field: "statusFunil", label: "Etapa", before: "Novos Leads", after: "Contatados" },
      { field: "published", label: "Publicado", before: "Não", after: "Sim" },
      { field: "note", label: "Anotação", before: "—", after: "x" },
    ]);
    // Amounts read as money, as on every other page.
    expect(
      auditChanges({ valorPago: [null, 23890] }).map((l) => [l.label, l.before, l.after.replace(/\s/g, " ")]),
    ).toEqual([["Valor pago", "—", "R$ 238,90"]]);
  });
});
