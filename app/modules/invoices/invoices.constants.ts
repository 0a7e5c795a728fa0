// Client-safe: the tax invoice (NFS-e) vocabulary shared by the schema, the forms and the pages.

/** The company's tax regime (Configurações → Financeiro → Nota fiscal). */
export const TAX_REGIMES = ["mei", "simples_nacional", "lucro_presumido", "lucro_real"] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

export const TAX_REGIME_LABELS: Record<TaxRegime, string> = {
  mei: "MEI",
  simples_nacional: "Simples Nacional",
  lucro_presumido: "Lucro Presumido",
  lucro_real: "Lucro Real",
};

/**
 * The regimes that must send the IBS/CBS group (NT 004, LC 214/2025) in 2026; Simples Nacional and
 * MEI are not required to yet (decision 045).
 */
export const IBS_CBS_REQUIRED: readonly TaxRegime[] = ["lucro_presumido", "lucro_real"];

/** When a paid charge's note is issued: on the payment (Asaas's default) or on its due date. */
export const ISSUE_WHEN = ["pagamento", "vencimento"] as const;
export type IssueWhen = (typeof ISSUE_WHEN)[number];

export const ISSUE_WHEN_LABELS: Record<IssueWhen, string> = {
  pagamento: "Na confirmação do pagamento",
  vencimento: "Na data de vencimento da cobrança",
};

/**
 * A note's life: `agendada` (asked of the provider, or waiting to be), `emitida` (authorised by the
 * city), `erro` (refused, or never sent: the reason says why), `cancelada`, and `cancelamento
 * negado` (the city refused to cancel it; the note stands).
 */
export const INVOICE_STATUSES = ["agendada", "emitida", "erro", "cancelada", "cancelamento_negado"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  agendada: "Agendada",
  emitida: "Emitida",
  erro: "Erro",
  cancelada: "Cancelada",
  cancelamento_negado: "Cancelamento negado",
};

/** The placeholders the service description template understands. */
export const DESCRIPTION_PLACEHOLDERS = ["{plano}", "{periodo}", "{cobranca}", "{cliente}"] as const;

export const DEFAULT_DESCRIPTION_TEMPLATE =
  "Licença de uso do cardápio digital, plano {plano}, período {periodo}.";
