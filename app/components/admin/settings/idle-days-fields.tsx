import { TextField } from "~/components/ui/form";
import type { OpenStage } from "~/modules/leads/leads.constants";
import { OPEN_STAGES, STAGE_LABELS } from "~/modules/leads/leads.schema";

/** Settings → Funil: per open stage, the days without a change before a card says "parado há N dias". */
export function IdleDaysFields({
  values,
  errors,
}: {
  values: Record<OpenStage, number>;
  errors?: Record<string, string | undefined>;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">
        Lead parado: avisar depois de quantos dias
      </legend>
      <p className="mt-1 text-xs text-slate-600">
        O cartão mostra “parado há N dias” quando o lead fica esse tempo sem mudança na etapa.
      </p>
      <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {OPEN_STAGES.map((s) => (
          <TextField
            key={s}
            label={STAGE_LABELS[s]}
            name={`idle_${s}`}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            defaultValue={values[s]}
            error={errors?.[`idle_${s}`]}
          />
        ))}
      </div>
    </fieldset>
  );
}
