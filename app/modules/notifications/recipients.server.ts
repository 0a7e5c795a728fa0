import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema";
import { getSettings } from "~/modules/settings/index.server";

/** Every active admin's e-mail (the team; invited and deactivated admins get nothing). */
export async function adminEmails(): Promise<string[]> {
  const rows = await getDb()
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.role, "admin"), eq(user.status, "active")));
  return rows.map((r) => r.email);
}

/** Who gets the new-lead alert: the admins plus Settings → Notificações, without repeats. */
export async function leadAlertRecipients(): Promise<string[]> {
  const [admins, settings] = await Promise.all([adminEmails(), getSettings({ fresh: true })]);
  const all = [...admins, ...(settings?.leadAlertEmails ?? [])].map((e) => e.trim().toLowerCase());
  return [...new Set(all.filter(Boolean))];
}
