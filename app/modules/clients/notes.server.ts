import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { clientNotes } from "~/db/schema";
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

export async function addNote({ clientId, note }: { clientId: string; note: string }): Promise<ClientNote> {
  const [row] = await getDb().insert(clientNotes).values({ clientId, note: note.trim() }).returning();
  return row;
}

/** Deletes a note only if it belongs to `clientId`; false otherwise. */
export async function deleteNote({
  clientId,
  noteId,
}: {
  clientId: string;
  noteId: string;
}): Promise<boolean> {
  if (!isId(clientId) || !isId(noteId)) return false;
  const rows = await getDb()
    .delete(clientNotes)
    .where(and(eq(clientNotes.id, noteId), eq(clientNotes.clientId, clientId)))
    .returning({ id: clientNotes.id });
  return rows.length > 0;
}
