// Client-safe: the mail log's statuses (app/db/schema/ops.ts) and how /admin/emails names them.
export const MAIL_STATUSES = ["pendente", "enviado", "falhou", "sem_smtp"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pendente: "Pendente",
  enviado: "Enviado",
  falhou: "Falhou",
  sem_smtp: "Sem SMTP",
};
