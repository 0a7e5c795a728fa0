// Client-safe: what the consistency check reports, for the script and Receita's
// "Conferência" section.

/** One disagreement between a figure a page shows and the same figure recomputed from the base tables. */
export interface Difference {
  /** Which check found it ("receita.mrr", "financeiro.cards", …): stable, for grouping and tests. */
  check: string;
  /** What disagrees, in pt-BR, with both values. */
  message: string;
  /** The records behind it (subscriptions, charges, referrals, onboardings, clients). */
  ids: string[];
}

export const CONSISTENCY_MESSAGES = {
  none: "Nenhuma diferença",
  noneFound: "Nenhuma diferença encontrada.",
  failed: "Não foi possível conferir os números agora. Tente de novo em instantes.",
} as const;
