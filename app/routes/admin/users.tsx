import { Form, useNavigation } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/users";
import { Pagination } from "~/components/admin/pagination";
import { MailNotice } from "~/components/admin/mail-notice";
import { AdminTable } from "~/components/admin/users/admin-table";
import { Card } from "~/components/admin/ui";
import { Button, FormAlert, TextField } from "~/components/ui/form";
import { ListError } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { parseListParams } from "~/lib/list-params";
import { ACCOUNT_MESSAGES, InviteAdminSchema } from "~/modules/accounts/accounts.schema";
import {
  AccountNotFoundError,
  deactivateUser,
  EmailInUseError,
  inviteAdmin,
  LastAdminError,
  listAdmins,
  NotInvitedError,
  reactivateUser,
  resendInvitation,
} from "~/modules/accounts/team.server";
import { redirectWithMailNotice } from "~/modules/accounts/mail-notice.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { BAD_FORM_MESSAGE, checkForm, readForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

const PAGE_SIZE = 50;
const UserId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request);
  const { page } = parseListParams(new URL(request.url), {
    sorts: ["name"],
    defaultSort: "name",
    pageSize: PAGE_SIZE,
  });
  const { rows, total } = await listAdmins({ page, pageSize: PAGE_SIZE });
  return { rows, total, page, meId: me.user.id };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const actor = { id: me.user.id, name: me.user.name };
  const form = await readForm(request);

  if (form.intent === "invite") {
    const values = { name: String(form.name ?? ""), email: String(form.email ?? "") };
    const parsed = checkForm(form, InviteAdminSchema, (errors) => replyInvalid(errors, { values }));
    if (!parsed.ok) return parsed.reply;
    let mailId: string | null;
    try {
      ({ mailId } = await inviteAdmin(actor, parsed.data));
    } catch (err) {
      if (err instanceof EmailInUseError) {
        return replyInvalid({ email: ACCOUNT_MESSAGES.emailInUse }, { values, status: 409 });
      }
      log.error({ err }, "inviteAdmin failed");
      return replyError(ACCOUNT_MESSAGES.actionFailed, { values });
    }
    return redirectWithMailNotice("/admin/users", "convite", mailId);
  }

  const id = UserId.safeParse(form.id);
  const back = (kind: "success" | "error", msg: string) =>
    redirectWithToast("/admin/users", kind, msg, { replace: true });
  const run = async (
    fn: (id: string) => Promise<unknown>,
    done: string | ((r: unknown) => Promise<Response>),
  ) => {
    if (!id.success) return back("error", ACCOUNT_MESSAGES.notFound);
    let result: unknown;
    try {
      result = await fn(id.data);
    } catch (err) {
      if (err instanceof LastAdminError) return back("error", ACCOUNT_MESSAGES.lastAdmin);
      if (err instanceof AccountNotFoundError) return back("error", ACCOUNT_MESSAGES.notFound);
      if (err instanceof NotInvitedError) return back("error", ACCOUNT_MESSAGES.notInvited);
      log.error({ err, intent: form.intent }, "admin team action failed");
      return back("error", ACCOUNT_MESSAGES.actionFailed);
    }
    return typeof done === "string" ? back("success", done) : done(result);
  };

  switch (form.intent) {
    case "deactivate":
      // One's own row has no "Desativar"; a forged request is refused too.
      if (id.success && id.data === me.user.id) return back("error", ACCOUNT_MESSAGES.cannotDeactivateSelf);
      return run((uid) => deactivateUser(actor, uid, { role: "admin" }), ACCOUNT_MESSAGES.adminDeactivated);
    case "reactivate":
      return run((uid) => reactivateUser(actor, uid, { role: "admin" }), ACCOUNT_MESSAGES.adminReactivated);
    case "resend":
      return run(
        (uid) => resendInvitation(actor, uid),
        (r) =>
          redirectWithMailNotice(
            "/admin/users",
            "convite-reenviado",
            (r as { mailId: string | null }).mailId,
          ),
      );
  }
  return replyError(BAD_FORM_MESSAGE, { status: 400, toastOnly: true });
}

export default function AdminUsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, meId } = loaderData;
  useReplyToast(actionData);
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent") === "invite";
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values;
  return (
    <div>
      <PageHeader
        title="Equipe"
        subtitle="Administradores do painel. Desativar encerra na hora as sessões da pessoa e impede novos logins; o histórico fica."
      />
      <MailNotice />
      <AdminTable rows={rows} meId={meId} />
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} />
      <Card className="mt-6 max-w-xl">
        <h2 className="text-lg font-semibold text-slate-900">Convidar administrador</h2>
        <p className="mt-1 text-sm text-slate-600">
          A pessoa recebe um e-mail com um link para definir a senha. O link vale por 72 horas e só pode ser
          usado uma vez.
        </p>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="invite" />
          <FormAlert message={actionData?.formError} />
          <TextField label="Nome" name="name" required defaultValue={values?.name} error={errors.name} />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            required
            defaultValue={values?.email}
            error={errors.email}
          />
          <Button type="submit" busy={busy} busyLabel="Enviando convite...">
            Enviar convite
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export function meta() {
  return [{ title: "Equipe | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message="Não foi possível carregar a equipe. Tente novamente." />;
}
