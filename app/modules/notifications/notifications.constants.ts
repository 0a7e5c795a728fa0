// Client-safe: the mail log's statuses (app/db/schema/ops.ts) and how /admin/emails names them.
// "demonstracao": written while the demo business was built, never delivered.
// "entregue", "lido", "sem_whatsapp": a WhatsApp message's (the log holds every channel, decision 044).
export const MAIL_STATUSES = [
  "pendente",
  "enviado",
  "falhou",
  "sem_smtp",
  "demonstracao",
  "entregue",
  "lido",
  "sem_whatsapp",
  "reserva",
] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The channels of the one message log. */
export const MESSAGE_CHANNELS = ["email", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: "E-mail",
  whatsapp: "WhatsApp",
};

/**
 * Where a client wants its notices (billing, reminders, receipts, the menu): null on the client
 * means not chosen, which is "ambos". WhatsApp needs an open consent whatever is chosen, so
 * "whatsapp" without one still sends the e-mail (decision 044).
 */
export const MESSAGE_PREFERENCES = ["ambos", "email", "whatsapp"] as const;
export type MessagePreference = (typeof MESSAGE_PREFERENCES)[number];
export const MESSAGE_PREFERENCE_LABELS: Record<MessagePreference, string> = {
  ambos: "E-mail e WhatsApp",
  email: "Só e-mail",
  whatsapp: "Só WhatsApp",
};

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pendente: "Pendente",
  enviado: "Enviado",
  falhou: "Falhou",
  sem_smtp: "Sem SMTP",
  demonstracao: "Demonstração (não enviado)",
  entregue: "Entregue",
  lido: "Lido",
  sem_whatsapp: "WhatsApp não configurado",
  reserva: "Reserva do WhatsApp (não enviado)",
};

/** What each kind of message is, as the mail log names it (unknown kinds show as stored). */
export const MAIL_KIND_LABELS: Record<string, string> = {
  "lead.novo": "Novo lead",
  "auth.redefinir-senha": "Redefinição de senha",
  "auth.convite-admin": "Convite de administrador",
  "indicacao.status": "Status de indicação",
  "representante.boas-vindas": "Boas-vindas",
  "assinaturas.resumo": "Resumo diário (renovações, contatos e implantações)",
  "comissoes.pagamento": "Pagamento de comissões",
  "privacidade.exclusao": "Pedido de exclusão de conta",
  "cobranca.nova": "Nova cobrança",
  "cobranca.recibo": "Pagamento recebido",
  "cobranca.nota-fiscal": "Sua nota fiscal",
  "cobranca.lembrete": "Lembrete de cobrança",
  "cobranca.divergencia": "Divergência no pagamento",
  "assinatura.suspensa": "Assinatura suspensa (cliente)",
  "assinatura.suspensa-admin": "Assinatura suspensa (administradores)",
  "implantacao.pagamento-confirmado": "Pagamento confirmado (implantação)",
  "implantacao.publicada": "Cardápio no ar (implantação publicada)",
  "implantacao.atrasada": "Implantação atrasada",
  "implantacao.envio-cliente": "Envio do cliente para o cardápio (implantação)",
  "lead.sem-contato": "Lead sem contato há 20 horas",
  "cliente.link-acesso": "Link de acesso à Área do Cliente",
  "cliente.troca-email": "Confirmação de novo e-mail (Área do Cliente)",
  "cliente.email-alterado": "Aviso de e-mail alterado (Área do Cliente)",
  "cliente.email-em-uso": "Aviso de pedido para usar um e-mail já cadastrado (Área do Cliente)",
  "cliente.solicitacao": "Solicitação de cliente (troca de plano ou cancelamento)",
  "cliente.solicitacao-resposta": "Resposta à solicitação do cliente",
  "whatsapp.cobranca.nova": "WhatsApp: nova cobrança",
  "whatsapp.cobranca.lembrete": "WhatsApp: lembrete de cobrança",
  "whatsapp.cobranca.recibo": "WhatsApp: pagamento recebido",
  "whatsapp.assinatura.suspensa": "WhatsApp: assinatura suspensa",
  "whatsapp.implantacao.publicada": "WhatsApp: cardápio no ar",
  "whatsapp.lead.retorno": "WhatsApp: retorno de contato",
};

export const MAIL_LOG_MESSAGES = {
  loadError: "Erro ao carregar e-mails",
  notFound: "E-mail não encontrado",
  empty: "Nenhum e-mail registrado",
  emptyFiltered: "Nenhum e-mail com este status",
  resent: "E-mail reenviado para a fila de envio",
  resendFailed: "Este e-mail não pode ser reenviado",
} as const;
