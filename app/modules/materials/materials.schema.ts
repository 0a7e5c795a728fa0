import { z } from "~/lib/zod";
import { MATERIAL_TYPES } from "./materials.constants";

export const MATERIAL_MESSAGES = {
  titleRequired: "Título é obrigatório",
  driveUrlRequired: "URL do Google Drive é obrigatória para materiais do tipo link",
  textRequired: "Conteúdo do texto é obrigatório para materiais do tipo texto",
  urlInvalid: "Informe uma URL válida (https://...).",
  added: "Material adicionado com sucesso",
  deleted: "Material excluído com sucesso",
  updated: "Material atualizado com sucesso",
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo de ${max} caracteres.`)
    .optional()
    .transform((v) => (v ? v : null));

/** SPEC §5 material add; shared by the admin modal (client) and its action (server). */
export const MaterialSchema = z
  .object({
    title: z
      .string({ error: MATERIAL_MESSAGES.titleRequired })
      .trim()
      .min(1, MATERIAL_MESSAGES.titleRequired)
      .max(200, "Máximo de 200 caracteres."),
    description: optionalText(2000),
    materialType: z.enum(MATERIAL_TYPES).catch("link"),
    driveUrl: optionalText(2000),
    textContent: optionalText(20000),
  })
  .superRefine((v, ctx) => {
    if (v.materialType === "link") {
      if (!v.driveUrl)
        ctx.addIssue({ code: "custom", path: ["driveUrl"], message: MATERIAL_MESSAGES.driveUrlRequired });
      else if (!/^https?:\/\//i.test(v.driveUrl) || !URL.canParse(v.driveUrl))
        ctx.addIssue({ code: "custom", path: ["driveUrl"], message: MATERIAL_MESSAGES.urlInvalid });
    } else if (!v.textContent) {
      ctx.addIssue({ code: "custom", path: ["textContent"], message: MATERIAL_MESSAGES.textRequired });
    }
  })
  .transform((v) => ({
    ...v,
    driveUrl: v.materialType === "link" ? v.driveUrl : null,
    textContent: v.materialType === "text" ? v.textContent : null,
  }));

export type MaterialInput = z.output<typeof MaterialSchema>;
