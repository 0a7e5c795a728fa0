// Client-safe: the lists and messages of the restaurants' requests.

export const CLIENT_REQUEST_KINDS = ["troca_plano", "cancelamento"] as const;
export type ClientRequestKind = (typeof CLIENT_REQUEST_KINDS)[number];
export const CLIENT_REQUEST_KIND_LABELS: Record<ClientRequestKind, string> = {
  troca_plano: "Troca de plano",
  cancelamento: "Cancelamento",
};

/**
 * Why a restaurant cancels. Asked for a cancellation only ("Vou fechar ou vender o negócio" is no
 * reason to move to a cheaper plan).
 */
export const CANCELLATION_REASONS = [
  "preco",
  "poucos_pedidos",
  "faltam_recursos",
  "dificuldade_de_uso",
  "atendimento",
  "fechando_negocio",
  "outro_sistema",
  "outro",
] as const;
/** Why a restaurant moves to a cheaper plan. An upgrade asks no reason. */
export const DOWNGRADE_REASONS = [
  "preco",
  "recursos_sobrando",
  "movimento_menor",
  "poucos_pedidos",
  "outro",
] as const;
/** Every reason a request may hold (the column's values). */
export const CLIENT_REQUEST_REASONS = [
  ...CANCELLATION_REASONS,
  "recursos_sobrando",
  "movimento_menor",
] as const;
export type ClientRequestReason = (typeof CLIENT_REQUEST_REASONS)[number];
export const CLIENT_REQUEST_REASON_LABELS: Record<ClientRequestReason, string> = {
  preco: "O preço não cabe no orçamento",
  poucos_pedidos: "Recebo poucos pedidos pelo cardápio",
  faltam_recursos: "Preciso de recursos que o plano não tem",
  dificuldade_de_uso: "Tenho dificuldade de usar",
  atendimento: "Não estou satisfeito com o atendimento",
  fechando_negocio: "Vou fechar ou vender o negócio",
  outro_sistema: "Vou usar outro sistema",
  recursos_sobrando: "Não uso todos os recursos do meu plano",
  movimento_menor: "O movimento do restaurante caiu",
  outro: "Outro motivo",
};

/**
 * The reasons a request of this kind asks for: a cancellation's, a downgrade's (a plan cheaper than
 * the current one), none for an upgrade (or a plan of the same price).
 */
export function reasonsFor(
  kind: ClientRequestKind,
  prices?: { currentCents: number; requestedCents: number },
): readonly ClientRequestReason[] {
  if (kind === "cancelamento") return CANCELLATION_REASONS;
  return prices && prices.requestedCents < prices.currentCents ? DOWNGRADE_REASONS : [];
}

export const CLIENT_REQUEST_STATUSES = ["aberta", "aceita", "recusada"] as const;
export type ClientRequestStatus = (typeof CLIENT_REQUEST_STATUSES)[number];
export const CLIENT_REQUEST_STATUS_LABELS: Record<ClientRequestStatus, string> = {
  aberta: "Aguardando resposta",
  aceita: "Aceita",
  recusada: "Recusada",
};

export const CLIENT_REQUEST_DETAILS_MAX = 1000;
export const CLIENT_REQUEST_MESSAGE_MAX = 1000;

export const CLIENT_REQUEST_MESSAGES = {
  kindRequired: "Escolha o que você quer: trocar de plano ou cancelar.",
  planRequired: "Escolha o novo plano.",
  samePlan: "Escolha um plano diferente do atual.",
  reasonRequired: "Escolha um motivo.",
  detailsTooLong: `Escreva no máximo ${CLIENT_REQUEST_DETAILS_MAX} caracteres.`,
  noSubscription: "Você não tem uma assinatura ativa para alterar.",
  duplicate: (kind: ClientRequestKind) =>
    kind === "troca_plano"
      ? "Você já tem um pedido de troca de plano aguardando resposta."
      : "Você já tem um pedido de cancelamento aguardando resposta.",
  created: "Pedido enviado. Nossa equipe vai responder por e-mail.",
  notFound: "Solicitação não encontrada.",
  notOpen: "Esta solicitação já foi respondida.",
  decisionRequired: "Escolha aceitar ou recusar.",
  messageRequired: "Escreva a mensagem ao cliente explicando a recusa.",
  cancellationCannotBeRefused:
    "Um pedido de cancelamento não pode ser recusado: escolha quando ele vale e aceite.",
  messageTooLong: `A mensagem deve ter no máximo ${CLIENT_REQUEST_MESSAGE_MAX} caracteres.`,
  whenRequired: "Escolha quando a mudança vale.",
  accepted: "Solicitação aceita. O cliente foi avisado por e-mail.",
  refused: "Solicitação recusada. O cliente foi avisado por e-mail.",
  failed: "Erro ao responder a solicitação",
  createFailed: "Não foi possível enviar o pedido. Tente de novo.",
} as const;

/** When an accepted cancellation takes effect. */
export const CANCEL_WHEN_LABELS = {
  fim_do_periodo: "Ao fim do período pago",
  agora: "Agora",
} as const;

/** When an accepted plan change takes effect: at the next renewal unless the admin says otherwise. */
export const PLAN_CHANGE_WHEN_LABELS = {
  renovacao: "Na próxima renovação",
  agora: "Agora",
} as const;
