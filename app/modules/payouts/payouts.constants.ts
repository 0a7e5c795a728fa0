// Client-safe: how a payout is made, for the form, the schema and the CHECK constraint.
export const PAYOUT_METHODS = ["pix", "transferencia"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  pix: "PIX",
  transferencia: "Transferência",
};
