import { Link, useSearchParams } from "react-router";
import { Card } from "~/components/admin/ui";
import { CONSISTENCY_MESSAGES, type Difference } from "~/modules/consistency/consistency.constants";

/**
 * "Conferência": the consistency check, run only when asked (?conferencia=1),
 * since it recomputes every figure from the base tables. Lists each difference with the ids of
 * the records behind it.
 */
export function ConsistencySection({ differences }: { differences: Difference[] | "erro" | null }) {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.set("conferencia", "1");
  return (
    <section id="conferencia" aria-labelledby="conferencia-titulo" className="mt-6">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="conferencia-titulo" className="text-base font-semibold text-slate-900">
            Conferência
          </h2>
          <Link
            to={`?${next.toString()}#conferencia`}
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {differences ? "Conferir de novo" : "Conferir números"}
          </Link>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Recalcula MRR, movimentos, cards do Financeiro e do dashboard, indicações e implantações a partir
          das assinaturas, do histórico e das cobranças, e lista o que não bate.
        </p>
        {differences === "erro" && (
          <p role="status" className="mt-4 text-sm font-medium text-red-700">
            {CONSISTENCY_MESSAGES.failed}
          </p>
        )}
        {Array.isArray(differences) && differences.length === 0 && (
          <p role="status" className="mt-4 text-sm font-medium text-emerald-700">
            {CONSISTENCY_MESSAGES.noneFound}
          </p>
        )}
        {Array.isArray(differences) && differences.length > 0 && (
          <>
            <p role="status" className="mt-4 text-sm font-medium text-amber-800">
              {differences.length} diferença(s) encontrada(s).
            </p>
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {differences.map((d, i) => (
                <li key={i} className="py-2">
                  <p className="text-slate-900">{d.message}</p>
                  {d.ids.length > 0 && (
                    <p className="mt-0.5 font-mono text-xs break-all text-slate-500">
                      ids: {d.ids.join(", ")}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
    </section>
  );
}
