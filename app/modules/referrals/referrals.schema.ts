import { z } from "~/lib/zod";
import {
  REFERRAL_CANCELLED,
  REFERRAL_STATUSES,
  STORED_REFERRAL_STATUSES,
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

/** What the admin's dropdown may set (the spec's four). */
export const ReferralStatusSchema = z.enum(REFERRAL_STATUSES);
/** A list filter: the four, or `cancelada` to see the cancelled ones. */
export const ReferralFilterStatusSchema = z.enum(STORED_REFERRAL_STATUSES);
