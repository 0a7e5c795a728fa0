import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dados";
import { Button, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { requireClient } from "~/modules/client-area/client-session.server";
import { getOwnContact, updateOwnContact } from "~/modules/client-area/self-service.server";

// "Seus dados" (issue 32 item 3): the contact name and phone, and the LGPD download.
export async function loader({ request }: Route.LoaderArgs) {
  const { client } = await requireClient(request);
  return { contact: await getOwnContact({ clientId: client.id }) };
}

export async function action({ request }: Route.ActionArgs) {
  const s = await requireClient(request);
  const result = await updateOwnContact({
    clientId: s.client.id,
    form: await request.formData(),
    actor: { id: s.user.id, name: `${s.client.name} (cliente)` },
  });
  if (!result.ok) return data({ fieldErrors: result.fieldErrors }, { status: 400 });
  return { toast: { type: "success" as const, message: result.message } };
}

export default function ClientData({ loaderData: { contact }, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useReplyToast(actionData && "toast" in actionData ? actionData : undefined);
  const errors = actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined;
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
          <p className="text-sm text-slate-600">
            E-mail de acesso: <strong>{contact?.email}</strong>. Para trocá-lo, fale com a nossa equipe.
          </p>
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            Salvar
          </Button>
        </Form>
      </section>
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
