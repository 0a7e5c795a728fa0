import { desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { representativeMaterials } from "~/db/schema";
import type { MaterialInput } from "./materials.schema";

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

export async function createMaterial({ input }: { input: MaterialInput }): Promise<Material> {
  const [row] = await getDb().insert(representativeMaterials).values(input).returning();
  return row;
}

export async function deleteMaterial({ id }: { id: string }): Promise<boolean> {
  const rows = await getDb()
    .delete(representativeMaterials)
    .where(eq(representativeMaterials.id, id))
    .returning({ id: representativeMaterials.id });
  return rows.length > 0;
}
