import { isValidCnpj, onlyDocumentChars } from "~/lib/br-documents";
import { z } from "~/lib/zod";

/**
 * Configurações → Financeiro → "Dados da empresa": the issuer every receipt names, so that the
 * client's accountant can use it (decision 042). Client-safe: the form and the action validate with the same rules.
 */

export const COMPANY_MESSAGES = {
  legalNameRequired: "Informe a razão social.",
  legalNameTooLong: "A razão social pode ter até 150 caracteres.",
  cnpjRequired: "Informe o CNPJ.",
  cnpjInvalid: "CNPJ inválido: confira os dígitos.",
  addressRequired: "Informe o endereço (logradouro, número e complemento).",
  addressTooLong: "O endereço pode ter até 200 caracteres.",
  districtRequired: "Informe o bairro.",
  districtTooLong: "O bairro pode ter até 100 caracteres.",
  cityRequired: "Informe a cidade.",
  cityTooLong: "A cidade pode ter até 100 caracteres.",
  ufInvalid: "Escolha a UF.",
  cepInvalid: "CEP inválido: use 8 dígitos, como 01310-100.",
  saved: "Dados da empresa salvos com sucesso!",
  saveError: "Erro ao salvar os dados da empresa",
  loadError: "Erro ao carregar os dados da empresa",
} as const;

export const UFS = [
  "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA",
  "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
] as const; // prettier-ignore

const required = (missing: string, max: number, tooLong: string) =>
  z
    .string({ error: missing })
    .max(max * 2, tooLong)
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, missing).max(max, tooLong));

export const companySchema = z.object({
  companyLegalName: required(COMPANY_MESSAGES.legalNameRequired, 150, COMPANY_MESSAGES.legalNameTooLong),
  companyCnpj: z
    .string({ error: COMPANY_MESSAGES.cnpjRequired })
    .max(40, COMPANY_MESSAGES.cnpjInvalid)
    .transform(onlyDocumentChars)
    .refine((v) => v !== "", COMPANY_MESSAGES.cnpjRequired)
    .refine((v) => v === "" || isValidCnpj(v), COMPANY_MESSAGES.cnpjInvalid),
  companyAddress: required(COMPANY_MESSAGES.addressRequired, 200, COMPANY_MESSAGES.addressTooLong),
  companyDistrict: required(COMPANY_MESSAGES.districtRequired, 100, COMPANY_MESSAGES.districtTooLong),
  companyCity: required(COMPANY_MESSAGES.cityRequired, 100, COMPANY_MESSAGES.cityTooLong),
  companyUf: z
    .string({ error: COMPANY_MESSAGES.ufInvalid })
    .max(10, COMPANY_MESSAGES.ufInvalid)
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.enum(UFS, { error: COMPANY_MESSAGES.ufInvalid })),
  companyCep: z
    .string({ error: COMPANY_MESSAGES.cepInvalid })
    .max(20, COMPANY_MESSAGES.cepInvalid)
    .transform((v) => v.replace(/[\s.-]/g, ""))
    .refine((v) => /^\d{8}$/.test(v), COMPANY_MESSAGES.cepInvalid),
});
export type CompanyInput = z.output<typeof companySchema>;

/** 01310100 → 01310-100. */
export const formatCep = (cep: string) => `${cep.slice(0, 5)}-${cep.slice(5)}`;

/** The stored company data, when every field a receipt prints is there. */
export interface CompanyData {
  legalName: string;
  cnpj: string;
  address: string;
  district: string;
  city: string;
  uf: string;
  cep: string;
}

type StoredCompany = {
  companyLegalName: string | null;
  companyCnpj: string | null;
  companyAddress: string | null;
  companyDistrict: string | null;
  companyCity: string | null;
  companyUf: string | null;
  companyCep: string | null;
};

/** The issuer as a receipt prints it, or null while "Dados da empresa" is incomplete. */
export function companyData(s: StoredCompany | null): CompanyData | null {
  if (!s) return null;
  const {
    companyLegalName,
    companyCnpj,
    companyAddress,
    companyDistrict,
    companyCity,
    companyUf,
    companyCep,
  } = s;
  if (
    !companyLegalName ||
    !companyCnpj ||
    !companyAddress ||
    !companyDistrict ||
    !companyCity ||
    !companyUf ||
    !companyCep
  )
    return null;
  return {
    legalName: companyLegalName,
    cnpj: companyCnpj,
    address: companyAddress,
    district: companyDistrict,
    city: companyCity,
    uf: companyUf,
    cep: companyCep,
  };
}

/** "Rua X, 100 — Centro — São Paulo/SP — CEP 01310-100". */
export function companyAddressLine(c: CompanyData): string {
  return `${c.address} — ${c.district} — ${c.city}/${c.uf} — CEP ${formatCep(c.cep)}`;
}
