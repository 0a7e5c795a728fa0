import { Link } from "react-router";
import { DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/format";
import {
  MESSAGE_CHANNEL_LABELS,
  type MailStatus,
  type MessageChannel,
} from "~/modules/notifications/notifications.constants";
import { MailStatusBadge, mailKindLabel } from "./mail-status";

export interface MailTableRow {
  id: string;
  kind: string;
  channel: MessageChannel;
  toAddress: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date | string;
}

export function MailTable({ rows, emptyText }: { rows: MailTableRow[]; emptyText: string }) {
  return (
    <DataTable
      caption="Registro de mensagens (e-mail e WhatsApp)"
      head={
        <>
          <Th>Canal</Th>
          <Th>Destinatário</Th>
          <Th>Assunto</Th>
          <Th>Tipo</Th>
          <Th>Status</Th>
          <Th right>Tentativas</Th>
          <Th>Último erro</Th>
          <Th>Data</Th>
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyRow colSpan={8}>{emptyText}</EmptyRow>
      ) : (
        rows.map((m) => (
          <tr key={m.id} className="hover:bg-slate-50">
            <td className="px-4 py-3 whitespace-nowrap">{MESSAGE_CHANNEL_LABELS[m.channel]}</td>
            <td className="px-4 py-3 break-all">{m.toAddress}</td>
            <td className="px-4 py-3">
              <Link to={`/admin/emails/${m.id}`} className="tap font-medium text-brand-700 hover:underline">
                {m.subject}
              </Link>
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{mailKindLabel(m.kind)}</td>
            <td className="px-4 py-3">
              <MailStatusBadge status={m.status} />
            </td>
            <td className="px-4 py-3 text-right">{m.attempts}</td>
            <td className="max-w-64 truncate px-4 py-3 text-slate-600" title={m.lastError ?? undefined}>
              {m.lastError ?? "—"}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(m.createdAt)}</td>
          </tr>
        ))
      )}
    </DataTable>
  );
}
