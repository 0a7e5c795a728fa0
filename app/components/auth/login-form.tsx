import { Form, useNavigation } from "react-router";
import { Button, FormAlert, TextField } from "~/components/ui/form";
import { useToastFromData, type ToastData } from "~/components/ui/use-toast-data";

export interface LoginActionData extends ToastData {
  fieldErrors?: Record<string, string>;
  formError?: string | null;
}

export function LoginForm({ actionData }: { actionData?: LoginActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useToastFromData(actionData);
  return (
    <Form method="post" className="space-y-4" noValidate>
      <FormAlert message={actionData?.formError} />
      <TextField
        label="Email"
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
