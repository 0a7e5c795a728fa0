import { now as clockNow } from "~/server/clock.server";
import { and, desc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { clientNotes, clients } from "~/db/schema";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { isId } from "~/lib/ids";

export type ClientNote = typeof clientNotes.$inferSelect;

/** SPEC §7: a client's notes, newest first. */
export async function listNotes({ clientId }: { clientId: string }): Promise<ClientNote[]> {
  if (!isId(clientId)) return [];
  return getDb()
    .select()
    .from(clientNotes)
    .where(eq(clientNotes.clientId, clientId))
    .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
    .limit(500);
}

export async function addNote({
  clientId,
  note,
  actor = null,
}: {
  clientId: string;
  note: string;
  actor?: Actor | null;
}): Promise<ClientNote> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(clientNotes)
      .values({ clientId, note: note.trim(), createdAt: clockNow() })
      .returning();
    await recordAudit(tx, {
      actor,
      action: "client.note_added",
      entityType: "client",
      entityId: clientId,
      entityLabel: await clientName(tx, clientId),
    });
    return row;
  });
}

/** Deletes a note only if it belongs to `clientId`; false otherwise. */
export async function deleteNote({
  clientId,
  noteId,
  actor = null,
}: {
  clientId: string;
  noteId: string;
  actor?: Actor | null;
}): Promise<boolean> {
  if (!isId(clientId) || !isId(noteId)) return false;
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .delete(clientNotes)
      .where(and(eq(clientNotes.id, noteId), eq(clientNotes.clientId, clientId)))
      .returning({ id: clientNotes.id, note: clientNotes.note });
    if (!rows.length) return false;
    await recordAudit(tx, {
      actor,
      action: "client.note_deleted",
      entityType: "client",
      entityId: clientId,
      entityLabel: await clientName(tx, clientId),
      changes: { note: [rows[0].note, null] },
    });
    return true;
  });
}

/** The client's name for an audit entry's label (null if it is gone). */
export async function clientName(tx: DbOrTx, clientId: string): Promise<string | null> {
  const [row] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  return row?.name ?? null;
}
