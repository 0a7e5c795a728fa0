import { Form, useNavigation } from "react-router";
import { Card } from "~/components/admin/ui";
import { Button, TextField } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { formatDateTime } from "~/lib/format";
import { NewPasswordFields } from "~/components/auth/new-password-fields";

export interface AccountSessionView {
  id: string;
  device: string;
  createdAt: Date | string;
  lastActiveAt: Date | string;
  current: boolean;
}

type Reply = FormReply<never, { intent?: string }> | undefined;

/** "Minha conta": name, password and open sessions (admin and portal share it). */
export function AccountPanel({
  name,
  email,
  sessions,
  actionData,
}: {
  name: string;
  email: string;
  sessions: AccountSessionView[];
  actionData: Reply;
}) {
  useReplyToast(actionData);
  const nav = useNavigation();
  const submitting = (intent: string) => nav.state === "submitting" && nav.formData?.get("intent") === intent;
  const errorsFor = (intent: string) => (actionData?.intent === intent ? actionData.fieldErrors : {});
  const nameErrors = errorsFor("name");
  const pwErrors = errorsFor("password");
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div className="space-y-6">
      <PageHeader title="Minha conta" subtitle={email} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Nome</h2>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="name" />
            <TextField
              label="Nome"
              name="name"
              autoComplete="name"
              defaultValue={name}
              error={nameErrors.name}
            />
            <Button type="submit" busy={submitting("name")} busyLabel="Salvando...">
              Salvar nome
            </Button>
          </Form>
        </Card>
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Alterar senha</h2>
          <p className="mt-1 text-sm text-slate-600">
            Ao alterar a senha, as sessões nos outros dispositivos são encerradas.
          </p>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="password" />
            <TextField
              label="Senha atual"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={pwErrors.currentPassword}
            />
            <NewPasswordFields errors={pwErrors} fresh />
            <Button type="submit" busy={submitting("password")} busyLabel="Alterando...">
              Alterar senha
            </Button>
          </Form>
        </Card>
      </div>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">Sessões ativas</h2>
          {others > 0 && (
            <Form method="post">
              <input type="hidden" name="intent" value="endOthers" />
              <Button
                type="submit"
                variant="secondary"
                busy={submitting("endOthers")}
                busyLabel="Encerrando..."
              >
                Sair de todos os outros dispositivos
              </Button>
            </Form>
          )}
        </div>
        <ul aria-label="Sessões ativas" className="mt-4 divide-y divide-slate-100">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <span className="font-medium text-slate-900">
                {s.device}
                {s.current && <span className="ml-2 text-xs font-semibold text-green-700">Esta sessão</span>}
              </span>
              <span className="text-sm text-slate-600">
                Entrou em {formatDateTime(s.createdAt)} · última atividade {formatDateTime(s.lastActiveAt)}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
