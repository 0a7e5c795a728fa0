import { z } from "~/lib/zod";
import { localToBrDateTime, parseBrDateTime } from "~/lib/dates";
import { INVALID_TEXT_MESSAGE, NO_PLAN } from "~/modules/clients/clients.schema";
import { FUNNEL_STAGES, IDLE_DAYS_DEFAULTS, type FunnelStage, type OpenStage } from "./leads.constants";

/** SPEC §4 funnel stages, in column order. */
export const STAGES = FUNNEL_STAGES;
export type Stage = FunnelStage;

export const STAGE_LABELS: Record<Stage, string> = {
  novo: "Novos Leads",
  contatado: "Contatados",
  qualificado: "Qualificados",
  negociando: "Em negociação",
  convertido: "Convertidos",
  perdido: "Perdidos",
};

/** The open stages, in funnel order (a lead in one of them is still being worked). */
export const OPEN_STAGES = [
  "novo",
  "contatado",
  "qualificado",
  "negociando",
] as const satisfies readonly Stage[];

/** The card's one-click buttons (SPEC §4): the next stage, and 'Retomar' from `perdido`. */
export const NEXT_STAGE: Partial<Record<Stage, Stage>> = {
  novo: "contatado",
  contatado: "qualificado",
  qualificado: "negociando",
  perdido: "novo",
};

/** "Voltar etapa": one step back between open stages. */
export const PREVIOUS_STAGE: Partial<Record<Stage, Stage>> = {
  contatado: "novo",
  qualificado: "contatado",
  negociando: "qualificado",
};

/**
 * The moves the server allows, from → to (SPEC §4, extended for drag-and-drop): forward
 * across open stages (skipping is allowed), one step back between open stages, any open stage to
 * `perdido`, `perdido` back to `novo` ('Retomar'). `convertido` is reached only through the
 * conversion (which creates the client), never by a plain move; nothing leaves `convertido`.
 */
export const TRANSITIONS: Record<Stage, readonly Stage[]> = {
  novo: ["contatado", "qualificado", "negociando", "perdido"],
  contatado: ["novo", "qualificado", "negociando", "perdido"],
  qualificado: ["contatado", "negociando", "perdido"],
  negociando: ["qualificado", "perdido"],
  convertido: [],
  perdido: ["novo"],
};

export function canMove(from: Stage, to: Stage): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * The stages a lead can be taken to from `from`, in funnel order: the plain moves and, from
 * `negociando`, `convertido` through the conversion. The lead page's stage bar and the card's
 * "Mover para" offer exactly these; the server checks each move again (moveLead, convertLead).
 */
export function reachableStages(from: Stage): Stage[] {
  return STAGES.filter((to) => canMove(from, to) || (from === "negociando" && to === "convertido"));
}

/** Why the server refuses from → to, in pt-BR (shown after 'Erro ao atualizar status: '). */
export function moveRefusalReason(from: Stage, to: Stage): string {
  if (from === to) return `o lead já está em ${STAGE_LABELS[to]}.`;
  if (from === "convertido") return "um lead convertido não muda mais de etapa.";
  if (to === "convertido")
    return from === "negociando"
      ? "use “Converter em cliente” para converter o lead."
      : "só leads em Em negociação podem ser convertidos.";
  if (from === "perdido") return "um lead perdido só pode ser retomado em Novos Leads.";
  return "só é possível voltar uma etapa por vez.";
}

/** Button texts per target stage (the forward move, 'perdido' and 'Retomar'). */
export const MOVE_LABELS: Record<Stage, string> = {
  novo: "Retomar",
  contatado: "Marcar como contatado",
  qualificado: "Marcar como qualificado",
  negociando: "Iniciar negociação",
  convertido: "Converter em cliente",
  perdido: "Marcar como perdido",
};

export const MOVE_BACK_LABEL = "Voltar etapa";

export const LEAD_MESSAGES = {
  loadError: "Erro ao carregar leads",
  moved: (stage: Stage) => `Lead movido para ${STAGE_LABELS[stage]}`,
  moveError: "Erro ao atualizar status",
  moveRefused: (reason: string) => `Erro ao atualizar status: ${reason}`,
  moveStale:
    "Erro ao atualizar status: o lead já tinha sido movido por outra pessoa. O funil foi atualizado.",
  converted: "Lead convertido em cliente com sucesso!",
  convertError: (detail: string) => `Erro ao converter lead em cliente: ${detail}`,
  duplicateEmail: "Já existe um cliente com este e-mail!",
  planRequired: "escolha o plano do cliente ou “Sem plano”",
  empty: "Nenhum lead neste estágio",
  invalidPhone: "Número de telefone inválido",
} as const;

/**
 * A referral has no e-mail but a client needs one, so converting such a lead asks for it.
 * `check` is shared by the dialog and convertLead: the message, or null when the e-mail is good.
 */
export const CONVERT_EMAIL_MESSAGES = {
  required: "Informe o e-mail do cliente: este lead veio de uma indicação e não tem e-mail.",
  invalid: "Informe um e-mail válido para o cliente.",
  hint: "A indicação não informa e-mail; o cliente precisa de um.",
  check(value: string | null | undefined): string | null {
    const v = (value ?? "").trim();
    if (!v) return CONVERT_EMAIL_MESSAGES.required;
    return v.length <= 254 && z.email().safeParse(v).success ? null : CONVERT_EMAIL_MESSAGES.invalid;
  },
};

/** The lead page (/admin/leads/{id}). */
export const LEAD_PAGE_MESSAGES = {
  notFound: "Lead não encontrado",
  loadError: "Erro ao carregar o lead",
  noteAdded: "Anotação adicionada com sucesso!",
  noteFailed: "Erro ao adicionar anotação",
  deleted: "Lead excluído com sucesso!",
  followUpSaved: "Próximo contato salvo!",
  followUpCleared: "Próximo contato removido.",
  followUpInvalid: "Informe uma data e hora válidas.",
  followUpClosed: "Leads convertidos ou perdidos não têm próximo contato.",
  deleteFailed: "Erro ao excluir lead",
} as const;

/** Lost reasons: the defaults of the list an admin edits in Settings → Funil. */
export const DEFAULT_LOST_REASONS = [
  "Preço",
  "Escolheu concorrente",
  "Sem resposta",
  "Não é o momento",
  "Fora do perfil",
  "Outro",
] as const;
export const NO_LOST_REASON_LABEL = "Sem motivo informado";
export const LOST_MESSAGES = {
  reasonRequired: "Informe o motivo da perda.",
  reasonInvalid: "Motivo de perda inválido. Atualize a página e tente de novo.",
  settingsSaved: "Configurações do funil salvas com sucesso!",
  settingsError: "Erro ao salvar as configurações do funil",
  reasonsRequired: "Informe pelo menos um motivo de perda.",
  reasonsTooMany: "Informe no máximo 20 motivos.",
  reasonTooLong: "Cada motivo deve ter no máximo 60 caracteres.",
} as const;

export const IDLE_DAYS_MESSAGE = "Informe um número inteiro de dias entre 1 e 365.";
const IdleDaysField = z
  .string()
  .max(10, IDLE_DAYS_MESSAGE)
  .optional()
  .transform((v) => (v?.trim() ? Number(v.trim()) : undefined))
  .pipe(
    z
      .number(IDLE_DAYS_MESSAGE)
      .int(IDLE_DAYS_MESSAGE)
      .min(1, IDLE_DAYS_MESSAGE)
      .max(365, IDLE_DAYS_MESSAGE)
      .optional(),
  );

/** Settings → Funil: one reason per line (blank lines and repeats dropped), and the switch. */
export const FunnelSettingsSchema = z
  .object({
    lostReasons: z
      .string()
      .max(5000, LOST_MESSAGES.reasonsTooMany)
      .default("")
      .transform((v) => [
        ...new Set(
          v
            .split(/\r?\n/)
            .map((l) => l.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z
          .array(
            z
              .string()
              .max(60, LOST_MESSAGES.reasonTooLong)
              .refine((v) => !v.includes("\u0000"), INVALID_TEXT_MESSAGE),
          )
          .min(1, LOST_MESSAGES.reasonsRequired)
          .max(20, LOST_MESSAGES.reasonsTooMany),
      ),
    lostReasonRequired: z
      .string()
      .max(10, "Valor inválido.")
      .optional()
      .transform((v) => v === "on" || v === "true"),
    // "Parado há N dias" per open stage; a missing field keeps the default.
    ...(Object.fromEntries(OPEN_STAGES.map((s) => [`idle_${s}`, IdleDaysField])) as Record<
      `idle_${OpenStage}`,
      typeof IdleDaysField
    >),
  })
  .transform(({ lostReasons, lostReasonRequired, ...idle }) => ({
    lostReasons,
    lostReasonRequired,
    idleDays: Object.fromEntries(
      OPEN_STAGES.map((s) => [s, idle[`idle_${s}`] ?? IDLE_DAYS_DEFAULTS[s]]),
    ) as Record<OpenStage, number>,
  }));

/**
 * The lead page's "Próximo contato": "dd/mm/aaaa hh:mm" in São Paulo time (also "dd/mm/aaaa" and
 * the datetime-local form, see parseBrDateTime); empty clears it. São Paulo has had no daylight
 * saving time since 2019: its offset is a fixed -03:00.
 */
export const FOLLOW_UP_MESSAGE = "Informe a data e a hora no formato dd/mm/aaaa hh:mm.";

export const FollowUpSchema = z.object({
  nextContactAt: z
    .string({ error: FOLLOW_UP_MESSAGE })
    .max(40, FOLLOW_UP_MESSAGE)
    .trim()
    .default("")
    .refine((v) => v === "" || parseBrDateTime(v) !== null, FOLLOW_UP_MESSAGE)
    .transform((v) => (v ? new Date(`${parseBrDateTime(v)}:00-03:00`) : null))
    .refine((d) => d === null || !Number.isNaN(d.getTime()), FOLLOW_UP_MESSAGE),
});

/** A Date as the field's "dd/mm/aaaa hh:mm" in São Paulo time ("23/11/2026 14:30"). */
export function toSaoPauloInput(d: Date | string | null): string {
  if (!d) return "";
  return localToBrDateTime(new Date(new Date(d).getTime() - 3 * 3600_000).toISOString().slice(0, 16));
}

const StageSchema = z.enum(STAGES);

export const LeadActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("move"),
    id: z.uuid(),
    from: StageSchema,
    to: StageSchema,
    // Only for a move to `perdido`: the lost dialog's reason and details.
    lostReason: z.string().trim().max(60).optional(),
    lostNote: z
      .string()
      .trim()
      .max(500)
      .refine((v) => !v.includes("\u0000"))
      .optional(),
  }),
  z.object({
    intent: z.literal("convert"),
    id: z.uuid(),
    // The conversion dialog's choice: a plan, or NO_PLAN; left out, the lead's plan by name.
    planId: z.union([z.literal(NO_PLAN), z.uuid()]).optional(),
    // Only for a lead without e-mail (a representative's referral); checked by convertLead.
    email: z.string().max(1000).optional(),
  }),
]);
export type LeadAction = z.infer<typeof LeadActionSchema>;

export const LEADS_PAGE_SIZE = 20;
/** A column shows at most this many pages at once (1 000 cards); search narrows further. */
export const LEADS_MAX_PAGES = 50;

/** The funnel's follow-up filter (?contato=): due today (São Paulo) or already overdue. */
export const FOLLOW_UP_FILTERS = { hoje: "Para hoje", atrasados: "Atrasados" } as const;
export type FollowUpFilter = keyof typeof FOLLOW_UP_FILTERS;
export function parseFollowUpFilter(v: string | null): FollowUpFilter | null {
  return v === "hoje" || v === "atrasados" ? v : null;
}
