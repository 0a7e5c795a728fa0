import { Form, useNavigation } from "react-router";
import { Card } from "~/components/admin/ui";
import { Button, FormAlert, TextField } from "~/components/ui/form";
import { WEBHOOK_EVENT_OPTIONS } from "~/modules/webhooks/webhooks.schema";

/** Registers an endpoint: URL + the events it receives. */
export function NewWebhookForm({ errors, resetKey }: { errors?: Record<string, string>; resetKey: string }) {
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent") === "create";
  return (
    <Card className="mb-6">
      <h2 className="text-lg font-semibold text-slate-900">Novo webhook</h2>
      <p className="mt-1 text-sm text-slate-600">
        Cada evento escolhido é enviado por POST, em JSON, com o cabeçalho{" "}
        <code>X-Signature: t=&lt;segundos&gt;,v1=&lt;assinatura&gt;</code>: v1 é o HMAC-SHA256 de{" "}
        <code>t.corpo</code> (o valor de t, um ponto e o corpo exato) com o segredo do webhook. Recuse
        entregas cujo t esteja a mais de 5 minutos do seu relógio: assim uma entrega copiada não pode ser
        repetida depois.
      </p>
      <Form method="post" className="mt-4 space-y-4" key={resetKey}>
        <input type="hidden" name="intent" value="create" />
        <FormAlert message={errors?._form} />
        <TextField
          label="URL"
          name="url"
          type="url"
          required
          maxLength={2000}
          placeholder="https://exemplo.com.br/webhooks/cardapio"
          error={errors?.url}
        />
        <fieldset aria-describedby={errors?.events ? "webhook-events-error" : undefined}>
          <legend className="text-sm font-medium text-slate-700">Eventos</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_OPTIONS.map((o) => (
              <label key={o.value} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="events" value={o.value} className="h-4 w-4" />
                {o.label}
              </label>
            ))}
          </div>
          {errors?.events && (
            <p id="webhook-events-error" className="mt-1 text-sm text-red-600">
              {errors.events}
            </p>
          )}
        </fieldset>
        <Button type="submit" busy={busy} busyLabel="Cadastrando...">
          Cadastrar webhook
        </Button>
      </Form>
    </Card>
  );
}

/** The secret of the endpoint just created, shown once. */
export function NewSecret({ url, secret }: { url: string; secret: string }) {
  return (
    <div role="status" className="mb-6 rounded-xl border border-green-300 bg-green-50 p-5">
      <p className="font-semibold text-green-900">
        Webhook cadastrado. Copie o segredo agora: ele não será mostrado de novo.
      </p>
      <p className="mt-1 text-sm break-all text-green-900">{url}</p>
      <p className="mt-3 text-sm text-green-900">Segredo de assinatura:</p>
      <code
        data-testid="webhook-secret"
        className="mt-1 block rounded-lg border border-green-200 bg-white px-3 py-2 font-mono text-sm break-all select-all"
      >
        {secret}
      </code>
    </div>
  );
}
