import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { settings } from "~/db/schema";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { onPublicContentChanged, publicContentChanged } from "~/server/cache/public-content.server";
import { now as clockNow } from "~/server/clock.server";

export type Settings = typeof settings.$inferSelect;
/** The four spec tabs' fields (the notification addresses and the support address are saved on their own). */
export type SettingsInput = Omit<Settings, "id" | "updatedAt" | "leadAlertEmails" | "supportEmail">;

/** SPEC §9: settings cached 5 minutes, on the server (DESIGN §5), cleared at once on save. */
export const SETTINGS_TTL_MS = 5 * 60 * 1000;
let cache: { value: Settings | null; at: number } | null = null;
/**
 * Bumped by every invalidation. A read that started before a save may get the old row back
 * after the save has cleared the cache: it must not put that row back (for 5 minutes, and into
 * every public page rendered meanwhile), so it is cached only if no invalidation happened since
 * it started.
 */
let generation = 0;

/** The single settings record (null when it was never saved: callers use the defaults). */
export async function getSettings({ fresh = false }: { fresh?: boolean } = {}): Promise<Settings | null> {
  // eslint-disable-next-line no-restricted-syntax -- elapsed time of an in-memory cache, not the business's 'now'
  if (!fresh && cache && Date.now() - cache.at < SETTINGS_TTL_MS) return cache.value;
  const startedAt = generation;
  const [row] = await getDb().select().from(settings).where(eq(settings.id, 1));
  const value = row ?? null;
  // eslint-disable-next-line no-restricted-syntax -- elapsed time of an in-memory cache, not the business's 'now'
  if (startedAt === generation) cache = { value, at: Date.now() };
  return value;
}

/**
 * "E-mail de atendimento" (Configurações → Notificações), read through `db` (the transaction that
 * queues a client's e-mail) and never from the cache: null when not set.
 */
export async function getSupportEmail(db: DbOrTx = getDb()): Promise<string | null> {
  const [row] = await db
    .select({ supportEmail: settings.supportEmail })
    .from(settings)
    .where(eq(settings.id, 1));
  return row?.supportEmail?.trim() || null;
}

export function invalidateSettingsCache() {
  generation++;
  cache = null;
}

// Any change of public content (here or on another instance) may be a settings save: the next
// read goes to the database.
onPublicContentChanged(invalidateSettingsCache);

/** Upsert on id = 1 with all fields plus updated_at; the public cache is cleared at once. */
export async function saveSettings({
  input,
  actor = null,
}: {
  input: SettingsInput;
  actor?: Actor | null;
}): Promise<Settings> {
  const now = clockNow();
  const row = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
    const [saved] = await tx
      .insert(settings)
      .values({ id: 1, ...input, updatedAt: now })
      .onConflictDoUpdate({ target: settings.id, set: { ...input, updatedAt: now } })
      .returning();
    await recordAudit(tx, {
      actor,
      action: "settings.updated",
      entityType: "settings",
      entityLabel: "Configurações do site",
      changes: diffFields(before ?? null, input as Record<string, unknown>),
    });
    return saved;
  });
  // Public pages render settings (SEO, tracking): their cached copies and this cache go, on every
  // instance (this module listens to the same event).
  await publicContentChanged();
  return row;
}

/**
 * Settings → Notificações: extra addresses for the new-lead alert (lower-cased, unique) and the
 * "E-mail de atendimento" (the Reply-To of client e-mails; null clears it, undefined keeps it).
 */
export async function saveLeadAlertEmails({
  emails,
  supportEmail,
  actor = null,
}: {
  emails: string[];
  supportEmail?: string | null;
  actor?: Actor | null;
}): Promise<void> {
  const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const values = {
    leadAlertEmails: unique,
    ...(supportEmail === undefined ? {} : { supportEmail: supportEmail?.trim().toLowerCase() || null }),
  };
  const now = clockNow();
  await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ leadAlertEmails: settings.leadAlertEmails, supportEmail: settings.supportEmail })
      .from(settings)
      .where(eq(settings.id, 1))
      .for("update");
    await tx
      .insert(settings)
      .values({ id: 1, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: settings.id, set: { ...values, updatedAt: now } });
    await recordAudit(tx, {
      actor,
      action: "settings.notifications_updated",
      entityType: "settings",
      entityLabel: "Notificações",
      changes: diffFields(before ?? null, values),
    });
  });
  invalidateSettingsCache();
}
