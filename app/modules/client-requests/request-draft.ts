import {
  CLIENT_REQUEST_KINDS,
  CLIENT_REQUEST_MESSAGES as M,
  type ClientRequestKind,
} from "./requests.constants";

// Client-safe. "Alterar ou cancelar o plano" in two steps that work without script: a GET
// (`/cliente?kind=…&planId=…`) chooses what, and for a plan change the plan; the page then shows
// that plan change's preview (the same previewPlanChange the charge is made with) and the
// reasons that fit, and a POST sends the request.

export interface RequestDraft {
  kind: ClientRequestKind | null;
  /** A plan the client may move to, for a plan change; null otherwise. */
  planId: string | null;
  errors: Partial<Record<"kind" | "planId", string>>;
}

/**
 * The first step's answer, read from the address (or from a refused POST's fields): null when
 * nothing was chosen yet. `planIds` are the plans the client may move to (not its own).
 */
export function readRequestDraft(
  fields: { kind?: string | null; planId?: string | null } | null,
  planIds: readonly string[],
): RequestDraft | null {
  if (!fields || fields.kind == null) return null;
  const kind = (CLIENT_REQUEST_KINDS as readonly string[]).includes(fields.kind)
    ? (fields.kind as ClientRequestKind)
    : null;
  const planId = kind === "troca_plano" && planIds.includes(fields.planId ?? "") ? fields.planId! : null;
  const errors: RequestDraft["errors"] = {};
  if (!kind) errors.kind = M.kindRequired;
  else if (kind === "troca_plano" && !planId) errors.planId = M.planRequired;
  return { kind, planId, errors };
}

/** The second step (the request itself) is shown for a complete first step. */
export const draftReady = (d: RequestDraft | null): d is RequestDraft & { kind: ClientRequestKind } =>
  Boolean(d?.kind) && Object.keys(d!.errors).length === 0;
