import { isId } from "~/lib/ids";
import type { FieldErrors } from "~/lib/validation";
import { z } from "~/lib/zod";
import {
  CLIENT_REQUEST_DETAILS_MAX,
  CLIENT_REQUEST_KINDS,
  CLIENT_REQUEST_MESSAGE_MAX,
  CLIENT_REQUEST_MESSAGES as M,
  CANCELLATION_REASONS,
  CLIENT_REQUEST_REASONS,
  type ClientRequestReason,
} from "./requests.constants";

// Client-safe: the two forms of a restaurant's request, as the actions check them.

/** An absent or file field reads as empty text, as the forms leave them. */
const text = (max: number, message: string) => z.string().max(max, message).optional().default("");

/** Trimmed, then at most `max` characters (a text over twice that is refused before trimming). */
const trimmed = (max: number, message: string) =>
  text(max * 2, message)
    .transform((v) => v.trim())
    .pipe(z.string().max(max, message));

/**
 * "Enviar pedido" at /cliente: what, for a plan change the new plan, and why, for a cancellation
 * (one of its reasons) or a move to a cheaper plan (checked against the plans' prices when the
 * request is made: createClientRequest); an upgrade's reason is not asked and not kept.
 */
export const ClientRequestSchema = z
  .object({
    kind: z.enum(CLIENT_REQUEST_KINDS, { error: M.kindRequired }),
    // Empty or absent: none given. Which reasons a request needs is checked with its kind (below) and,
    // for a plan change, with the plans' prices (createClientRequest).
    reason: z
      .string({ error: M.reasonRequired })
      .max(64, M.reasonRequired)
      .optional()
      .transform((v) => v ?? "")
      .refine((v) => v === "" || (CLIENT_REQUEST_REASONS as readonly string[]).includes(v), {
        error: M.reasonRequired,
      })
      .transform((v) => (v || null) as ClientRequestReason | null),
    // Read only for a plan change (then it must be a plan's id); ignored otherwise, whatever it is.
    planId: z.string().max(64).catch(""),
    details: trimmed(CLIENT_REQUEST_DETAILS_MAX, M.detailsTooLong),
  })
  // Checked even when another field is wrong, so every message shows at once.
  .refine((v) => v.kind !== "troca_plano" || isId(v.planId), {
    path: ["planId"],
    error: M.planRequired,
    when: (p) => (p.value as { kind?: unknown }).kind === "troca_plano",
  })
  .refine(
    (v) => v.kind !== "cancelamento" || (CANCELLATION_REASONS as readonly unknown[]).includes(v.reason),
    {
      path: ["reason"],
      error: M.reasonRequired,
      when: (p) => (p.value as { kind?: unknown }).kind === "cancelamento",
    },
  );
export type ClientRequestInput = z.output<typeof ClientRequestSchema>;

/** An admin's answer: accept or refuse (a refusal says why to the client), and when it takes effect. */
export const ClientRequestDecisionSchema = z
  .object({
    decision: z.enum(["aceitar", "recusar"], { error: M.decisionRequired }),
    message: trimmed(CLIENT_REQUEST_MESSAGE_MAX, M.messageTooLong),
    // Which moments are allowed depends on the request's kind: checked against it when deciding.
    when: text(64, M.whenRequired),
  })
  .refine((v) => v.decision !== "recusar" || v.message.length > 0, {
    path: ["message"],
    error: M.messageRequired,
  });
export type ClientRequestDecision = z.output<typeof ClientRequestDecisionSchema>;

/**
 * A refused request as its pages show it: the message of the first field in the form's order
 * (the one the person reads first), with every field's message (`only`: just that one, where
 * the page has a place for a single answer).
 */
export function requestRefusal(errors: FieldErrors, { only = false } = {}) {
  const order = ["kind", "planId", "reason", "details", "decision", "message", "when"];
  const first = order.find((k) => errors[k]) ?? Object.keys(errors)[0];
  const message = errors[first] ?? M.kindRequired;
  return { ok: false as const, message, fieldErrors: only ? { [first]: message } : errors };
}
