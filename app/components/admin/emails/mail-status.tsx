import { Badge } from "~/components/admin/ui";
import {
  MAIL_KIND_LABELS,
  MAIL_STATUS_LABELS,
  type MailStatus,
} from "~/modules/notifications/notifications.constants";

const COLOR = {
  pendente: "yellow",
  enviado: "green",
  falhou: "red",
  sem_smtp: "gray",
  demonstracao: "gray",
  entregue: "green",
  lido: "green",
  sem_whatsapp: "gray",
  reserva: "gray",
} as const;

export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <Badge color={COLOR[status]}>{MAIL_STATUS_LABELS[status]}</Badge>;
}

export function mailKindLabel(kind: string): string {
  return MAIL_KIND_LABELS[kind] ?? kind;
}
