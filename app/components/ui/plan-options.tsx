import { formatMoney } from "~/lib/format";

/** A plan select's options, each "Nome (R$ 0,00/mês)": one wording wherever a plan is chosen. */
export function PlanOptions({ plans }: { plans: { id: string; name: string; priceCents: number }[] }) {
  return plans.map((p) => (
    <option key={p.id} value={p.id}>
      {p.name} ({formatMoney(p.priceCents)}/mês)
    </option>
  ));
}
