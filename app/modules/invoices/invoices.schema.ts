// Client-safe: Configurações → Financeiro → Nota fiscal, validated with pt-BR messages.
import { z } from "~/lib/zod";
import { DESCRIPTION_PLACEHOLDERS, IBS_CBS_REQUIRED, ISSUE_WHEN, TAX_REGIMES } from "./invoices.constants";

export const INVOICE_SETTINGS_MESSAGES = {
  saved: "Dados da nota fiscal salvos.",
  error: "Não foi possível salvar os dados da nota fiscal. Confira os campos.",
  regimeRequired: "Escolha o regime tributário.",
  registrationInvalid: "Informe a inscrição municipal (até 20 letras ou números).",
  itemInvalid: "Informe o item da lista de serviços da LC 116 no formato 1.05.",
  codeInvalid:
    "Informe o código do serviço na prefeitura (até 20 caracteres: letras, números, ponto, hífen ou barra).",
  nameInvalid: "Informe o nome do serviço na prefeitura (até 200 caracteres).",
  issInvalid: "Informe a alíquota do ISS entre 0 e 5%, como 2 ou 2,5.",
  rateInvalid: "Informe uma alíquota entre 0 e 20%, com até duas casas decimais (ex.: 0,65).",
  templateInvalid: "Informe a descrição do serviço (até 500 caracteres).",
  templatePlaceholder: `Use apenas os campos ${DESCRIPTION_PLACEHOLDERS.join(", ")} na descrição.`,
  issueWhenRequired: "Escolha quando emitir a nota.",
  cstInvalid: "Informe o CST do IBS/CBS com 3 dígitos (ex.: 000).",
  classificationInvalid: "Informe a classificação tributária (cClassTrib) com 6 dígitos (ex.: 000001).",
  operationInvalid: "Informe o indicador da operação com 6 dígitos (ex.: 100301).",
  nbsInvalid: "Informe o código NBS com 9 dígitos (ex.: 115021000).",
  ibsCbsRequired:
    "Lucro Presumido e Lucro Real precisam informar o CST e a classificação do IBS/CBS em 2026.",
} as const;

const M = INVOICE_SETTINGS_MESSAGES;
const str = (message: string) => z.string({ error: message }).trim();
const checkbox = z
  .unknown()
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/**
 * A percentage typed the Brazilian way ("2", "2,5", "0,65") as integer basis points (2,5 % → 250):
 * rates stay integers like money stays cents. Empty counts as zero for the optional rates.
 */
export function parseRateBp(raw: string): number | null {
  const v = raw.trim().replace("%", "").trim();
  if (v === "") return 0;
  const m = /^(\d{1,3})(?:[,.](\d{1,2}))?$/.exec(v);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

/** Basis points as the form shows them: 250 → "2,50". */
export function formatRateBp(bp: number): string {
  return `${Math.floor(bp / 100)},${String(bp % 100).padStart(2, "0")}`;
}

const rate = (max: number, message: string) =>
  str(message)
    .max(10, message)
    .transform((v, ctx) => {
      const bp = parseRateBp(v);
      if (bp === null || bp > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return bp;
    });

const serviceItem = str(M.itemInvalid)
  .max(5, M.itemInvalid)
  .regex(/^\d{1,2}\.\d{2}$/, M.itemInvalid);
const serviceCode = str(M.codeInvalid)
  .max(20, M.codeInvalid)
  .regex(/^[0-9A-Za-z./-]{1,20}$/, M.codeInvalid);
const serviceName = str(M.nameInvalid).min(1, M.nameInvalid).max(200, M.nameInvalid);
/** An optional code of fixed digits: empty is "not informed" (null). */
const digits = (n: number, message: string) =>
  str(message)
    .max(n + 8, message)
    .transform((v) => v.replace(/[.\s-]/g, ""))
    .refine((v) => v === "" || new RegExp(`^\\d{${n}}$`).test(v), message)
    .transform((v) => (v === "" ? null : v))
    .optional()
    .transform((v) => v ?? null);

export const invoiceSettingsSchema = z
  .object({
    enabled: checkbox,
    taxRegime: z.enum(TAX_REGIMES, { error: M.regimeRequired }),
    municipalRegistration: str(M.registrationInvalid)
      .max(20, M.registrationInvalid)
      .regex(/^[0-9A-Za-z./-]{1,20}$/, M.registrationInvalid),
    subscriptionServiceItem: serviceItem,
    subscriptionServiceCode: serviceCode,
    subscriptionServiceName: serviceName,
    activationServiceItem: serviceItem,
    activationServiceCode: serviceCode,
    activationServiceName: serviceName,
    issRate: rate(500, M.issInvalid),
    issWithheld: checkbox,
    pisRate: rate(2000, M.rateInvalid),
    cofinsRate: rate(2000, M.rateInvalid),
    csllRate: rate(2000, M.rateInvalid),
    irRate: rate(2000, M.rateInvalid),
    inssRate: rate(2000, M.rateInvalid),
    descriptionTemplate: str(M.templateInvalid)
      .min(1, M.templateInvalid)
      .max(500, M.templateInvalid)
      .refine(
        (v) =>
          (v.match(/\{[^}]*\}/g) ?? []).every((p) =>
            (DESCRIPTION_PLACEHOLDERS as readonly string[]).includes(p),
          ),
        M.templatePlaceholder,
      ),
    issueWhen: z.enum(ISSUE_WHEN, { error: M.issueWhenRequired }),
    ibsCbsCst: digits(3, M.cstInvalid),
    ibsCbsClassification: digits(6, M.classificationInvalid),
    ibsCbsOperationIndicator: digits(6, M.operationInvalid),
    nbsCode: digits(9, M.nbsInvalid),
  })
  .superRefine(
    (v, ctx) => {
      // Runs even when another field is wrong (`when`), so the form shows every error at once: the
      // values read here are checked for their own type first.
      if (!(IBS_CBS_REQUIRED as readonly unknown[]).includes(v.taxRegime)) return;
      if (!v.ibsCbsCst) ctx.addIssue({ code: "custom", path: ["ibsCbsCst"], message: M.ibsCbsRequired });
      if (!v.ibsCbsClassification)
        ctx.addIssue({ code: "custom", path: ["ibsCbsClassification"], message: M.ibsCbsRequired });
    },
    {
      when: (payload) => {
        const v = payload.value as Record<string, unknown> | null;
        return typeof v === "object" && v !== null;
      },
    },
  );
export type InvoiceSettingsInput = z.output<typeof invoiceSettingsSchema>;

/** The form's fields, in order (the page and the fuzzer read them). */
export const INVOICE_SETTINGS_FIELDS = [
  "enabled",
  "taxRegime",
  "municipalRegistration",
  "subscriptionServiceItem",
  "subscriptionServiceCode",
  "subscriptionServiceName",
  "activationServiceItem",
  "activationServiceCode",
  "activationServiceName",
  "issRate",
  "issWithheld",
  "pisRate",
  "cofinsRate",
  "csllRate",
  "irRate",
  "inssRate",
  "descriptionTemplate",
  "issueWhen",
  "ibsCbsCst",
  "ibsCbsClassification",
  "ibsCbsOperationIndicator",
  "nbsCode",
] as const;

/** "Emitir novamente". */
export const ReissueSchema = z.object({
  intent: z.literal("reissue", { error: "Ação desconhecida." }),
  id: z.uuid({ error: "Nota fiscal não encontrada." }),
});
