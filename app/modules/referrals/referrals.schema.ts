import { z } from "~/lib/zod";
import {
  REFERRAL_CANCELLED,
  REFERRAL_STATUSES,
  STORED_REFERRAL_STATUSES,
  type PipelineCause,
  type ReferralCancelCause,
  type ReferralStatus,
  type StoredReferralStatus,
} from "./referrals.constants";

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  analise: "Em análise",
  aguardando_pagamento: "Aguardando pagamento",
  producao: "Em produção",
  concluido: "Concluído",
};

export const REFERRAL_CANCELLED_LABEL = "Cancelada";

/** The label of any stored status, `cancelada` included. */
export function referralStatusLabel(status: StoredReferralStatus): string {
  return status === REFERRAL_CANCELLED ? REFERRAL_CANCELLED_LABEL : REFERRAL_STATUS_LABELS[status];
}

/** Why a referral is cancelled, as the team reads it (list, referral page, history). */
export const REFERRAL_CANCEL_CAUSE_LABELS: Record<ReferralCancelCause, string> = {
  representante: "Cancelada pelo representante",
  lead_perdido: "Cancelada porque o lead foi marcado como perdido",
};

/**
 * Why a referral is cancelled, as its representative reads it (Minhas Indicações, the e-mail):
 * a lost lead says so, with the reason the team chose (the category, never the team's own note).
 */
export function referralCancelNote(cause: ReferralCancelCause | null, lostReason: string | null = null) {
  if (cause === "representante") return "Você cancelou esta indicação.";
  if (cause === "lead_perdido") {
    const why = lostReason ? ` Motivo: ${lostReason}.` : "";
    return `Cancelada porque o lead foi marcado como perdido pela nossa equipe.${why}`;
  }
  return null;
}

/** What the representative's e-mail adds to a status change, when it has a why. */
export function referralMoveNote({
  from,
  to,
  cause,
  lostReason = null,
}: {
  from: StoredReferralStatus;
  to: StoredReferralStatus;
  cause?: PipelineCause;
  lostReason?: string | null;
}): string | null {
  if (to === REFERRAL_CANCELLED && cause === "lead_lost")
    return referralCancelNote("lead_perdido", lostReason);
  if (from === REFERRAL_CANCELLED) {
    return cause === "lead_resumed"
      ? "O lead foi retomado pela nossa equipe e a indicação voltou para análise."
      : "A indicação foi reaberta pela nossa equipe.";
  }
  return null;
}

/** What the admin's dropdown may set (the spec's four). */
export const ReferralStatusSchema = z.enum(REFERRAL_STATUSES);
/** A list filter: the four, or `cancelada` to see the cancelled ones. */
export const ReferralFilterStatusSchema = z.enum(STORED_REFERRAL_STATUSES);
