import { data } from "react-router";
import type { Route } from "./+types/index";
import {
  ChargesSection,
  HelpSection,
  OnboardingSection,
  PlanSection,
  SignOutEverywhere,
} from "~/components/client-area/overview";
import { MenuLiveSection } from "~/components/client-area/menu-live";
import { RequestsSection } from "~/components/client-area/requests";
import { SubmissionsSection } from "~/components/client-area/submissions";
import { getClientOverview } from "~/modules/client-area/client-area.server";
import { requireClient } from "~/modules/client-area/client-session.server";
import { createClientRequest } from "~/modules/client-requests/create-request.server";
import { getOwnRequests } from "~/modules/client-requests/requests.server";
import { getClientSubmissions } from "~/modules/onboarding/client-submission-reads.server";
import { readRequestDraft } from "~/modules/client-requests/request-draft";
import { ClientRequestSchema, requestRefusal } from "~/modules/client-requests/requests.schema";
import { redirectWithToast } from "~/lib/form-reply.server";
import { invoicesByCharge } from "~/modules/invoices/views.server";
import { parseForm } from "~/server/http/form.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { client } = await requireClient(request);
  const [overview, requests, submissions] = await Promise.all([
    getClientOverview({ clientId: client.id }),
    getOwnRequests({ clientId: client.id }),
    getClientSubmissions({ clientId: client.id }),
  ]);
  // The plan-change form's first step, a GET (works without script): what, and which plan.
  const params = new URL(request.url).searchParams;
  const draft = readRequestDraft(
    params.has("kind") ? { kind: params.get("kind"), planId: params.get("planId") } : null,
    requests.plans.map((p) => p.id),
  );
  // The paid charges' tax invoices (the client's own charges only); the page works without them.
  const invoices = await invoicesByCharge(overview.paid.map((c) => c.id)).catch(() => ({}));
  return { ...overview, requests, submissions, draft, invoices };
}

// "Alterar ou cancelar o plano": a request to the admins; the client is the session's. Sent, it
// redirects back with the toast (PRG); refused, the page comes back with the choice and the message.
export async function action({ request }: Route.ActionArgs) {
  const s = await requireClient(request);
  const form = await parseForm(request, ClientRequestSchema, (errors, fields) =>
    data({ ...requestRefusal(errors), values: draftFields(fields) }, { status: 400 }),
  );
  if (!form.ok) return form.reply;
  const result = await createClientRequest({
    clientId: s.client.id,
    input: form.data,
    actor: { id: s.user.id, name: `${s.client.name} (cliente)` },
  });
  if (!result.ok) return data({ ...result, values: draftFields(form.fields) }, { status: 400 });
  return redirectWithToast("/cliente#alterar-plano", "success", result.message);
}

const draftFields = (f: Record<string, string | undefined>) => ({
  kind: f.kind ?? "",
  planId: f.planId ?? "",
});

export default function ClientAreaHome({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Olá, {d.client?.name}!</h1>
      <MenuLiveSection menu={d.menu} help={d.help} />
      <PlanSection subscription={d.subscription} planName={d.client?.planName ?? null} />
      <ChargesSection open={d.open} paid={d.paid} invoices={d.invoices} />
      <OnboardingSection onboarding={d.onboarding} />
      <SubmissionsSection submissions={d.submissions} reply={null} sent={null} />
      <RequestsSection own={d.requests} draft={d.draft} reply={actionData} />
      <HelpSection help={d.help} />
      <SignOutEverywhere />
    </div>
  );
}

export function meta() {
  return [{ title: "Área do Cliente | CardápioDigital" }, { name: "robots", content: "noindex" }];
}
