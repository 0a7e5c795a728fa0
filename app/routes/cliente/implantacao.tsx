import { Link } from "react-router";
import type { Route } from "./+types/implantacao";
import { SubmissionsSection } from "~/components/client-area/submissions";
import { replyError } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireClient } from "~/modules/client-area/client-session.server";
import { CLIENT_SUBMISSIONS, type ClientSubmission } from "~/modules/onboarding/client-steps.constants";
import { getClientSubmissions } from "~/modules/onboarding/client-submission-reads.server";
import { submitFromForm, type SubmissionReply } from "~/modules/onboarding/submission-form.server";
import { readFileForm } from "~/server/http/form.server";

// "Implantação" (decision 041): what the menu needs, sent by the restaurant. The forms of /cliente
// post here (a file as multipart, without JavaScript too); a refusal is shown next to its form.
export async function loader({ request }: Route.LoaderArgs) {
  const { client } = await requireClient(request);
  const sent = new URL(request.url).searchParams.get("enviado");
  return {
    submissions: await getClientSubmissions({ clientId: client.id }),
    sent: (CLIENT_SUBMISSIONS as readonly string[]).includes(sent ?? "") ? (sent as ClientSubmission) : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const s = await requireClient(request);
  const read = await readFileForm(request);
  if (!read.ok) return refused({ intent: null, message: read.message }, read.status);
  const r = await submitFromForm(read, s.client.id, {
    id: s.user.id,
    name: `${s.client.name} (cliente)`,
  });
  if (!r.ok) return refused(r, 400);
  return redirectWithToast(
    `/cliente/implantacao?enviado=${r.intent}#envio-${r.intent}`,
    "success",
    r.message,
    // The page says it beside the form (`?enviado=`); a toast would repeat it.
    { inPage: true },
  );
}

/** A refusal in the house's reply shape, with the form it belongs to and what was typed. */
const refused = (r: Pick<SubmissionReply, "intent" | "message" | "value">, status: number) =>
  replyError(r.message, { status, extra: { intent: r.intent, value: r.value } });

export default function ClientSubmissionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Implantação</h1>
      {loaderData.submissions ? (
        <SubmissionsSection
          submissions={loaderData.submissions}
          reply={actionData ?? null}
          sent={loaderData.sent}
        />
      ) : (
        <p className="text-sm text-slate-700">
          Sua implantação começa quando o primeiro pagamento é confirmado. Depois disso, envie aqui o
          cardápio, o logo e as informações do restaurante.
        </p>
      )}
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
    { title: "Implantação | Área do Cliente | CardápioDigital" },
    { name: "robots", content: "noindex" },
  ];
}
