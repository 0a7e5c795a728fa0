import { pixKeyField } from "~/modules/billing/pix.schema";
import { z } from "~/lib/zod";
import {
  DELIVERY_MAX,
  FILE_STEPS,
  HOURS_MAX,
  NOTE_MAX,
  SUBMISSION_MESSAGES as M,
  TEXT_SUBMISSIONS,
} from "./client-steps.constants";

// Client-safe: the forms of the "Implantação" section of /cliente (decision 041). The file's
// own checks (size, type by content) are the server's: a browser cannot be trusted with them.

/** Trimmed, required, at most `max` characters (a text over twice that is refused before trimming). */
const answer = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .max(max * 2, tooLong)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, required).max(max, tooLong));

/** Which form was sent: a file step or a typed answer. */
export const SubmissionIntentSchema = z.object({
  intent: z.enum([...FILE_STEPS, ...TEXT_SUBMISSIONS], { error: M.stepRequired }),
});

export const HoursSchema = z.object({ value: answer(HOURS_MAX, M.hoursRequired, M.hoursTooLong) });
export const DeliverySchema = z.object({
  value: answer(DELIVERY_MAX, M.deliveryRequired, M.deliveryTooLong),
});
// The business's own key, checked and written as the banks' directory keeps it, as ours is.
export const ClientPixSchema = z.object({ value: pixKeyField });
export const NoteSchema = z.object({ value: answer(NOTE_MAX, M.noteRequired, M.noteTooLong) });

/** Each typed answer's schema (each also exported alone, where the input-bounds fuzzer finds it). */
export const AnswerSchemas = {
  horarios: HoursSchema,
  entrega: DeliverySchema,
  pix: ClientPixSchema,
  observacao: NoteSchema,
} as const;
