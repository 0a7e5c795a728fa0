import { Link } from "react-router";
import { DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatMoney } from "~/lib/format";
import { MRR_MOVEMENT_LABELS, MRR_MOVEMENTS, type MrrMovement } from "~/modules/revenue/revenue.constants";
import { monthLabel } from "~/lib/dates";
import { formatRate, signedCents } from "~/modules/revenue/revenue.format";
import type { RevenueClientRow, RevenueMonth } from "~/modules/revenue/revenue.server";

const td = "px-3 py-2 text-right tabular-nums whitespace-nowrap";

function drill(month: string, movement: MrrMovement) {
  return `/admin/revenue?mes=${month}&movimento=${movement}#clientes`;
}

/**
 * The twelve months, newest first, in two tables that each fit a laptop's column (one
 * table of thirteen columns was cut at 1366 px): the movements (each links to the clients behind
 * it), then churn, retention and LTV.
 */
export function RevenueMonthsTable({ months, selected }: { months: RevenueMonth[]; selected: string }) {
  const newestFirst = [...months].reverse();
  return (
    <div className="grid gap-4">
      <DataTable
        caption="Movimentos de MRR por mês"
        head={
          <>
            <Th>Mês</Th>
            <Th right>MRR inicial</Th>
            {MRR_MOVEMENTS.map((m) => (
              <Th key={m} right>
                {MRR_MOVEMENT_LABELS[m]}
              </Th>
            ))}
            <Th right>MRR final</Th>
          </>
        }
      >
        {newestFirst.map((m) => (
          <tr key={m.month} className={m.month === selected ? "bg-brand-50" : undefined}>
            <MonthCell month={m.month} selected={selected} />
            <td className={td}>{formatMoney(m.startCents)}</td>
            {MRR_MOVEMENTS.map((mv) => {
              const { cents, clients } = m.movements[mv];
              const sign = mv === "contracao" || mv === "churn" ? "−" : "+";
              return (
                <td key={mv} className={td}>
                  {clients > 0 ? (
                    <Link
                      to={drill(m.month, mv)}
                      className="tap text-brand-700 hover:underline"
                      aria-label={`${MRR_MOVEMENT_LABELS[mv]} em ${monthLabel(m.month)}: ${formatMoney(cents)}, ${clients} cliente(s)`}
                    >
                      {sign}
                      {formatMoney(cents)}
                    </Link>
                  ) : (
                    <span className="text-slate-600">{formatMoney(0)}</span>
                  )}
                </td>
              );
            })}
            <td className={`${td} font-semibold`}>{formatMoney(m.endCents)}</td>
          </tr>
        ))}
      </DataTable>
      <DataTable
        caption="Churn, retenção e LTV por mês"
        head={
          <>
            <Th>Mês</Th>
            <Th right>Churn de clientes</Th>
            <Th right>Churn de receita</Th>
            <Th right>Retenção líquida</Th>
            <Th right>LTV</Th>
          </>
        }
      >
        {newestFirst.map((m) => (
          <tr key={m.month} className={m.month === selected ? "bg-brand-50" : undefined}>
            <MonthCell month={m.month} selected={selected} />
            <td className={td}>{formatRate(m.logoChurn)}</td>
            <td className={td}>{formatRate(m.revenueChurn)}</td>
            <td className={td}>{formatRate(m.netRetention)}</td>
            <td className={td}>{m.ltvCents === null ? "—" : formatMoney(m.ltvCents)}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function MonthCell({ month, selected }: { month: string; selected: string }) {
  return (
    <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
      <Link
        to={`/admin/revenue?mes=${month}`}
        aria-current={month === selected ? "true" : undefined}
        className="tap text-brand-700 hover:underline"
      >
        {monthLabel(month)}
      </Link>
    </th>
  );
}

/** The drill-down: who made one month's movement. */
export function RevenueClientsTable({
  rows,
  month,
  movement,
}: {
  rows: RevenueClientRow[];
  month: string;
  movement: MrrMovement;
}) {
  return (
    <DataTable
      caption={`${MRR_MOVEMENT_LABELS[movement]} em ${monthLabel(month)}`}
      head={
        <>
          <Th>Cliente</Th>
          <Th>Negócio</Th>
          <Th right>Variação do MRR</Th>
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyRow colSpan={3}>Nenhum cliente neste movimento.</EmptyRow>
      ) : (
        rows.map((r) => (
          <tr key={r.clientId}>
            <td className="px-4 py-2">
              <Link to={`/admin/clients/edit/${r.clientId}`} className="text-brand-700 hover:underline">
                {r.name}
              </Link>
            </td>
            <td className="px-4 py-2">{r.businessName}</td>
            <td className={td}>{formatMoney(signedCents(r))}</td>
          </tr>
        ))
      )}
    </DataTable>
  );
}
