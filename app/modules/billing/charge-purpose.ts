// Client-safe: what a charge is for, as Financeiro's line says it.
import { monthLabel } from "~/lib/dates";
import type { ChargeLineKind } from "./billing.constants";

/** A charge line as the list reads it: its kind and its own description. */
export interface ChargeLineSummary {
  kind: ChargeLineKind;
  description: string;
}

/**
 * "Mensalidade dez/2026" (the month its period starts), "Ativação", or a one-off charge's own
 * description (`oneOff`: the list marks it "Avulsa"); a charge of several lines names them all,
 * in their order ("Mensalidade dez/2026 + Ativação").
 */
export function chargePurpose(c: { lines: ChargeLineSummary[] | null; periodStart: string | null }): {
  label: string;
  oneOff: boolean;
} {
  const parts: string[] = [];
  let oneOff = false;
  for (const line of c.lines ?? []) {
    if (line.kind === "mensalidade")
      parts.push(c.periodStart ? `Mensalidade ${monthLabel(c.periodStart.slice(0, 7))}` : "Mensalidade");
    else if (line.kind === "ativação") parts.push("Ativação");
    else {
      parts.push(line.description);
      oneOff = true;
    }
  }
  return { label: [...new Set(parts)].join(" + ") || "—", oneOff };
}
