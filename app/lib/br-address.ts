/**
 * A Brazilian postal address as a tax invoice (NFS-e) needs it: CEP, street, number, complement,
 * district, city with its IBGE code, UF. Pure and client-safe (the forms check as people type, the
 * actions check again). Every field is optional on its own, but an address is all or nothing: a
 * note cannot be issued to half an address, so a started one must be finished (complement aside).
 */
import { z } from "~/lib/zod";

/** The 27 federative units and the first two digits of their municipalities' IBGE codes. */
export const UF_IBGE: Record<string, string> = {
  RO: "11", AC: "12", AM: "13", RR: "14", PA: "15", AP: "16", TO: "17",
  MA: "21", PI: "22", CE: "23", RN: "24", PB: "25", PE: "26", AL: "27", SE: "28", BA: "29",
  MG: "31", ES: "32", RJ: "33", SP: "35",
  PR: "41", SC: "42", RS: "43",
  MS: "50", MT: "51", GO: "52", DF: "53",
}; // prettier-ignore
export const UFS = Object.keys(UF_IBGE);

export const ADDRESS_MESSAGES = {
  cepInvalid: "CEP inválido: informe os 8 dígitos, como 01310-100.",
  cepRequired: "Informe o CEP.",
  streetRequired: "Informe o logradouro (rua, avenida…).",
  streetTooLong: "O logradouro deve ter no máximo 120 caracteres.",
  numberRequired: "Informe o número (ou S/N).",
  numberTooLong: "O número deve ter no máximo 10 caracteres.",
  complementTooLong: "O complemento deve ter no máximo 60 caracteres.",
  districtRequired: "Informe o bairro.",
  districtTooLong: "O bairro deve ter no máximo 60 caracteres.",
  cityRequired: "Informe a cidade.",
  cityTooLong: "A cidade deve ter no máximo 60 caracteres.",
  ibgeRequired: "Informe o código IBGE da cidade.",
  ibgeInvalid: "Código IBGE inválido: são os 7 dígitos do município, como 3550308 (São Paulo).",
  ibgeOtherUf: (uf: string) => `Este código IBGE não é de um município de ${uf}.`,
  ufRequired: "Informe a UF.",
  ufInvalid: "UF inválida: use a sigla do estado, como SP.",
  invalidText: "O texto contém caracteres inválidos.",
} as const;

const text = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .refine((v) => !v.includes("\u0000"), ADDRESS_MESSAGES.invalidText)
    .optional()
    .transform((v) => v || null);

/** "01310-100", "01.310-100" or "01310100" → "01310100". */
export const normalizeCep = (raw: string) => raw.replace(/[\s.-]/g, "");
export const formatCep = (cep: string | null | undefined) =>
  cep && /^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : (cep ?? "");

/** The address fields, named as the clients table's columns and the forms' inputs. */
export const addressFields = {
  addressCep: z
    .string({ error: ADDRESS_MESSAGES.cepInvalid })
    .trim()
    .max(12, ADDRESS_MESSAGES.cepInvalid)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const cep = normalizeCep(v);
      if (/^\d{8}$/.test(cep)) return cep;
      ctx.addIssue({ code: "custom", message: ADDRESS_MESSAGES.cepInvalid });
      return z.NEVER;
    }),
  addressStreet: text(120, ADDRESS_MESSAGES.streetTooLong),
  addressNumber: text(10, ADDRESS_MESSAGES.numberTooLong),
  addressComplement: text(60, ADDRESS_MESSAGES.complementTooLong),
  addressDistrict: text(60, ADDRESS_MESSAGES.districtTooLong),
  addressCity: text(60, ADDRESS_MESSAGES.cityTooLong),
  addressCityIbge: z
    .string({ error: ADDRESS_MESSAGES.ibgeInvalid })
    .trim()
    .max(7, ADDRESS_MESSAGES.ibgeInvalid)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      if (/^\d{7}$/.test(v)) return v;
      ctx.addIssue({ code: "custom", message: ADDRESS_MESSAGES.ibgeInvalid });
      return z.NEVER;
    }),
  addressUf: z
    .string({ error: ADDRESS_MESSAGES.ufInvalid })
    .trim()
    .max(2, ADDRESS_MESSAGES.ufInvalid)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const uf = v.toUpperCase();
      if (uf in UF_IBGE) return uf;
      ctx.addIssue({ code: "custom", message: ADDRESS_MESSAGES.ufInvalid });
      return z.NEVER;
    }),
};

export type AddressKey = keyof typeof addressFields;
export const ADDRESS_KEYS = Object.keys(addressFields) as AddressKey[];
export type Address = { [K in AddressKey]: string | null };
export const EMPTY_ADDRESS_VALUES: Record<AddressKey, string> = Object.fromEntries(
  ADDRESS_KEYS.map((k) => [k, ""]),
) as Record<AddressKey, string>;

const REQUIRED: [AddressKey, string][] = [
  ["addressCep", ADDRESS_MESSAGES.cepRequired],
  ["addressStreet", ADDRESS_MESSAGES.streetRequired],
  ["addressNumber", ADDRESS_MESSAGES.numberRequired],
  ["addressDistrict", ADDRESS_MESSAGES.districtRequired],
  ["addressCity", ADDRESS_MESSAGES.cityRequired],
  ["addressCityIbge", ADDRESS_MESSAGES.ibgeRequired],
  ["addressUf", ADDRESS_MESSAGES.ufRequired],
];

/**
 * The object-level check of a schema holding `addressFields`: a started address is finished, and
 * the IBGE code is a municipality of the UF given. Run on the parsed values (after the fields'
 * own checks), so each message lands on its field.
 */
export function checkAddress(v: Partial<Address>, ctx: z.RefinementCtx) {
  const started = ADDRESS_KEYS.some((k) => k !== "addressComplement" && v[k]);
  if (!started) return;
  for (const [key, message] of REQUIRED) if (!v[key]) ctx.addIssue({ code: "custom", path: [key], message });
  if (v.addressUf && v.addressCityIbge && !v.addressCityIbge.startsWith(UF_IBGE[v.addressUf]))
    ctx.addIssue({
      code: "custom",
      path: ["addressCityIbge"],
      message: ADDRESS_MESSAGES.ibgeOtherUf(v.addressUf),
    });
}

/** The address on its own (the client area's "Endereço para a nota fiscal"). */
export const AddressSchema = z.object(addressFields).superRefine(checkAddress);

/** Whether an address is complete enough for a tax invoice. */
export function isAddressComplete(a: Partial<Address>): boolean {
  return REQUIRED.every(([k]) => Boolean(a[k]));
}

/** One line for lists and e-mails: "Av. Paulista, 1000, sala 5 – Bela Vista, São Paulo/SP, 01310-100". */
export function formatAddress(a: Partial<Address>): string {
  if (!isAddressComplete(a)) return "";
  const street = [a.addressStreet, a.addressNumber, a.addressComplement].filter(Boolean).join(", ");
  return `${street} – ${a.addressDistrict}, ${a.addressCity}/${a.addressUf}, ${formatCep(a.addressCep)}`;
}
