import { ArrowLeft, RotateCw } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/detail";
import { DemoPixKeyNotice } from "~/components/admin/dashboard/demo-pix-notice";
import { MailStatusBadge, mailKindLabel } from "~/components/admin/emails/mail-status";
import { Card } from "~/components/admin/ui";
import { ListError } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { formatDateTime } from "~/lib/format";
import { recordAudit } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { mailCarriesDemoPixKey } from "~/modules/billing/demo-pix-mails.server";
import { MAIL_LOG_MESSAGES, MESSAGE_CHANNEL_LABELS } from "~/modules/notifications/notifications.constants";
import { statusHistory } from "~/modules/whatsapp/history.server";
import { parseForm } from "~/server/http/form.server";
import { getMail, previewHtml, resendMail } from "~/server/mail/mail.server";

const LIST = "/admin/emails";

/** The message in the URL, or back to the log with an error toast (unknown or malformed id). */
async function requireMail(id: string | undefined) {
  const parsed = z.uuid().safeParse(id);
  const mail = parsed.success ? await getMail({ id: parsed.data }) : null;
  if (!mail) throw await redirectWithToast(LIST, "error", MAIL_LOG_MESSAGES.notFound);
  return mail;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const m = await requireMail(params.id);
  return {
    mail: {
      id: m.id,
      kind: m.kind,
      channel: m.channel,
      toAddress: m.toAddress,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt,
      sentAt: m.sentAt,
      html: previewHtml(m),
      text: m.text,
    },
    demoPixKey: await mailCarriesDemoPixKey(m.kind),
    history: m.channel === "whatsapp" ? await statusHistory(m.id) : [],
  };
}

const ActionSchema = z.object({ intent: z.literal("resend") });

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const mail = await requireMail(params.id);
  const form = await parseForm(request, ActionSchema, () =>
    replyError(MAIL_LOG_MESSAGES.resendFailed, { status: 400, toastOnly: true }),
  );
  if (!form.ok) return form.reply;
  const ok = await resendMail({
    id: mail.id,
    onResend: (tx, m) =>
      recordAudit(tx, {
        actor: user,
        action: "mail.resent",
        entityType: "mail",
        entityId: m.id,
        entityLabel: `${m.subject} → ${m.toAddress}`,
      }),
  });
  if (!ok) return replyError(MAIL_LOG_MESSAGES.resendFailed, { status: 409, toastOnly: true });
  return redirectWithToast(`${LIST}/${mail.id}`, "success", MAIL_LOG_MESSAGES.resent, { replace: true });
}

function Field({
  label,
  children,
  className = "",
}: {
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default function EmailDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const { mail, demoPixKey, history } = loaderData;
  const busy = useNavigation().state === "submitting";
  const resendable = mail.status === "falhou" || mail.status === "sem_smtp";
  return (
    <div className="max-w-5xl">
      <Link
        to={LIST}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Voltar para e-mails
      </Link>
      <PageHeader
        title={mail.subject}
        subtitle={`Para ${mail.toAddress}`}
        actions={
          resendable ? (
            <Form method="post" replace>
              <input type="hidden" name="intent" value="resend" />
              <button
                type="submit"
                disabled={busy}
                className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
              >
                <RotateCw aria-hidden className="h-4 w-4" /> Reenviar
              </button>
            </Form>
          ) : null
        }
      />
      <DemoPixKeyNotice show={demoPixKey} what="o PIX deste e-mail usa" />
      <Card className="mb-6">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Field label="Canal">{MESSAGE_CHANNEL_LABELS[mail.channel]}</Field>
          <Field label="Destinatário">{mail.toAddress}</Field>
          <Field label="Tipo">{mailKindLabel(mail.kind)}</Field>
          <Field label="Status">
            <MailStatusBadge status={mail.status} />
          </Field>
          <Field label="Tentativas">{mail.attempts}</Field>
          <Field label="Criado em">{formatDateTime(mail.createdAt)}</Field>
          <Field label="Enviado em">{mail.sentAt ? formatDateTime(mail.sentAt) : "—"}</Field>
          <Field label="Último erro" className="sm:col-span-3">
            {mail.lastError ?? "—"}
          </Field>
          {mail.channel === "whatsapp" ? (
            <Field label="Histórico de status" className="sm:col-span-3">
              {history.length === 0 ? (
                "Nenhum status recebido do WhatsApp ainda."
              ) : (
                <ol className="space-y-1">
                  {history.map((h) => (
                    <li key={h.status}>
                      {formatDateTime(h.occurredAt)} · {h.label}
                      {h.errorCode ? ` (erro ${h.errorCode}${h.errorTitle ? `: ${h.errorTitle}` : ""})` : ""}
                    </li>
                  ))}
                </ol>
              )}
            </Field>
          ) : null}
        </dl>
      </Card>
      <section aria-labelledby="mail-html" className="mb-6">
        <h2 id="mail-html" className="mb-2 text-lg font-semibold text-slate-900">
          Versão HTML
        </h2>
        {/* The stored body, inert: an empty sandbox runs no script, submits no form, opens nothing. */}
        <iframe
          title="Corpo do e-mail em HTML"
          sandbox=""
          srcDoc={mail.html}
          className="h-[36rem] w-full rounded-xl border border-slate-200 bg-white"
        />
      </section>
      <section aria-labelledby="mail-text">
        <h2 id="mail-text" className="mb-2 text-lg font-semibold text-slate-900">
          Versão texto
        </h2>
        <pre className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4 text-sm whitespace-pre-wrap text-slate-800">
          {mail.text}
        </pre>
      </section>
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.mail.subject ?? "E-mail"} | CardápioDigital` }];
}

export function ErrorBoundary() {
  return <ListError message={MAIL_LOG_MESSAGES.loadError} />;
}
