import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";
import { diffFields, recordAudit } from "./audit.server";

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
