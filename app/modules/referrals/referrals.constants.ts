// Client-safe: referral statuses (SPEC §3), for the forms, the schemas and the database's CHECK
// constraint (app/db/schema/partners.ts).
export const REFERRAL_STATUSES = ["analise", "aguardando_pagamento", "producao", "concluido"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
