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
