import { stringify } from "csv-stringify/sync";
import { formatDate, formatIsoDate } from "~/lib/format";
import { csvMoney, neutraliseFormula } from "~/server/http/csv.server";
import {
  COMMISSION_STATE_LABELS,
  listCommissionAdjustments,
  listCommissions,
  listPayouts,
} from "./payouts.server";
import { PAYOUT_METHOD_LABELS } from "./payouts.constants";

export interface StatementLine {
  key: string;
  /** dd/mm/aaaa */
  date: string;
  sortKey: string;
  kind: "Comissão" | "Pagamento" | "Estorno";
  description: string;
  amountCents: number;
  situation: string;
}

/**
 * The representative's statement: every commission (completed referral) and every
 * payout, newest first. Only `representativeId`'s rows are read.
 */
export async function getStatement({
  representativeId,
}: {
  representativeId: string;
}): Promise<StatementLine[]> {
  const [commissions, payouts, adjustments] = await Promise.all([
    listCommissions({ representativeId }),
    listPayouts({ representativeId }),
    listCommissionAdjustments({ representativeId }),
  ]);
  const lines: StatementLine[] = [
    ...commissions.map((c) => ({
      key: `c-${c.referralId}`,
      date: c.completedAt ? formatDate(c.completedAt) : "",
      sortKey: c.completedAt ? c.completedAt.toISOString() : "",
      kind: "Comissão" as const,
      description: `Indicação ${c.businessName}${c.planName ? ` (plano ${c.planName})` : ""}`,
      amountCents: c.amountCents,
      situation:
        c.state === "paga" && c.paidOn
          ? `${COMMISSION_STATE_LABELS.paga} em ${formatIsoDate(c.paidOn)}`
          : COMMISSION_STATE_LABELS[c.state],
    })),
    // A paid commission taken back, a negative line netted from the next payout.
    ...adjustments.map((a) => ({
      key: `a-${a.id}`,
      date: formatDate(a.createdAt),
      sortKey: a.createdAt.toISOString(),
      kind: "Estorno" as const,
      description: `${a.reason}: indicação ${a.businessName}`,
      amountCents: a.amountCents,
      situation: a.nettedOn ? `Descontado no pagamento de ${formatIsoDate(a.nettedOn)}` : "A descontar",
    })),
    ...payouts.map((p) => ({
      key: `p-${p.id}`,
      date: formatIsoDate(p.paidOn),
      sortKey: `${p.paidOn}T23:59:59.999Z`,
      kind: "Pagamento" as const,
      description: [
        `${PAYOUT_METHOD_LABELS[p.method]}`,
        `${p.items} ${p.items === 1 ? "comissão" : "comissões"}`,
        p.reference ? `ref. ${p.reference}` : null,
      ]
        .filter(Boolean)
        .join(" · "),
      amountCents: p.amountCents,
      situation: p.cancelledAt ? `Cancelado em ${formatDate(p.cancelledAt)}` : "Registrado",
    })),
  ];
  return lines.sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0));
}

/** The statement as CSV for Brazilian spreadsheets: UTF-8 BOM, `;`, dd/mm/aaaa, 1.234,56. */
export function statementCsv(lines: StatementLine[]): string {
  const rows = lines.map((l) => [l.date, l.kind, l.description, csvMoney(l.amountCents), l.situation]);
  return (
    "\uFEFF" +
    stringify([["Data", "Tipo", "Descrição", "Valor (R$)", "Situação"], ...rows], {
      delimiter: ";",
      record_delimiter: "\r\n",
      // The export rules of every CSV: a formula is neutralised, a plain negative amount is not.
      cast: { string: (v) => neutraliseFormula(v) },
    })
  );
}
