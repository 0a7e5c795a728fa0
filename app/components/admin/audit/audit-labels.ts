// Client-safe: how the audit log reads in pt-BR (/admin/audit). Unknown actions and fields are
// shown by their code, so a new action never breaks the page.
import { formatMoney } from "~/lib/format";
import { STAGE_LABELS } from "~/modules/leads/leads.schema";

/** What was done, as the list's "Ação" column says it. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "lead.moved": "Lead movido de etapa",
  "lead.converted": "Lead convertido em cliente",
  "lead.deleted": "Lead excluído",
  "lead.note_added": "Anotação no lead",
  "lead.follow_up_set": "Próximo contato do lead",
  "client.created": "Cliente cadastrado",
  "client.updated": "Cliente alterado",
  "client.deleted": "Cliente excluído",
  "client.note_added": "Anotação no cliente",
  "client.note_deleted": "Anotação do cliente excluída",
  "whatsapp.consentimento_registrado": "Consentimento para WhatsApp registrado",
  "whatsapp.consentimento_retirado": "Consentimento para WhatsApp retirado",
  "client.preferencia_de_canal": "Preferência de canal alterada",
  "whatsapp.teste_enviado": "Mensagem de teste enviada pelo WhatsApp",
  "lead.whatsapp_enviado": "Retorno enviado pelo WhatsApp",
  "subscription.created": "Assinatura adicionada",
  "subscription.deleted": "Assinatura excluída",
  "subscription.plan_changed": "Plano da assinatura trocado",
  "subscription.cancelled": "Assinatura cancelada",
  "subscription.ended": "Assinatura encerrada (fim do período)",
  "subscription.suspended": "Assinatura suspensa por atraso",
  "subscription.reactivated": "Assinatura reativada",
  "subscription.suspension_exempted": "Assinatura isenta de suspensão",
  "subscription.suspension_exemption_removed": "Isenção de suspensão removida",
  "plan.created": "Plano criado",
  "plan.updated": "Plano alterado",
  "plan.deleted": "Plano excluído",
  "post.created": "Post criado",
  "post.updated": "Post alterado",
  "post.published": "Post publicado",
  "post.unpublished": "Post despublicado",
  "post.deleted": "Post excluído",
  "settings.updated": "Configurações do site alteradas",
  "settings.funnel_updated": "Configurações do funil alteradas",
  "settings.notifications_updated": "Destinatários dos alertas alterados",
  "settings.privacy_updated": "Textos e retenção de privacidade alterados",
  "webhook.created": "Webhook criado",
  "webhook.deleted": "Webhook excluído",
  "webhook.paused": "Webhook pausado",
  "webhook.resumed": "Webhook reativado",
  "webhook.redelivered": "Entrega de webhook reenviada",
  "referral.status_changed": "Status da indicação alterado",
  "referral.updated": "Indicação alterada",
  "referral.cancelled": "Indicação cancelada",
  "representative.deleted": "Representante excluído",
  "representative.profile_updated": "Dados de pagamento do representante alterados",
  "payout.recorded": "Pagamento de comissões registrado",
  "payout.cancelled": "Pagamento de comissões cancelado",
  "privacy.anonymised": "Dados pessoais anonimizados (pedido do titular)",
  "privacy.retention": "Leads perdidos anonimizados (retenção)",
  "privacy.deletion_requested": "Exclusão da conta pedida pelo representante",
  "material.created": "Material criado",
  "material.updated": "Material alterado",
  "material.deleted": "Material excluído",
  "mail.resent": "E-mail reenviado",
  "user.invited": "Convite enviado",
  "user.invitation_resent": "Convite reenviado",
  "user.invitation_accepted": "Convite aceito",
  "user.deactivated": "Acesso desativado",
  "user.reactivated": "Acesso reativado",
  "user.renamed": "Nome alterado",
  "user.password_changed": "Senha alterada",
  "user.password_reset_sent": "Redefinição de senha enviada",
  "user.sessions_ended": "Sessões encerradas",
  "charge.created": "Cobrança emitida",
  "charge.paid": "Pagamento de cobrança registrado",
  "charge.cancelled": "Cobrança cancelada",
  "charge.amount_changed": "Valor da cobrança alterado",
  "charge.credit_applied": "Crédito descontado da cobrança",
  "charge.overdue": "Cobranças marcadas como vencidas",
  "charge.resent": "Cobrança reenviada por e-mail",
  "charge.partially_paid": "Pagamento parcial recebido",
  "charge.partial_refunded": "Pagamento parcial devolvido",
  "charge.refund_requested": "Estorno pedido ao provedor de pagamento",
  "charge.refunded": "Pagamento estornado",
  "charge.charged_back": "Pagamento contestado (chargeback)",
  "charge.provider_resent": "Cobrança reenviada ao provedor de pagamento",
  "charge.divergence": "Divergência de pagamento registrada",
  "charge.divergence_resolved": "Divergência de pagamento resolvida",
  "client.email_changed": "E-mail do cliente alterado",
  "client_request.created": "Pedido do cliente recebido",
  "client_request.accepted": "Pedido do cliente aceito",
  "client_request.refused": "Pedido do cliente recusado",
  "subscription.plan_change_scheduled": "Troca de plano agendada",
  "subscription.plan_change_unscheduled": "Troca de plano desmarcada",
  "settings.billing_updated": "Configurações financeiras alteradas",
  "settings.invoice_updated": "Dados da nota fiscal alterados",
  "invoice.reissued": "Nota fiscal emitida novamente",
  "settings.company_updated": "Dados da empresa alterados",
  "settings.onboarding_updated": "Configurações de implantação alteradas",
  "onboarding.opened": "Implantação aberta",
  "onboarding.item_checked": "Item do checklist de implantação marcado",
  "onboarding.item_unchecked": "Item do checklist de implantação desmarcado",
  "onboarding.published": "Implantação publicada",
  "onboarding.client_file_sent": "Arquivo enviado pelo cliente (implantação)",
  "onboarding.client_info_sent": "Informações enviadas pelo cliente (implantação)",
};

/** The kinds of things changed (the entity filter). */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  lead: "Lead",
  client: "Cliente",
  plan: "Plano",
  post: "Post do blog",
  settings: "Configurações",
  webhook: "Webhook",
  referral: "Indicação",
  representative: "Representante",
  material: "Material",
  mail: "E-mail",
  user: "Usuário",
  payout: "Pagamento",
  privacy: "Privacidade",
  charge: "Cobrança",
  onboarding: "Implantação",
  client_request: "Pedido do cliente",
  invoice: "Nota fiscal",
};

/** Field names as people say them. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  companyName: "Empresa",
  origem: "Origem",
  prazo: "Prazo",
  meta: "Meta",
  item: "Item",
  diasUteis: "Dias úteis",
  envio: "Envio",
  arquivo: "Arquivo",
  tamanho: "Tamanho (bytes)",
  tipo: "Tipo",
  etapasEmAberto: "Etapas em aberto",
  cardapio: "Endereço do cardápio",
  appAndroid: "App Android",
  appIos: "App iOS",
  supportEmail: "E-mail de atendimento",
  companyLegalName: "Razão social",
  companyCnpj: "CNPJ",
  companyAddress: "Endereço",
  companyDistrict: "Bairro",
  companyCity: "Cidade",
  companyUf: "UF",
  companyCep: "CEP",
  dueDays: "Prazo (dias úteis)",
  targetDays: "Meta (dias úteis)",
  checklist: "Checklist",
  numero: "Número",
  valor: "Valor",
  desconto: "Desconto",
  vencimento: "Vencimento",
  periodo: "Período",
  itens: "Itens",
  pagoEm: "Pago em",
  valorPago: "Valor pago",
  formaPagamento: "Forma de pagamento",
  motivo: "Motivo",
  cobrancas: "Cobranças",
  document: "CPF/CNPJ",
  noBilling: "Sem cobrança",
  pixKey: "Chave PIX",
  pixName: "Nome do beneficiário",
  pixCity: "Cidade do beneficiário",
  renewalDaysBefore: "Emitir renovação (dias antes)",
  firstChargeBusinessDays: "Prazo da primeira cobrança (dias úteis)",
  contactEmail: "E-mail de contato",
  leadRetentionMonths: "Anonimizar leads perdidos após (meses)",
  privacyPolicy: "Política de Privacidade",
  termsOfUse: "Termos de Uso",
  name: "Nome",
  email: "E-mail",
  whatsappConsent: "Consentimento para WhatsApp",
  messagePreference: "Receber avisos por",
  whatsappTest: "Teste do WhatsApp",
  whatsapp: "WhatsApp",
  phone: "Telefone",
  business: "Negócio",
  businessName: "Negócio",
  planId: "Plano (id)",
  plano: "Plano",
  status: "Status",
  statusFunil: "Etapa",
  motivoPerda: "Motivo da perda",
  convertedClientId: "Cliente criado (id)",
  nextContactAt: "Próximo contato",
  note: "Anotação",
  startDate: "Início",
  endDate: "Término",
  renewalType: "Renovação",
  priceCents: "Preço",
  setupFeeCents: "Taxa de implantação",
  features: "Recursos",
  description: "Descrição",
  title: "Título",
  slug: "Endereço (slug)",
  excerpt: "Resumo",
  content: "Conteúdo",
  published: "Publicado",
  coverImage: "Imagem de capa",
  url: "Endereço",
  events: "Eventos",
  active: "Ativo",
  lostReasons: "Motivos de perda",
  lostReasonRequired: "Motivo obrigatório",
  idleDays: "Dias até o lead ficar parado",
  leadAlertEmails: "Destinatários dos alertas",
  commissionCents: "Comissão",
  materialType: "Tipo",
  role: "Papel",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export function auditEntityLabel(type: string): string {
  return AUDIT_ENTITY_LABELS[type] ?? type;
}

/** The fields that hold an amount in cents: shown as money ("R$ 238,90"), as everywhere else. */
const MONEY_FIELDS = new Set([
  "valor",
  "desconto",
  "valorPago",
  "priceCents",
  "setupFeeCents",
  "commissionCents",
]);

/** A changed value as text: stages by their column name, money in reais, booleans Sim/Não, empty as "—". */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (MONEY_FIELDS.has(field) && typeof value === "number") return formatMoney(value);
  if (field === "statusFunil" && typeof value === "string")
    return STAGE_LABELS[value as keyof typeof STAGE_LABELS] ?? value;
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (Array.isArray(value)) return value.map(String).join(", ") || "—";
  if (typeof value === "object") return JSON.stringify(value);
  const text = String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export interface AuditChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** The entry's changed fields, before → after, in pt-BR. */
export function auditChanges(changes: Record<string, [unknown, unknown]> | null): AuditChangeLine[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, pair]) => {
    const [before, after] = Array.isArray(pair) ? pair : [null, pair];
    return {
      field,
      label: AUDIT_FIELD_LABELS[field] ?? field,
      before: auditValue(field, before),
      after: auditValue(field, after),
    };
  });
}
