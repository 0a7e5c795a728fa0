import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { onboardingAnswers, onboardingFiles, onboardingItems, onboardings } from "~/db/schema";
import { addBusinessDays } from "~/lib/business-days";
import { isId } from "~/lib/ids";
import {
  CLIENT_STEP_LABELS,
  CLIENT_SUBMISSIONS,
  type ClientSubmission,
  type FileStep,
  SUBMISSION_NEEDS,
  SUBMISSION_TITLES,
  type TextSubmission,
  type UploadMime,
} from "./client-steps.constants";

// What the clients sent for their menus, read back: the client's "Implantação" section, the
// onboarding cards and the stored files' downloads (client-submissions.server writes them).

export interface SubmittedFile {
  id: string;
  step: FileStep;
  name: string;
  mime: UploadMime;
  sizeBytes: number;
  createdAt: Date;
}

const fileColumns = {
  id: onboardingFiles.id,
  clientId: onboardingFiles.clientId,
  step: onboardingFiles.step,
  name: onboardingFiles.name,
  mime: onboardingFiles.mime,
  sizeBytes: onboardingFiles.sizeBytes,
  createdAt: onboardingFiles.createdAt,
};

/** What the clients sent, for their onboarding cards (files without their bytes). */
export async function listSubmissions(clientIds: string[]) {
  const ids = clientIds.filter(isId);
  const byClient = new Map<
    string,
    { files: SubmittedFile[]; answers: Partial<Record<TextSubmission, { value: string; updatedAt: Date }>> }
  >();
  if (!ids.length) return byClient;
  const db = getDb();
  const [files, answers] = await Promise.all([
    db
      .select(fileColumns)
      .from(onboardingFiles)
      .where(inArray(onboardingFiles.clientId, ids))
      .orderBy(asc(onboardingFiles.createdAt), asc(onboardingFiles.id)),
    db.select().from(onboardingAnswers).where(inArray(onboardingAnswers.clientId, ids)),
  ]);
  const entry = (id: string) => {
    let e = byClient.get(id);
    if (!e) byClient.set(id, (e = { files: [], answers: {} }));
    return e;
  };
  for (const { clientId, ...f } of files) entry(clientId).files.push(f);
  for (const a of answers) entry(a.clientId).answers[a.kind] = { value: a.value, updatedAt: a.updatedAt };
  return byClient;
}

/**
 * The "Implantação" section of /cliente: each submission with what it needs, whether it was
 * sent, and the date to send the client's steps by (the first business day after the payment).
 */
export async function getClientSubmissions({ clientId }: { clientId: string }) {
  if (!isId(clientId)) return null;
  const db = getDb();
  const [onboarding] = await db
    .select({ id: onboardings.id, status: onboardings.status, openedOn: onboardings.openedOn })
    .from(onboardings)
    .where(eq(onboardings.clientId, clientId));
  if (!onboarding) return null;
  const [items, sent] = await Promise.all([
    db
      .select({ step: onboardingItems.clientStep, doneAt: onboardingItems.doneAt })
      .from(onboardingItems)
      .where(eq(onboardingItems.onboardingId, onboarding.id)),
    listSubmissions([clientId]),
  ]);
  const { files = [], answers = {} } = sent.get(clientId) ?? {};
  const doneOf = (s: ClientSubmission) =>
    s === "observacao"
      ? Boolean(answers.observacao)
      : Boolean(items.find((i) => i.step === s)?.doneAt) ||
        (s === "cardapio" || s === "logo" ? files.some((f) => f.step === s) : Boolean(answers[s]));
  return {
    published: onboarding.status === "publicado",
    sendBy: addBusinessDays(onboarding.openedOn, 1),
    usedBytes: files.reduce((n, f) => n + f.sizeBytes, 0),
    steps: CLIENT_SUBMISSIONS.map((key) => ({
      key,
      title: SUBMISSION_TITLES[key],
      needs: SUBMISSION_NEEDS[key],
      checklistLabel: key === "observacao" ? null : CLIENT_STEP_LABELS[key],
      done: doneOf(key),
      files: files.filter((f) => f.step === key),
      answer: key === "cardapio" || key === "logo" ? null : (answers[key]?.value ?? null),
    })),
  };
}
export type ClientSubmissions = NonNullable<Awaited<ReturnType<typeof getClientSubmissions>>>;

/** A stored file with its bytes: the client's own (clientId given) or any, for an admin. */
export async function getSubmittedFile({ id, clientId }: { id: string; clientId?: string }) {
  if (!isId(id) || (clientId !== undefined && !isId(clientId))) return null;
  const [row] = await getDb()
    .select({ ...fileColumns, content: onboardingFiles.content })
    .from(onboardingFiles)
    .where(and(eq(onboardingFiles.id, id), clientId ? eq(onboardingFiles.clientId, clientId) : undefined))
    .orderBy(desc(onboardingFiles.createdAt))
    .limit(1);
  return row ?? null;
}

export type CardSubmissions = {
  files: SubmittedFile[];
  answers: Partial<Record<TextSubmission, { value: string; updatedAt: Date }>>;
};

/** Onboarding cards with what their clients sent (the board and the client page). */
export async function withSubmissions<T extends { clientId: string }>(
  rows: T[],
): Promise<(T & { submissions: CardSubmissions })[]> {
  const sent = await listSubmissions(rows.map((r) => r.clientId));
  return rows.map((r) => ({ ...r, submissions: sent.get(r.clientId) ?? { files: [], answers: {} } }));
}
