import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/privacy";
import { PrivacyNav } from "~/components/admin/privacy-nav";
import { Card } from "~/components/admin/ui";
import { ListError } from "~/components/ui/list-states";
import { Button, TextAreaField, TextField } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { requireAdmin } from "~/modules/auth/session.server";
import { PRIVACY_MESSAGES, PrivacySettingsSchema } from "~/modules/legal/legal.schema";
import {
  getPrivacySettings,
  legalPageFrom,
  savePrivacySettings,
} from "~/modules/legal/privacy-settings.server";
import { saveSettingsForm } from "~/server/http/settings-form.server";

const PATH = "/admin/settings/privacy";
const FIELDS = ["companyName", "contactEmail", "privacyPolicy", "termsOfUse", "leadRetentionMonths"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const row = await getPrivacySettings();
  // The default texts as they read now (with the saved controller), for the admin to start from.
  const defaults = legalPageFrom(
    row ? { ...row, privacyPolicy: null, termsOfUse: null } : null,
    "privacidade",
  );
  const defaultTerms = legalPageFrom(
    row ? { ...row, privacyPolicy: null, termsOfUse: null } : null,
    "termos",
  );
  return {
    values: {
      companyName: row?.companyName ?? "",
      contactEmail: row?.contactEmail ?? "",
      privacyPolicy: row?.privacyPolicy ?? "",
      termsOfUse: row?.termsOfUse ?? "",
      leadRetentionMonths: String(row?.leadRetentionMonths ?? 24),
    } satisfies Values,
    defaults: { privacyPolicy: defaults.html, termsOfUse: defaultTerms.html },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  return saveSettingsForm(request, {
    schema: PrivacySettingsSchema,
    fields: FIELDS,
    maxLength: 100_000,
    path: PATH,
    saved: PRIVACY_MESSAGES.saved,
    error: PRIVACY_MESSAGES.saveError,
    save: (input) => savePrivacySettings({ input, actor: user }),
  });
}

export default function PrivacySettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const busy = useNavigation().state === "submitting";
  const typed = actionData && "values" in actionData ? (actionData.values as Values | undefined) : undefined;
  const v = typed ?? loaderData.values;
  const errors = actionData?.fieldErrors;
  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Privacidade (LGPD)"
        subtitle="Quem responde pelos dados e os textos legais do site"
      />
      <PrivacyNav />
      <Card className="max-w-3xl">
        <h2 className="text-lg font-semibold text-slate-900">Privacidade (LGPD)</h2>
        <p className="mt-1 text-sm text-slate-600">
          Estes dados aparecem na{" "}
          <a
            href="/privacidade"
            className="font-medium text-brand-700 underline"
            target="_blank"
            rel="noreferrer"
          >
            Política de Privacidade
          </a>{" "}
          e nos{" "}
          <a href="/termos" className="font-medium text-brand-700 underline" target="_blank" rel="noreferrer">
            Termos de Uso
          </a>
          . Deixe um texto em branco para usar o texto padrão, que já traz o nome e o e-mail abaixo.
        </p>
        <Form method="post" className="mt-4 space-y-4" noValidate key={JSON.stringify(loaderData.values)}>
          <TextField
            label="Empresa responsável (controlador)"
            name="companyName"
            defaultValue={v.companyName}
            maxLength={200}
            placeholder="CardápioDigital Ltda."
            error={errors?.companyName}
          />
          <TextField
            label="E-mail para pedidos sobre dados pessoais"
            name="contactEmail"
            type="email"
            defaultValue={v.contactEmail}
            maxLength={254}
            placeholder="privacidade@seunegocio.com.br"
            error={errors?.contactEmail}
          />
          <TextField
            label="Anonimizar leads perdidos após N meses"
            name="leadRetentionMonths"
            type="number"
            min={1}
            max={120}
            step={1}
            required
            defaultValue={v.leadRetentionMonths}
            hint="Todo dia, os leads perdidos há mais tempo que isso têm nome, e-mail, telefone e mensagens substituídos. Os e-mails enviados guardam o conteúdo por 90 dias."
            error={errors?.leadRetentionMonths}
          />
          <LegalTextField
            label="Política de Privacidade (HTML)"
            name="privacyPolicy"
            value={v.privacyPolicy}
            fallback={loaderData.defaults.privacyPolicy}
            error={errors?.privacyPolicy}
          />
          <LegalTextField
            label="Termos de Uso (HTML)"
            name="termsOfUse"
            value={v.termsOfUse}
            fallback={loaderData.defaults.termsOfUse}
            error={errors?.termsOfUse}
          />
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            Salvar
          </Button>
        </Form>
      </Card>
    </div>
  );
}

function LegalTextField({
  label,
  name,
  value,
  fallback,
  error,
}: {
  label: string;
  name: string;
  value: string;
  fallback: string;
  error?: string;
}) {
  return (
    <div>
      <TextAreaField
        label={label}
        name={name}
        rows={10}
        defaultValue={value}
        placeholder="Em branco: texto padrão"
        error={error}
      />
      <p className="mt-1 text-xs text-slate-500">
        Títulos (h2, h3), parágrafos, listas, negrito e links. Scripts e estilos são removidos.
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">
          Ver o texto padrão (para copiar)
        </summary>
        <textarea
          readOnly
          aria-label={`${label}: texto padrão`}
          rows={8}
          value={fallback}
          className="mt-2 w-full rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-700"
        />
      </details>
    </div>
  );
}

export function meta() {
  return [{ title: "Privacidade | Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={PRIVACY_MESSAGES.loadError} />;
}
