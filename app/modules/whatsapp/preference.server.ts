import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { clients } from "~/db/schema";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import {
  MESSAGE_PREFERENCE_LABELS,
  MESSAGE_PREFERENCES,
  type MessagePreference,
} from "~/modules/notifications/notifications.constants";
import { now } from "~/server/clock.server";
import { WHATSAPP_MESSAGES } from "./whatsapp.constants";

// The client's channel preference (decision 044): chosen by the client in its area or by an
// admin, audited either way. Null on the row means not chosen, which is "ambos".

export const isMessagePreference = (v: unknown): v is MessagePreference =>
  typeof v === "string" && (MESSAGE_PREFERENCES as readonly string[]).includes(v);

export async function messagePreferenceOf(
  clientId: string,
  db: DbOrTx = getDb(),
): Promise<MessagePreference> {
  const [row] = await db
    .select({ p: clients.messagePreference })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row?.p ?? "ambos";
}

export async function setMessagePreference({
  clientId,
  preference,
  actor,
  db = getDb(),
}: {
  clientId: string;
  preference: string;
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!isMessagePreference(preference)) return { ok: false, message: WHATSAPP_MESSAGES.invalidPreference };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ p: clients.messagePreference, name: clients.businessName })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for("update");
    if (!row) return { ok: false as const, message: WHATSAPP_MESSAGES.clientNotFound };
    const before = row.p ?? "ambos";
    if (before === preference && row.p !== null) return { ok: true as const };
    await tx
      .update(clients)
      .set({ messagePreference: preference, updatedAt: now() })
      .where(eq(clients.id, clientId));
    await recordAudit(tx, {
      actor,
      action: "client.preferencia_de_canal",
      entityType: "client",
      entityId: clientId,
      entityLabel: row.name,
      changes: {
        messagePreference: [MESSAGE_PREFERENCE_LABELS[before], MESSAGE_PREFERENCE_LABELS[preference]],
      },
    });
    return { ok: true as const };
  });
}
