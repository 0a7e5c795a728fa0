import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dados";
import { WhatsAppCard } from "~/components/client-area/whatsapp-card";
import { Button, TextField } from "~/components/ui/form";
import { requireClient } from "~/modules/client-area/client-session.server";
import { requestEmailChange } from "~/modules/client-area/email-change.server";
import { ContactSchema, getOwnContact, updateOwnContact } from "~/modules/client-area/self-service.server";
import { redirectWithToast } from "~/lib/form-reply.server";
import { whatsappAreaAction, whatsappAreaView } from "~/modules/whatsapp/client-area.server";
import { FiscalDataForm } from "~/components/client-area/fiscal-data-form";
import {
  FiscalDataSchema,
  getOwnFiscalData,
  updateOwnFiscalData,
} from "~/modules/client-area/fiscal-data.server";
import { checkForm, readForm } from "~/server/http/form.server";

// "Seus dados": the contact name and phone, and the LGPD download. A saved form redirects back
// with the toast (PRG: plain HTML, decision 046); a refused one comes back with its messages.
export async function loader({ request }: Route.LoaderArgs) {
  const { client } = await requireClient(request);
  const [contact, fiscal, whatsapp] = await Promise.all([
    getOwnContact({ clientId: client.id }),
    getOwnFiscalData({ clientId: client.id }),
    whatsappAreaView(client.id),
  ]);
  return { contact, fiscal, whatsapp };
}

export async function action({ request }: Route.ActionArgs) {
  const s = await requireClient(request);
  const form = await readForm(request);
  if (form.intent?.startsWith("whatsapp-")) {
    const actor = { id: s.user.id, name: `${s.client.name} (cliente)` };
    const whatsapp = await whatsappAreaAction(form, { clientId: s.client.id, actor });
    if (whatsapp.ok) return redirectWithToast("/cliente/dados", "success", whatsapp.message);
    return data({ whatsapp, formError: whatsapp.message }, { status: 400 });
  }
  if (form.intent === "email") {
    const changed = await requestEmailChange({ clientId: s.client.id, email: form.email ?? "" });
    if (!changed.ok) return data({ fieldErrors: { email: changed.message } }, { status: 400 });
    return redirectWithToast("/cliente/dados", "success", changed.message);
  }
  if (form.intent === "fiscal") {
    const fiscal = checkForm(form, FiscalDataSchema, (errors, fields) =>
      data({ fieldErrors: errors, fiscalValues: fields }, { status: 400 }),
    );
    if (!fiscal.ok) return fiscal.reply;
    const saved = await updateOwnFiscalData({
      clientId: s.client.id,
      input: fiscal.data,
      actor: { id: s.user.id, name: `${s.client.name} (cliente)` },
    });
    return redirectWithToast("/cliente/dados", "success", saved.message);
  }
  const contact = checkForm({ name: form.name ?? "", phone: form.phone ?? "" }, ContactSchema, (errors) =>
    data({ fieldErrors: errors }, { status: 400 }),
  );
  if (!contact.ok) return contact.reply;
  const result = await updateOwnContact({
    clientId: s.client.id,
    input: contact.data,
    actor: { id: s.user.id, name: `${s.client.name} (cliente)` },
  });
  return redirectWithToast("/cliente/dados", "success", result.message);
}

export default function ClientData({
  loaderData: { contact, fiscal, whatsapp },
  actionData,
}: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // A refused "Dados para a nota fiscal": its errors and what was typed.
  const refusedFiscal =
    actionData && "fiscalValues" in actionData
      ? (actionData as { fieldErrors: Record<string, string>; fiscalValues: Record<string, string> })
      : null;
  const errors: Partial<Record<"name" | "phone" | "email", string>> | undefined =
    actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Seus dados</h1>
      <section
        aria-labelledby="contato"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="contato" className="text-lg font-semibold">
          Contato
        </h2>
        <Form method="post" className="mt-3 space-y-4" noValidate>
          <TextField
            label="Nome do contato"
            name="name"
            autoComplete="name"
            required
            defaultValue={contact?.name}
            error={errors?.name}
          />
          <TextField
            label="Telefone"
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            defaultValue={contact?.phone}
            error={errors?.phone}
          />
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            Salvar
          </Button>
        </Form>
      </section>
      <section aria-labelledby="email" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="email" className="text-lg font-semibold">
          E-mail de acesso
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Hoje: <strong>{contact?.email}</strong>. Enviamos um link de confirmação para o novo endereço; a
          troca só vale depois que você confirmar, e avisamos o endereço atual.
        </p>
        <Form method="post" className="mt-3 space-y-4" noValidate>
          <input type="hidden" name="intent" value="email" />
          <TextField
            label="Novo e-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            error={errors?.email}
          />
          <Button type="submit" busy={busy} busyLabel="Enviando...">
            Trocar e-mail
          </Button>
        </Form>
      </section>
      <FiscalDataForm
        values={(refusedFiscal ? refusedFiscal.fiscalValues : fiscal) ?? {}}
        errors={refusedFiscal?.fieldErrors}
      />
      <WhatsAppCard
        view={whatsapp}
        reply={actionData && "whatsapp" in actionData ? actionData.whatsapp : null}
      />
      <section aria-labelledby="lgpd" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="lgpd" className="text-lg font-semibold">
          Privacidade
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Baixe uma cópia dos dados que guardamos sobre você: cadastro, assinaturas e cobranças.
        </p>
        <a
          href="/cliente/meus-dados.json"
          download
          className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
        >
          Baixar meus dados (JSON)
        </a>
      </section>
      <Link
        to="/cliente"
        className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
      >
        Voltar à Área do Cliente
      </Link>
    </div>
  );
}

export function meta() {
  return [
    { title: "Seus dados | Área do Cliente | CardápioDigital" },
    { name: "robots", content: "noindex" },
  ];
}
