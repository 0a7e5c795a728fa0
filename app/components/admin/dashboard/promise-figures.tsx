import { Card } from "~/components/admin/ui";

/** The figures as the loader sends them (PromiseFigures from the onboarding module). */
export interface PromiseFiguresData {
  dueDays: number;
  targetDays: number;
  windows: {
    days: number;
    onboarding: {
      published: number;
      withOpenSteps: number;
      withinDueShare: number | null;
      withinTargetShare: number | null;
      medianDays: number | null;
    };
    leads: { leads: number; within24hShare: number | null; medianHours: number | null };
  }[];
}

const pct = (v: number | null) => (v === null ? "—" : `${v}%`);
const num = (v: number | null, unit: string) =>
  v === null ? "—" : `${v.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} ${unit}`;

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900">{value}</dd>
      <dd className="text-xs text-slate-500">{hint}</dd>
    </div>
  );
}

/**
 * "Nossas promessas": the landing's two promises over the last 30 and 90 days,
 * onboarding in business days and first contact with leads within 24 hours. Self-contained.
 */
export function PromiseFigures({ figures }: { figures: PromiseFiguresData | null }) {
  return (
    <section aria-label="Nossas promessas" className="mt-6">
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Nossas promessas</h2>
        {!figures ? (
          <p className="mt-2 text-sm text-slate-600">Erro ao carregar os indicadores das promessas</p>
        ) : (
          <div className="mt-3 grid grid-cols-1 gap-6 md:grid-cols-2">
            {figures.windows.map((w) => (
              <div key={w.days} aria-label={`Últimos ${w.days} dias`} role="group">
                <h3 className="text-sm font-semibold text-slate-700">Últimos {w.days} dias</h3>
                <dl className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-3">
                  <Figure
                    label={`Implantações no prazo (até ${figures.dueDays} dias úteis)`}
                    value={pct(w.onboarding.withinDueShare)}
                    hint={
                      w.onboarding.withOpenSteps
                        ? `${w.onboarding.published} publicadas, ${w.onboarding.withOpenSteps} com etapas em aberto`
                        : `${w.onboarding.published} publicadas`
                    }
                  />
                  <Figure
                    label={`Na meta (até ${figures.targetDays} dias úteis)`}
                    value={pct(w.onboarding.withinTargetShare)}
                    hint="das publicadas"
                  />
                  <Figure
                    label="Mediana da implantação"
                    value={num(w.onboarding.medianDays, "dias úteis")}
                    hint="do pagamento à publicação, com o checklist completo"
                  />
                  <Figure
                    label="Leads contatados em 24 horas"
                    value={pct(w.leads.within24hShare)}
                    hint={`${w.leads.leads} leads com 24 horas completas`}
                  />
                  <Figure
                    label="Mediana até o 1º contato"
                    value={num(w.leads.medianHours, "horas")}
                    hint="dos leads contatados"
                  />
                </dl>
              </div>
            ))}
          </div>
        )}
      </Card>
    </section>
  );
}
