// Client-safe: the onboarding's states and words.

export const ONBOARDING_STATUSES = ["a_fazer", "em_andamento", "publicado"] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

export const ONBOARDING_STATUS_LABELS: Record<OnboardingStatus, string> = {
  a_fazer: "A fazer",
  em_andamento: "Em andamento",
  publicado: "Publicado",
};

export type OnboardingSource = "automatica" | "manual";
export const ONBOARDING_SOURCE_LABELS: Record<OnboardingSource, string> = {
  automatica: "Pagamento da primeira cobrança",
  manual: "Pagamento confirmado (manual)",
};

/** Where an onboarding stands against its due date (decision 029). */
export const ONBOARDING_HEALTHS = ["no_prazo", "em_risco", "atrasada"] as const;
export type OnboardingHealth = (typeof ONBOARDING_HEALTHS)[number];
export const ONBOARDING_HEALTH_LABELS: Record<OnboardingHealth, string> = {
  no_prazo: "no prazo",
  em_risco: "em risco",
  atrasada: "atrasada",
};

export const DEFAULT_ONBOARDING_DUE_DAYS = 5;
export const DEFAULT_ONBOARDING_TARGET_DAYS = 3;
export const DEFAULT_ONBOARDING_CHECKLIST = [
  "Cardápio recebido",
  "Cardápio montado",
  "Pagamentos configurados",
  "Link e app publicados",
  "Treinamento feito",
] as const;

/** A lead still "Novo" this many hours after it arrived is flagged. */
export const LEAD_STALE_HOURS = 20;

export const ONBOARDING_MESSAGES = {
  opened: "Implantação aberta",
  alreadyOpen: "Este cliente já tem uma implantação",
  clientNotFound: "Cliente não encontrado",
  notFound: "Implantação não encontrada",
  itemNotFound: "Item não encontrado",
  itemSaved: "Checklist atualizado",
  published: "Implantação publicada",
  alreadyPublished: "Esta implantação já foi publicada",
  publishedLocked: "Uma implantação publicada não muda mais",
  actionError: "Erro ao atualizar a implantação",
  unknownAction: "Ação desconhecida",
  loadError: "Erro ao carregar as implantações",
  settingsSaved: "Configurações de implantação salvas",
  settingsError: "Erro ao salvar as configurações de implantação",
} as const;

/** "Publicar" (decision 042): the menu's address and the confirmation when steps are open. */
export const PUBLISH_MESSAGES = {
  menuUrlRequired: "Informe o endereço público do cardápio (https://...).",
  https: "Use um endereço seguro, que comece com https://.",
  invalid: "Informe um endereço válido, como https://seurestaurante.com.br.",
  tooLong: "Use no máximo 500 caracteres.",
  invalidForm: "Confira os endereços informados.",
  confirmOpenSteps: (n: number) =>
    n === 1
      ? "1 etapa do checklist está em aberto. Confira e confirme para publicar mesmo assim."
      : `${n} etapas do checklist estão em aberto. Confira e confirme para publicar mesmo assim.`,
} as const;

/** How a publication with open checklist steps is named (card, promise figures). */
export function openStepsLabel(n: number): string {
  return n === 1 ? "publicado com 1 etapa em aberto" : `publicado com ${n} etapas em aberto`;
}

/** The board's orders (?ordem=) and how many cards a column shows. */
export const BOARD_SORTS = ["prazo", "abertura", "cliente"] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];
export const BOARD_SORT_LABELS: Record<BoardSort, string> = {
  prazo: "Prazo (mais próximo primeiro)",
  abertura: "Abertura (mais recente primeiro)",
  cliente: "Cliente (A–Z)",
};
/** Cards per column; the count says how many more match. */
export const BOARD_COLUMN_LIMIT = 50;
