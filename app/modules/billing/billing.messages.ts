import { formatMoney } from "~/lib/format";

// pt-BR texts of billing's refusals and confirmations, shared by the rules and the forms.
export const BILLING_MESSAGES = {
  notFound: "Cobrança não encontrada.",
  alreadyPaid: "Esta cobrança já está paga.",
  cancelledCannotBePaid: "Esta cobrança está cancelada e não pode ser paga.",
  paidCannotBeCancelled: "Uma cobrança paga não pode ser cancelada.",
  alreadyCancelled: "Esta cobrança já está cancelada.",
  onlyOpenCanBeEdited: "Só é possível alterar o valor de uma cobrança em aberto.",
  amountMismatch: (paid: number, due: number) =>
    `O valor pago (${formatMoney(paid)}) é diferente do valor da cobrança (${formatMoney(due)}). ` +
    "Para conceder um desconto, altere antes o valor da cobrança.",
  remainderMismatch: (paid: number, owed: number, received: number) =>
    `O valor pago (${formatMoney(paid)}) é diferente do restante a pagar (${formatMoney(owed)}): ` +
    `esta cobrança já recebeu ${formatMoney(received)}.`,
  refundedCannotBePaid:
    "Esta cobrança foi estornada: o valor foi devolvido ao cliente. Um novo pagamento dela só é " +
    "registrado quando o provedor de pagamento o confirmar.",
  onlyPaidCanBeRefunded: "Só é possível estornar uma cobrança paga.",
  refundRecorded: "Estorno registrado: a cobrança não é mais cobrada.",
  refundRequested: "Estorno pedido ao provedor de pagamento: a cobrança muda quando ele o confirmar.",
  refundedCannotBeCancelled: "Uma cobrança estornada não pode ser cancelada: o valor já foi devolvido.",
  partialCannotBeCancelled: (received: number) =>
    `Esta cobrança já recebeu ${formatMoney(received)}. Registre o restante, ou resolva a divergência ` +
    "em Financeiro → Divergências, antes de cancelar.",
  amountNotAbovePaid: (received: number) =>
    `O novo valor deve ser maior que o já recebido nesta cobrança (${formatMoney(received)}).`,
  amountAboveSubtotal: (subtotal: number) =>
    `O novo valor não pode ser maior que o total dos itens (${formatMoney(subtotal)}).`,
  amountNotPositive: "O novo valor deve ser maior que zero. Para não cobrar, cancele a cobrança.",
  amountUnchanged: "O novo valor é igual ao valor atual da cobrança.",
  paidInFuture: "A data do pagamento não pode ser no futuro.",
  paidBeforeIssue: "A data do pagamento não pode ser anterior à emissão da cobrança.",
  clientNotFound: "Cliente não encontrado.",
  paymentRecorded: "Pagamento registrado com sucesso!",
  chargeCancelled: "Cobrança cancelada com sucesso!",
  amountChanged: "Valor da cobrança alterado com sucesso!",
  chargeCreated: "Cobrança criada com sucesso!",
  onlyOpenCanBeResent: "Só é possível reenviar por e-mail uma cobrança em aberto.",
  mailResent: "Cobrança reenviada por e-mail ao cliente.",
  providerNotConfigured: "Nenhum provedor de pagamento está configurado.",
  providerOnlyOpen: "Só é possível reenviar ao provedor uma cobrança em aberto.",
  providerAlreadyCreated: "Esta cobrança já está no provedor de pagamento.",
  providerResent: "Reenvio ao provedor solicitado. A cobrança será criada em instantes.",
  invalidForm: "Verifique os campos destacados.",
  unknownAction: "Ação desconhecida.",
} as const;

export const ACTIVATION_FEE_DESCRIPTION = "Taxa de ativação";
