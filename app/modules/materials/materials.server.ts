import { desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { representativeMaterials } from "~/db/schema";
import type { MaterialInput } from "./materials.schema";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { now as clockNow } from "~/server/clock.server";

export type Material = typeof representativeMaterials.$inferSelect;
/** What the portal shows of a material. */
export type PortalMaterial = Pick<
  Material,
  "id" | "title" | "description" | "materialType" | "driveUrl" | "textContent"
>;

/** SPEC §7: all materials newest first (few rows by nature; admins add them by hand). */
export async function listMaterials(): Promise<Material[]> {
  return getDb()
    .select()
    .from(representativeMaterials)
    .orderBy(desc(representativeMaterials.createdAt))
    .limit(500);
}

export async function createMaterial({
  input,
  actor = null,
}: {
  input: MaterialInput;
  actor?: Actor | null;
}): Promise<Material> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(representativeMaterials).values(input).returning();
    await recordAudit(tx, {
      actor,
      action: "material.created",
      entityType: "material",
      entityId: row.id,
      entityLabel: row.title,
      changes: diffFields(null, { title: row.title, materialType: row.materialType }),
    });
    return row;
  });
}

/** Replaces a material's fields; false when it no longer exists. */
export async function updateMaterial({
  id,
  input,
  actor = null,
}: {
  id: string;
  input: MaterialInput;
  actor?: Actor | null;
}): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(representativeMaterials)
      .where(eq(representativeMaterials.id, id))
      .for("update");
    if (!before) return false;
    await tx
      .update(representativeMaterials)
      .set({ ...input, updatedAt: clockNow() })
      .where(eq(representativeMaterials.id, id));
    await recordAudit(tx, {
      actor,
      action: "material.updated",
      entityType: "material",
      entityId: id,
      entityLabel: input.title,
      changes: diffFields(before as Record<string, unknown>, input as Record<string, unknown>),
    });
    return true;
  });
}

export async function deleteMaterial({
  id,
  actor = null,
}: {
  id: string;
  actor?: Actor | null;
}): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .delete(representativeMaterials)
      .where(eq(representativeMaterials.id, id))
      .returning({ id: representativeMaterials.id, title: representativeMaterials.title });
    if (!rows.length) return false;
    await recordAudit(tx, {
      actor,
      action: "material.deleted",
      entityType: "material",
      entityId: id,
      entityLabel: rows[0].title,
      changes: { title: [rows[0].title, null] },
    });
    return true;
  });
}
