import { z } from "~/lib/zod";
import { REFERRAL_STATUSES, type ReferralStatus } from "./referrals.constants";

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  analise: "Em análise",
  aguardando_pagamento: "Aguardando pagamento",
  producao: "Em produção",
  concluido: "Concluído",
};

export const ReferralStatusSchema = z.enum(REFERRAL_STATUSES);
