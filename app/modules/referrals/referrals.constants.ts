// Client-safe: referral statuses (SPEC §3), for the forms, the schemas and the database's CHECK
// constraint (app/db/schema/partners.ts).
/** The spec's four statuses: the admin's dropdown, the counts, the dashboard chart. */
export const REFERRAL_STATUSES = ["analise", "aguardando_pagamento", "producao", "concluido"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/**
 * Issue 14 item 6: a representative cancels their own referral while it is `analise`. Terminal
 * (nothing leaves it), shown apart and never counted (totals, commissions, conversion).
 */
export const REFERRAL_CANCELLED = "cancelada" as const;
/** Every value the column may hold. */
export const STORED_REFERRAL_STATUSES = [...REFERRAL_STATUSES, REFERRAL_CANCELLED] as const;
export type StoredReferralStatus = (typeof STORED_REFERRAL_STATUSES)[number];
