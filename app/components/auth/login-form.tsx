import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { Button, FormAlert, TextField } from "~/components/ui/form";
import { dismissToasts } from "~/components/ui/toasts";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";

export type LoginActionData = FormReply;

export function LoginForm({ actionData }: { actionData?: LoginActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // A refused sign-in is said once, next to the form (role="alert"), not again in a toast; a new
  // attempt closes whatever toast an earlier answer left (so no stale error after success).
  useReplyToast(actionData?.formError ? null : actionData);
  useEffect(() => {
    if (busy) dismissToasts();
  }, [busy]);
  return (
    <Form method="post" className="space-y-4" noValidate>
      <FormAlert message={actionData?.formError} />
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={actionData?.fieldErrors?.email}
      />
      <TextField
        label="Senha"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={actionData?.fieldErrors?.password}
      />
      <Button type="submit" busy={busy} busyLabel="Entrando..." className="w-full">
        Entrar
      </Button>
    </Form>
  );
}
