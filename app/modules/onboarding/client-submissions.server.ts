import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { clients, onboardingAnswers, onboardingFiles, onboardingItems, onboardings } from "~/db/schema";
import { isId } from "~/lib/ids";
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "~/lib/uploads";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { adminEmails } from "~/modules/notifications/index.server";
import { now } from "~/server/clock.server";
import {
  CLIENT_FILES_MAX_BYTES,
  type ClientStep,
  FILE_NAME_MAX,
  MIME_DESCRIPTIONS,
  type FileStep,
  formatBytes,
  STEP_MIMES,
  SUBMISSION_MESSAGES as M,
  SUBMISSION_TITLES,
  type TextSubmission,
  type UploadMime,
} from "./client-steps.constants";
import { detectFileType, MIME_EXTENSIONS, mismatchedExtension } from "./file-type";
import { queueTeamMail } from "./submission-mail.server";

/**
 * What the restaurant sends for its menu at /cliente (decision 041): files
 * (menu, logo) kept in the database and typed answers (hours, delivery, PIX key, note). Each
 * submission is one transaction with the client row locked: the 50 MB total is checked there, the
 * checklist step is ticked, the audit entry written and the team's e-mails queued (submission-mail).
 * Every function takes the client id from the session (or an admin's page), never from a form.
 * What was sent is read back in client-submission-reads.
 */

export type SubmissionResult = { ok: true; message: string } | { ok: false; message: string };

type SubmissionState = "none" | "open" | "published";

/** The client's onboarding as a submission needs it, locked with the client row. */
async function lockForSubmission(tx: DbOrTx, clientId: string) {
  const [client] = await tx
    .select({ id: clients.id, name: clients.name, businessName: clients.businessName })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for("update");
  if (!client) return null;
  const [onboarding] = await tx
    .select({ id: onboardings.id, status: onboardings.status })
    .from(onboardings)
    .where(eq(onboardings.clientId, clientId));
  const state: SubmissionState = !onboarding
    ? "none"
    : onboarding.status === "publicado"
      ? "published"
      : "open";
  return { client, onboarding: onboarding ?? null, state };
}

const refusal = (state: SubmissionState): SubmissionResult | null =>
  state === "none"
    ? { ok: false, message: M.noOnboarding }
    : state === "published"
      ? { ok: false, message: M.published }
      : null;

/** Ticks the client's step (once: a second menu file leaves the first tick as it was). */
async function tickStep(tx: DbOrTx, onboardingId: string, step: ClientStep, actor: Actor) {
  const [item] = await tx
    .update(onboardingItems)
    .set({ doneAt: now(), doneById: actor.id, doneByName: actor.name })
    .where(
      and(
        eq(onboardingItems.onboardingId, onboardingId),
        eq(onboardingItems.clientStep, step),
        isNull(onboardingItems.doneAt),
      ),
    )
    .returning({ label: onboardingItems.label });
  if (!item) return null;
  // The first tick starts the onboarding, as the team's ticks do.
  const moved = await tx
    .update(onboardings)
    .set({ status: "em_andamento", updatedAt: now() })
    .where(and(eq(onboardings.id, onboardingId), eq(onboardings.status, "a_fazer")))
    .returning({ id: onboardings.id });
  return { label: item.label, moved: moved.length > 0 };
}

/** A file name safe to store and show: no path, no control characters, at most FILE_NAME_MAX. */
export function cleanFileName(raw: string, mime: UploadMime): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  if (!clean) return `arquivo.${MIME_EXTENSIONS[mime]}`;
  // A phone's camera may send a name without extension: the download gets the detected one.
  return /\.[^.\s]{1,10}$/.test(clean) ? clean : `${clean}.${MIME_EXTENSIONS[mime]}`;
}

/**
 * "Enviar" of the menu or the logo. The bytes decide the type (a renamed or foreign file is
 * refused); the client's files stay within 50 MB, checked with the client row locked so two
 * uploads at once cannot pass it together. Nothing is stored when anything is refused.
 */
export async function saveClientFile({
  clientId,
  step,
  name,
  bytes,
  actor,
}: {
  clientId: string;
  step: FileStep;
  name: string;
  bytes: Uint8Array;
  actor: Actor;
}): Promise<SubmissionResult> {
  if (!isId(clientId)) return { ok: false, message: M.noOnboarding };
  if (bytes.byteLength === 0) return { ok: false, message: M.fileEmpty };
  if (bytes.byteLength > UPLOAD_MAX_BYTES) return { ok: false, message: UPLOAD_TOO_LARGE_MESSAGE };
  if (name.length > FILE_NAME_MAX * 2) return { ok: false, message: M.fileNameTooLong };
  const mime = detectFileType(bytes);
  if (!mime) return { ok: false, message: M.fileType };
  if (!STEP_MIMES[step].includes(mime)) return { ok: false, message: M.logoType };
  const fileName = cleanFileName(name, mime);
  if (fileName.length > FILE_NAME_MAX) return { ok: false, message: M.fileNameTooLong };
  const ext = mismatchedExtension(fileName, mime);
  if (ext) return { ok: false, message: M.nameMismatch(ext, MIME_DESCRIPTIONS[mime]) };
  const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sha256 = createHash("sha256").update(content).digest("hex");
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  const team = await adminEmails();
  return getDb().transaction(async (tx): Promise<SubmissionResult> => {
    const found = await lockForSubmission(tx, clientId);
    if (!found) return { ok: false, message: M.noOnboarding };
    const refused = refusal(found.state);
    if (refused) return refused;
    const [{ used }] = await tx
      .select({ used: sql<number>`coalesce(sum(${onboardingFiles.sizeBytes}), 0)::bigint` })
      .from(onboardingFiles)
      .where(eq(onboardingFiles.clientId, clientId));
    if (Number(used) + content.byteLength > CLIENT_FILES_MAX_BYTES)
      return { ok: false, message: M.quotaFull(formatMb(Number(used))) };
    const [file] = await tx
      .insert(onboardingFiles)
      .values({ clientId, step, name: fileName, mime, sizeBytes: content.byteLength, sha256, content })
      .returning({ id: onboardingFiles.id });
    const ticked = await tickStep(tx, found.onboarding!.id, step, actor);
    await recordAudit(tx, {
      actor,
      action: "onboarding.client_file_sent",
      entityType: "onboarding",
      entityId: found.onboarding!.id,
      entityLabel: found.client.name,
      changes: {
        envio: [null, SUBMISSION_TITLES[step]],
        arquivo: [null, fileName],
        tipo: [null, mime],
        tamanho: [null, content.byteLength],
        ...(ticked ? { item: [null, ticked.label] } : {}),
        ...(ticked?.moved ? { status: ["a_fazer", "em_andamento"] } : {}),
      },
    });
    await queueTeamMail(tx, team, {
      clientId,
      clientName: found.client.name,
      businessName: found.client.businessName,
      title: SUBMISSION_TITLES[step],
      detail: `${fileName} (${formatBytes(content.byteLength)})`,
      stepLabel: ticked?.label ?? null,
    });
    return file ? { ok: true, message: M.fileSaved } : { ok: false, message: M.error };
  });
}

const formatMb = (n: number) => (n / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 });

/** Hours, delivery areas and fees, the PIX key (already checked and normalised) or the note. */
export async function saveClientAnswer({
  clientId,
  kind,
  value,
  actor,
}: {
  clientId: string;
  kind: TextSubmission;
  value: string;
  actor: Actor;
}): Promise<SubmissionResult> {
  if (!isId(clientId)) return { ok: false, message: M.noOnboarding };
  const team = await adminEmails();
  return getDb().transaction(async (tx): Promise<SubmissionResult> => {
    const found = await lockForSubmission(tx, clientId);
    if (!found) return { ok: false, message: M.noOnboarding };
    const refused = refusal(found.state);
    if (refused) return refused;
    const [before] = await tx
      .select({ id: onboardingAnswers.id })
      .from(onboardingAnswers)
      .where(and(eq(onboardingAnswers.clientId, clientId), eq(onboardingAnswers.kind, kind)));
    if (before)
      await tx
        .update(onboardingAnswers)
        .set({ value, updatedAt: now() })
        .where(eq(onboardingAnswers.id, before.id));
    else await tx.insert(onboardingAnswers).values({ clientId, kind, value, updatedAt: now() });
    const ticked = kind === "observacao" ? null : await tickStep(tx, found.onboarding!.id, kind, actor);
    // What was typed goes to the team's e-mail and the card, not to the audit log (a PIX key is
    // personal data; the log says what was sent and when).
    await recordAudit(tx, {
      actor,
      action: "onboarding.client_info_sent",
      entityType: "onboarding",
      entityId: found.onboarding!.id,
      entityLabel: found.client.name,
      changes: {
        envio: [null, SUBMISSION_TITLES[kind]],
        ...(ticked ? { item: [null, ticked.label] } : {}),
        ...(ticked?.moved ? { status: ["a_fazer", "em_andamento"] } : {}),
      },
    });
    await queueTeamMail(tx, team, {
      clientId,
      clientName: found.client.name,
      businessName: found.client.businessName,
      title: SUBMISSION_TITLES[kind],
      detail: value,
      stepLabel: ticked?.label ?? null,
    });
    return { ok: true, message: M.textSaved };
  });
}
