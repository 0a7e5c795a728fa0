// Client-safe: referral statuses (SPEC §3), for the forms, the schemas and the database's CHECK
// constraint (app/db/schema/partners.ts).
/** The spec's four statuses: the admin's dropdown, the counts, the dashboard chart. */
export const REFERRAL_STATUSES = ["analise", "aguardando_pagamento", "producao", "concluido"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/**
 * A representative cancels their own referral while it is `analise`. Terminal
 * (nothing leaves it), shown apart and never counted (totals, commissions, conversion).
 */
export const REFERRAL_CANCELLED = "cancelada" as const;
/** Every value the column may hold. */
export const STORED_REFERRAL_STATUSES = [...REFERRAL_STATUSES, REFERRAL_CANCELLED] as const;
export type StoredReferralStatus = (typeof STORED_REFERRAL_STATUSES)[number];

/**
 * Why a referral is `cancelada`, kept on the row while it is (null otherwise): its
 * representative cancelled it, or its lead was marked lost (and "Retomar" brings it back).
 */
export const REFERRAL_CANCEL_CAUSES = ["representante", "lead_perdido"] as const;
export type ReferralCancelCause = (typeof REFERRAL_CANCEL_CAUSES)[number];

/**
 * The automatic moves of a referral, each allowed only from the statuses listed (see
 * pipeline.server.ts), with the reason its history shows. Here (client-safe, re-exported by the
 * schema) so the demo data writes the same history.
 */
export const PIPELINE_CAUSES = {
  lead_converted: {
    from: ["analise"],
    to: "aguardando_pagamento",
    reason: "Lead convertido em cliente",
  },
  first_charge_paid: {
    from: ["analise", "aguardando_pagamento"],
    to: "producao",
    reason: "Pagamento da primeira cobrança confirmado",
  },
  onboarding_published: {
    from: ["analise", "aguardando_pagamento", "producao"],
    to: "concluido",
    reason: "Implantação publicada",
  },
  lead_lost: {
    from: ["analise", "aguardando_pagamento"],
    to: "cancelada",
    reason: "Lead perdido",
    cancelCause: "lead_perdido",
  },
  // "Retomar" on the lost lead brings back the referral its loss cancelled (only that
  // one: a referral its representative cancelled stays cancelled).
  lead_resumed: {
    from: ["cancelada"],
    onlyCancelledBy: "lead_perdido",
    to: "analise",
    reason: "Lead retomado",
  },
  // A refund after publication also lands here: the commission is then reversed.
  payment_reversed: {
    from: ["producao", "concluido"],
    to: "aguardando_pagamento",
    reason: "Primeira cobrança cancelada ou estornada",
  },
} as const satisfies Record<
  string,
  {
    from: readonly StoredReferralStatus[];
    to: StoredReferralStatus;
    reason: string;
    /** Moving to `cancelada`: the cause stored on the row. */
    cancelCause?: ReferralCancelCause;
    /** Leaving `cancelada`: only a referral cancelled for this cause moves. */
    onlyCancelledBy?: ReferralCancelCause;
  }
>;
export type PipelineCause = keyof typeof PIPELINE_CAUSES;

/** The audit log's field for the cause, shown on the referral's history. */
export const PIPELINE_REASON_FIELD = "motivo";
