import { z } from "~/lib/zod";
import { parseMoneyToCents } from "~/lib/format";

export const PLAN_MESSAGES = {
  created: "Plano criado com sucesso!",
  updated: "Plano atualizado com sucesso!",
  deleted: "Plano excluído com sucesso!",
  createFailed: "Erro ao criar plano",
  updateFailed: "Erro ao atualizar plano",
  deleteFailed: "Erro ao excluir plano",
  loadFailed: "Erro ao carregar dados do plano",
  listFailed: "Erro ao carregar planos",
  moneyInvalid: "Preço e taxa de ativação devem ser valores numéricos.",
  commissionInvalid:
    "Comissão do representante deve ser um valor numérico (deixe vazio para a regra padrão).",
  nameRequired: "Informe o nome do plano.",
  nameTooLong: "O nome deve ter no máximo 100 caracteres.",
  priceRequired: "Informe o preço mensal.",
  setupFeeRequired: "Informe a taxa de ativação (use 0 se não houver).",
  descriptionTooLong: "A descrição deve ter no máximo 2000 caracteres.",
  featureTooLong: "Cada funcionalidade deve ter no máximo 200 caracteres.",
  tooManyFeatures: "Um plano pode ter no máximo 30 funcionalidades.",
  featuresInvalid: "Lista de funcionalidades inválida.",
  invalidText: "O texto contém caracteres inválidos.",
  duplicateFeature: (f: string) => `A funcionalidade "${f}" já está na lista.`,
} as const;

/** Two features are the same when they differ only in case, accents or spacing. */
export function featureKey(feature: string): string {
  return feature
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("pt-BR")
    .replace(/\s+/g, " ")
    .trim();
}

/** Text with a NUL byte is refused: PostgreSQL cannot store it in a text column. */
const noNul = (v: string) => !v.includes("\u0000");

/** Said before a delete is confirmed: "em uso por 1 cliente" / "em uso por 3 clientes". */
export function planUsageText(count: number): string {
  return `em uso por ${count} ${count === 1 ? "cliente" : "clientes"}`;
}

export function planInUseMessage(count: number): string {
  return `Não é possível excluir este plano. Existem ${count} clientes associados a ele.`;
}

export const FEATURE_MAX_LENGTH = 200;
export const MAX_FEATURES = 30;

/** A money text ("19,90", "19.90", "R$ 1.234,56") → integer cents, with the spec's message. */
const money = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(20, PLAN_MESSAGES.moneyInvalid)
    .transform((value, ctx) => {
      const cents = parseMoneyToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: PLAN_MESSAGES.moneyInvalid });
        return z.NEVER;
      }
      return cents;
    });

/**
 * SPEC §2/§5 plan form. Field names are the form's; `features` comes from repeated inputs
 * (FormData.getAll), `isPopular` from a checkbox (present → true).
 */
export const PlanSchema = z.object({
  name: z
    .string({ error: PLAN_MESSAGES.nameRequired })
    .trim()
    .min(1, PLAN_MESSAGES.nameRequired)
    .max(100, PLAN_MESSAGES.nameTooLong)
    .refine(noNul, PLAN_MESSAGES.invalidText),
  price: money(PLAN_MESSAGES.priceRequired),
  setupFee: money(PLAN_MESSAGES.setupFeeRequired),
  // Empty → null, and the plan gets the spec's rule (see plans.server planValues).
  commission: z
    .string({ error: PLAN_MESSAGES.commissionInvalid })
    .trim()
    .max(20, PLAN_MESSAGES.commissionInvalid)
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const cents = parseMoneyToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: PLAN_MESSAGES.commissionInvalid });
        return z.NEVER;
      }
      return cents;
    }),
  description: z
    .string({ error: PLAN_MESSAGES.descriptionTooLong })
    .trim()
    .max(2000, PLAN_MESSAGES.descriptionTooLong)
    .refine(noNul, PLAN_MESSAGES.invalidText)
    .optional()
    .transform((v) => (v ? v : null)),
  isPopular: z
    // A checkbox never fails: only true, "on" or "true" count as checked, anything else as not.
    .unknown()
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
  features: z
    .array(
      z
        .string({ error: PLAN_MESSAGES.featuresInvalid })
        .trim()
        .max(FEATURE_MAX_LENGTH, PLAN_MESSAGES.featureTooLong)
        .refine(noNul, PLAN_MESSAGES.invalidText),
      { error: PLAN_MESSAGES.featuresInvalid },
    )
    .max(MAX_FEATURES, PLAN_MESSAGES.tooManyFeatures)
    .default([])
    // A feature is kept only when non-empty after trimming (SPEC §5).
    .transform((list) => list.filter((f) => f.length > 0))
    // The same feature twice is a mistake the admin should see, not a silent merge.
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      for (const f of list) {
        if (seen.has(featureKey(f))) {
          ctx.addIssue({ code: "custom", message: PLAN_MESSAGES.duplicateFeature(f) });
          return;
        }
        seen.add(featureKey(f));
      }
    }),
});

/** A plan to save; `commission` missing or null → the spec's rule on the name. */
export type PlanInput = Omit<z.output<typeof PlanSchema>, "commission"> & { commission?: number | null };
/** What the plan form shows and sends back on an error (typed text, not yet parsed). */
export interface PlanFormValues {
  name: string;
  price: string;
  setupFee: string;
  commission: string;
  description: string;
  isPopular: boolean;
  features: string[];
}

/** The plan form's fields as the schema expects them, from its text fields and its feature list. */
export function planInput(fields: Record<string, string | undefined>, features: string[]) {
  const { name, price, setupFee, commission, description, isPopular } = fields;
  return { name, price, setupFee, commission, description, isPopular, features };
}

/** planInput from the form in the browser (the server reads it through its form pipeline). */
export function planFormToObject(form: FormData): Record<string, unknown> {
  const fields: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") fields[k] = v;
  const features = form.getAll("features").filter((v): v is string => typeof v === "string");
  return planInput(fields, features);
}
