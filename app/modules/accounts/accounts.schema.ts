import { z } from "~/lib/zod";
import { AUTH_MESSAGES } from "~/modules/auth/auth.schema";

// Client-safe: the messages and forms of the admin team, the account pages and the
// representatives' access.

export const ACCOUNT_MESSAGES = {
  deactivated: AUTH_MESSAGES.accountDeactivated,
  lastAdmin:
    "Não é possível desativar o último administrador ativo. Convide ou reative outro administrador antes.",
  emailInUse: "Já existe uma conta com este e-mail.",
  cannotDeactivateSelf:
    "Você não pode desativar a sua própria conta. Peça a outro administrador, se for preciso.",
  notInvited: "Este administrador já definiu a senha: não há convite para reenviar.",
  adminDeactivated: "Acesso desativado: as sessões abertas foram encerradas.",
  adminReactivated: "Acesso reativado.",
  notFound: "Conta não encontrada. Atualize a página e tente de novo.",
  inviteInvalid: "Este convite é inválido, já foi usado ou expirou. Peça um novo convite a um administrador.",
  inviteAccepted: "Senha definida! Entre com seu e-mail e a nova senha.",
  nameSaved: "Nome atualizado.",
  passwordChanged: "Senha alterada. As sessões nos outros dispositivos foram encerradas.",
  currentPasswordWrong: "A senha atual está incorreta.",
  currentPasswordRequired: "Informe a senha atual.",
  otherSessionsEnded: "Sessões nos outros dispositivos encerradas.",
  noOtherSessions: "Não há sessões em outros dispositivos.",
  repDeactivated: "Acesso ao portal desativado: as sessões abertas foram encerradas.",
  repReactivated: "Acesso ao portal reativado.",
  resetNeedsActive: "Reative o representante antes de enviar a redefinição de senha.",
  actionFailed: "Não foi possível concluir a ação. Tente novamente.",
} as const;

/**
 * What was created when an account e-mail is queued: the message says whether
 * it will leave (SMTP configured) or only sits in the mail log, never "enviado" when nothing was.
 */
export const MAIL_NOTICE_SUBJECTS = {
  convite: "Convite criado",
  "convite-reenviado": "Convite reenviado (o link anterior deixou de valer)",
  redefinicao: "Redefinição de senha criada",
} as const;
export type MailNoticeSubject = keyof typeof MAIL_NOTICE_SUBJECTS;

/** The query parameters the page reads to show the "sem SMTP" notice (components/admin/mail-notice). */
export const MAIL_NOTICE_PARAMS = { subject: "aviso", mail: "email" } as const;

export function mailQueuedMessage(subject: MailNoticeSubject) {
  return `${MAIL_NOTICE_SUBJECTS[subject]} — o e-mail está na fila`;
}

/** Without SMTP: the text before the link to the message in the mail log ("E-mails"). */
export function mailNoSmtpPrefix(subject: MailNoticeSubject) {
  return `${MAIL_NOTICE_SUBJECTS[subject]} — sem SMTP configurado: veja o e-mail em `;
}

export const STATUS_LABELS = {
  active: "Ativo",
  invited: "Convite pendente",
  deactivated: "Desativado",
} as const;

// The name and new-password rules are registration's (RegisterSchema), with its messages.
const name = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .min(3, AUTH_MESSAGES.nameTooShort)
  .max(120, "O nome deve ter no máximo 120 caracteres.");

const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(6, AUTH_MESSAGES.passwordTooShort)
  .max(128, "A senha deve ter no máximo 128 caracteres.");

const confirmPassword = z.string({ error: AUTH_MESSAGES.passwordsDiffer }).max(128);
const samePasswords = {
  check: (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword,
  params: { message: AUTH_MESSAGES.passwordsDiffer, path: ["confirmPassword"] },
};

export const InviteAdminSchema = z.object({
  name,
  email: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(254, AUTH_MESSAGES.emailInvalid)
    .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid })),
});

export const AcceptInviteSchema = z
  .object({ name, password: newPassword, confirmPassword })
  .refine(samePasswords.check, samePasswords.params);

export const ChangeNameSchema = z.object({ name });

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
      .max(128, ACCOUNT_MESSAGES.currentPasswordWrong),
    password: newPassword,
    confirmPassword,
  })
  .refine(samePasswords.check, samePasswords.params);

/** Invitation tokens: 32 random bytes, base64url. */
export const InviteToken = z
  .string({ error: ACCOUNT_MESSAGES.inviteInvalid })
  .max(43, ACCOUNT_MESSAGES.inviteInvalid)
  .regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_MESSAGES.inviteInvalid);
