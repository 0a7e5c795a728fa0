import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { MAIL_STATUS_LABELS } from "~/modules/notifications/notifications.constants";
import { listMailAbout } from "~/server/mail/mail.server";
import { STAGE_LABELS, type Stage } from "./leads.schema";
import { listLeadNotes, type Lead } from "./lead.server";

export type TimelineKind = "created" | "status" | "lost" | "converted" | "note" | "mail";
export interface TimelineEntry {
  key: string;
  kind: TimelineKind;
  at: Date;
  title: string;
  detail: string | null;
  /** Who did it (null: the visitor or the system). */
  by: string | null;
}

const stageLabel = (s: unknown) => STAGE_LABELS[s as Stage] ?? String(s);

/** The audit actions that tell the lead's story (the note entries are shown from the notes). */
const STORY_ACTIONS = ["lead.moved", "lead.converted"];

/**
 * The lead's timeline, newest first: creation (the row), every status change and the conversion
 * (the audit log, the one store of who changed what: decision 012), the notes and the e-mails sent
 * about it (the mail log).
 */
export async function getLeadTimeline({ lead }: { lead: Lead }): Promise<TimelineEntry[]> {
  const [audit, notes, mails] = await Promise.all([
    getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "lead"), eq(auditLog.entityId, lead.id)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(500),
    listLeadNotes({ leadId: lead.id }),
    listMailAbout({ type: "lead", id: lead.id }),
  ]);
  const entries: TimelineEntry[] = [
    {
      key: "created",
      kind: "created",
      at: lead.createdAt,
      title: "Lead recebido pelo formulário do site",
      detail: `Plano de interesse: ${lead.plan}`,
      by: null,
    },
  ];
  for (const a of audit) {
    if (!STORY_ACTIONS.includes(a.action)) continue;
    const [from, to] = a.changes?.statusFunil ?? [null, null];
    if (a.action === "lead.converted") {
      const plan = a.changes?.plano?.[1];
      entries.push({
        key: a.id,
        kind: "converted",
        at: a.at,
        title: "Convertido em cliente",
        detail: plan ? `Plano: ${String(plan)} (assinatura ativa criada)` : "Sem plano",
        by: a.actorName,
      });
      continue;
    }
    const reason = a.changes?.motivoPerda?.[1];
    entries.push({
      key: a.id,
      kind: to === "perdido" ? "lost" : "status",
      at: a.at,
      title: `${stageLabel(from)} → ${stageLabel(to)}`,
      detail: reason ? `Motivo: ${String(reason)}` : null,
      by: a.actorName,
    });
  }
  for (const n of notes) {
    entries.push({
      key: n.id,
      kind: "note",
      at: n.createdAt,
      title: "Anotação",
      detail: n.note,
      by: n.authorName,
    });
  }
  for (const m of mails) {
    entries.push({
      key: m.id,
      kind: "mail",
      at: m.createdAt,
      title: `E-mail enviado para ${m.toAddress}`,
      detail: `${m.subject} (${MAIL_STATUS_LABELS[m.status] ?? m.status})`,
      by: null,
    });
  }
  return entries.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.key < b.key ? 1 : -1));
}
