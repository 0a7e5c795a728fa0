import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { representatives } from "~/db/schema";
import { isId } from "~/lib/ids";
import type { PixKeyType } from "./profile.constants";
import type { RepresentativeProfile } from "./profile.schema";
import { type Actor, recordAudit } from "~/modules/audit/index.server";

// A representative's payout details (phone, Pix key, document): their own page and the admin's
// payout screen read them, only the representative saves them.

export interface RepresentativeProfileRow {
  phone: string | null;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  document: string | null;
}

/** The payout details of one representative (their own page, or the admin's payout screen). */
export async function getRepresentativeProfile({
  representativeId,
}: {
  representativeId: string;
}): Promise<RepresentativeProfileRow | null> {
  if (!isId(representativeId)) return null;
  const [row] = await getDb()
    .select({
      phone: representatives.phone,
      pixKeyType: representatives.pixKeyType,
      pixKey: representatives.pixKey,
      document: representatives.document,
    })
    .from(representatives)
    .where(eq(representatives.id, representativeId));
  return row ?? null;
}

/** Saves the signed-in representative's payout details (audited, without the values: personal data). */
export async function saveRepresentativeProfile({
  representativeId,
  input,
  actor,
}: {
  representativeId: string;
  input: RepresentativeProfile;
  actor: Actor;
}): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({
        phone: representatives.phone,
        pixKeyType: representatives.pixKeyType,
        pixKey: representatives.pixKey,
        document: representatives.document,
      })
      .from(representatives)
      .where(eq(representatives.id, representativeId))
      .for("update");
    if (!before) return;
    await tx.update(representatives).set(input).where(eq(representatives.id, representativeId));
    const changed = Object.keys(input).filter(
      (k) => before[k as keyof typeof before] !== input[k as keyof RepresentativeProfile],
    );
    if (changed.length > 0) {
      await recordAudit(tx, {
        actor,
        action: "representative.profile_updated",
        entityType: "representative",
        entityId: representativeId,
        // Which fields changed, not their values (personal data stays out of the audit log).
        changes: { fields: [null, changed] },
      });
    }
  });
}
