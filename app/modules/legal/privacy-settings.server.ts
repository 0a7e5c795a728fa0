import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { privacySettings } from "~/db/schema";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { sanitizePostHtml } from "~/modules/blog/index.server";
import { SITE_NAME } from "~/lib/meta";
import { publicContentChanged, untilPublicContentChanges } from "~/server/cache/public-content.server";
import { defaultPrivacyPolicy, defaultTermsOfUse, type Controller } from "./legal-defaults";
import type { PrivacySettingsInput } from "./legal.schema";
import { now as clockNow } from "~/server/clock.server";

export type PrivacySettings = typeof privacySettings.$inferSelect;
export type LegalPageKey = "privacidade" | "termos";

export async function getPrivacySettings(): Promise<PrivacySettings | null> {
  const [row] = await getDb().select().from(privacySettings).where(eq(privacySettings.id, 1));
  return row ?? null;
}

/** Saves Configurações → Privacidade (texts sanitized on save, and again on render). */
export async function savePrivacySettings({
  input,
  actor = null,
}: {
  input: PrivacySettingsInput;
  actor?: Actor | null;
}): Promise<void> {
  const values = {
    companyName: input.companyName,
    contactEmail: input.contactEmail?.toLowerCase() ?? null,
    privacyPolicy: input.privacyPolicy ? sanitizePostHtml(input.privacyPolicy) || null : null,
    termsOfUse: input.termsOfUse ? sanitizePostHtml(input.termsOfUse) || null : null,
    leadRetentionMonths: input.leadRetentionMonths,
    updatedAt: clockNow(),
  };
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(privacySettings).where(eq(privacySettings.id, 1)).for("update");
    await tx
      .insert(privacySettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: privacySettings.id, set: values });
    // The legal texts are long: the log says that they changed, not their whole text.
    const textMark = (v: string | null | undefined) =>
      v ? `texto próprio (${v.length} caracteres)` : "texto padrão";
    const changes = diffFields(
      before
        ? {
            companyName: before.companyName,
            contactEmail: before.contactEmail,
            leadRetentionMonths: before.leadRetentionMonths,
            privacyPolicy: textMark(before.privacyPolicy),
            termsOfUse: textMark(before.termsOfUse),
          }
        : null,
      {
        companyName: values.companyName,
        contactEmail: values.contactEmail,
        leadRetentionMonths: values.leadRetentionMonths,
        privacyPolicy: textMark(values.privacyPolicy),
        termsOfUse: textMark(values.termsOfUse),
      },
    );
    if (before && Object.keys(changes).length === 0) return;
    await recordAudit(tx, {
      actor,
      action: "settings.privacy_updated",
      entityType: "settings",
      entityLabel: "Privacidade",
      changes,
    });
  });
  // /privacidade and /termos are cached public pages.
  await publicContentChanged();
}

function controllerOf(row: PrivacySettings | null): Controller {
  return {
    companyName: row?.companyName || SITE_NAME,
    contactEmail: row?.contactEmail || null,
    leadRetentionMonths: row?.leadRetentionMonths ?? 24,
  };
}

export interface LegalPage {
  html: string;
  /** When the text (or the controller it names) last changed; null: never saved (default text). */
  updatedAt: Date | null;
  /** Short hash of the text: the version a form's notice stores with the lead. */
  version: string;
}

/** The sanitized text of /privacidade or /termos: the admin's own, or the default. */
export function legalPageFrom(row: PrivacySettings | null, page: LegalPageKey): LegalPage {
  const controller = controllerOf(row);
  const own = page === "privacidade" ? row?.privacyPolicy : row?.termsOfUse;
  const html = sanitizePostHtml(
    own || (page === "privacidade" ? defaultPrivacyPolicy(controller) : defaultTermsOfUse(controller)),
  );
  const version = createHash("sha256").update(html).digest("hex").slice(0, 12);
  return { html, updatedAt: row?.updatedAt ?? null, version };
}

export async function getLegalPage({ page }: { page: LegalPageKey }): Promise<LegalPage> {
  return legalPageFrom(await getPrivacySettings(), page);
}

/**
 * The version of the privacy policy a form shows right now (stored with the lead). Kept until
 * public content changes (saving these settings says so): every contact submission asks, and
 * computing it means a query and a sanitize of the whole policy.
 */
export const currentPrivacyVersion: () => Promise<string> = untilPublicContentChanges(
  async () => (await getLegalPage({ page: "privacidade" })).version,
);
