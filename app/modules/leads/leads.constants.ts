// Client-safe: the funnel stages (SPEC §4) in column order, for the board, the schemas and the
// database's CHECK constraint (app/db/schema/leads.ts).
export const FUNNEL_STAGES = [
  "novo",
  "contatado",
  "qualificado",
  "negociando",
  "convertido",
  "perdido",
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** The stages where a lead is still worked (and can sit idle). */
export type OpenStage = Exclude<FunnelStage, "convertido" | "perdido">;

/**
 * "Parado há N dias": days without a change before an open lead's card says so, per
 * stage, until the funnel settings say otherwise. A new lead was promised an answer within 24 h.
 */
export const IDLE_DAYS_DEFAULTS: Record<OpenStage, number> = {
  novo: 1,
  contatado: 3,
  qualificado: 7,
  negociando: 7,
};
