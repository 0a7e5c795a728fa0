import type { Actor } from "~/modules/audit/index.server";
import { SUBMISSION_MESSAGES as M, type ClientSubmission, type FileStep } from "./client-steps.constants";
import { AnswerSchemas, SubmissionIntentSchema } from "./client-steps.schema";
import { saveClientAnswer, saveClientFile } from "./client-submissions.server";

export type SubmissionReply = {
  ok: boolean;
  /** Which form answered (the page shows the message next to it). */
  intent: ClientSubmission | null;
  message: string;
  /** What was typed, kept when refused. */
  value?: string;
};

/** One post of the "Implantação" section (decision 041): a file of a file step, or a typed answer. */
export async function submitFromForm(
  { fields, files: sent }: { fields: Record<string, string>; files: Record<string, File[]> },
  clientId: string,
  actor: Actor,
): Promise<SubmissionReply> {
  const which = SubmissionIntentSchema.safeParse(fields);
  if (!which.success) return { ok: false, intent: null, message: M.stepRequired };
  const intent = which.data.intent;
  if (intent === "cardapio" || intent === "logo") {
    const files = sent.arquivo ?? [];
    const file = files[0];
    if (!file || (file.size === 0 && !file.name)) return { ok: false, intent, message: M.fileRequired };
    // One file per post: the limit and the message are per file.
    if (files.length > 1) return { ok: false, intent, message: M.oneFile };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const r = await saveClientFile({ clientId, step: intent as FileStep, name: file.name, bytes, actor });
    return { ...r, intent };
  }
  const parsed = AnswerSchemas[intent].safeParse(fields);
  if (!parsed.success)
    return {
      ok: false,
      intent,
      message: parsed.error.issues[0].message,
      value: fields.value?.slice(0, 4000),
    };
  const r = await saveClientAnswer({ clientId, kind: intent, value: parsed.data.value, actor });
  return { ...r, intent, ...(r.ok ? {} : { value: parsed.data.value }) };
}
