import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/edit";
import { ChargesSection } from "~/components/admin/clients/charges-section";
import { ClientEditSection } from "~/components/admin/clients/overview/client-edit-section";
import { NotesSection } from "~/components/admin/clients/notes-section";
import { ClientOnboardingSection } from "~/components/admin/onboarding/client-onboarding-section";
import { ClientRequestsSection } from "~/components/admin/requests/client-requests-section";
import { SubscriptionsSection } from "~/components/admin/clients/subscriptions-section";
import { ClientLeadLink } from "~/components/admin/leads/client-lead-link";
import { ClientOrigin } from "~/components/admin/clients/overview/client-origin";
import { ClientSummary } from "~/components/admin/clients/overview/client-summary";
import { WhatsAppSection } from "~/components/admin/clients/whatsapp-section";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid, replyOk, replyRefused, toast, type ToastKind } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { clientChargesView } from "~/modules/billing/charge-pix.server";
import { previewPlanChanges } from "~/modules/billing/plan-change.server";
import {
  CLIENT_MESSAGES,
  NOTE_MESSAGES,
  NoteSchema,
  SUBSCRIPTION_MESSAGES,
  SubscriptionSchema,
} from "~/modules/clients/clients.schema";
import { getClient, PlanNotFoundError } from "~/modules/clients/clients.server";
import { addNote, deleteNote, listNotes } from "~/modules/clients/notes.server";
import {
  addSubscription,
  deleteSubscription,
  listSubscriptions,
} from "~/modules/clients/subscriptions.server";
import { today } from "~/server/clock.server";
import { submitClientForm } from "~/modules/clients/client-form.server";
import { submitSubscriptionChange } from "~/modules/clients/subscription-changes.server";
import { SUSPENSION_MESSAGES, setSuspensionExempt } from "~/modules/billing/suspension.server";
import { invoicesByCharge } from "~/modules/invoices/views.server";
import { getClientOrigin } from "~/modules/leads/lead.server";
import { getClientOnboarding } from "~/modules/onboarding/onboarding-reads.server";
import { withSubmissions } from "~/modules/onboarding/client-submission-reads.server";
import { listOpenClientRequests } from "~/modules/client-requests/requests.server";
import { PLAN_MESSAGES } from "~/modules/plans/plans.schema";
import { listPlanOptions } from "~/modules/plans/plans.server";
import { checkForm, readFormLists } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { adminWhatsAppView, whatsappAdminAction } from "~/modules/whatsapp/admin-client.server";

/** The client in the URL, or back to the list with `message` (the spec's load error by default). */
async function requireClient(id: string, message: string = CLIENT_MESSAGES.loadFailed) {
  const client = await getClient({ id }).catch((err) => {
    log.error({ err }, "client load failed");
    return null;
  });
  if (!client) throw await redirectWithToast("/admin/clients", "error", message);
  return client;
}

/** A widget's rows, or [] with its spec error (the rest of the page still works). */
async function settled<T>(load: Promise<T[]>, message: string): Promise<{ rows: T[]; error: string | null }> {
  try {
    return { rows: await load, error: null };
  } catch (err) {
    log.error({ err }, message);
    return { rows: [], error: message };
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const client = await requireClient(params.id);
  const [subs, notes, plans, charges, lead, onboarding, requests, whatsapp] = await Promise.all([
    settled(listSubscriptions({ clientId: client.id }), SUBSCRIPTION_MESSAGES.listFailed),
    settled(listNotes({ clientId: client.id }), NOTE_MESSAGES.listFailed),
    settled(listPlanOptions(), PLAN_MESSAGES.listFailed),
    settled(clientChargesView({ clientId: client.id }), "Erro ao carregar as cobranças"),
    // The lead it was converted from, with its attribution and referral;
    // the page works without it.
    getClientOrigin({ clientId: client.id }).catch(() => null),
    // Its onboarding; the page works without it.
    getClientOnboarding({ clientId: client.id })
      .then(async (o) => (o ? (await withSubmissions([o]))[0] : null))
      .catch(() => null),
    // Its open requests from /cliente; the page works without them.
    listOpenClientRequests({ clientId: client.id }).catch(() => []),
    // Its WhatsApp consent, preference and messages; the page works without them.
    adminWhatsAppView(client.id).catch(() => null),
  ]);
  const error = subs.error ?? notes.error ?? plans.error ?? charges.error;
  // The charges' tax invoices; the page works without them.
  const invoices = await invoicesByCharge(charges.rows.map((c) => c.id)).catch(() => ({}));
  // What "Trocar plano … Agora" costs, shown before confirming; the page works without it.
  const previews = await previewPlanChanges({
    subscriptions: subs.rows,
    planIds: plans.rows.map((p) => p.id),
  }).catch(() => ({}));
  return {
    client,
    subscriptions: subs.rows,
    notes: notes.rows,
    plans: plans.rows,
    charges: charges.rows,
    invoices,
    lead,
    onboarding,
    requests,
    whatsapp,
    previews,
    today: today(),
    toast: error ? toast.error(error) : null,
  };
}

const INTENTS = [
  "update",
  "add-subscription",
  "delete-subscription",
  "change-plan",
  "cancel-subscription",
  "undo-plan-change",
  "add-note",
  "delete-note",
  "suspension-exempt",
] as const;
const FAILURES = {
  update: CLIENT_MESSAGES.updateFailed,
  "add-subscription": SUBSCRIPTION_MESSAGES.addFailed,
  "delete-subscription": SUBSCRIPTION_MESSAGES.deleteFailed,
  "change-plan": SUBSCRIPTION_MESSAGES.changeFailed,
  "cancel-subscription": SUBSCRIPTION_MESSAGES.changeFailed,
  "undo-plan-change": SUBSCRIPTION_MESSAGES.changeFailed,
  "add-note": NOTE_MESSAGES.addFailed,
  "delete-note": NOTE_MESSAGES.deleteFailed,
  "suspension-exempt": SUSPENSION_MESSAGES.exemptFailed,
} as const;

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  // The first "intent" decides, as the form posts it first (a repeated one cannot switch the branch).
  const { fields: raw, lists } = await readFormLists(request, ["intent"]);
  const intent = INTENTS.find((i) => i === lists.intent[0]);
  // A client deleted meanwhile: what was asked failed, and there is no page to stay on.
  const client = await requireClient(params.id, intent ? FAILURES[intent] : CLIENT_MESSAGES.loadFailed);
  const here = `/admin/clients/edit/${client.id}`;
  // Deletes come from fetchers: the redirect back carries the toast and replaces the entry.
  const back = (kind: ToastKind, message: string) =>
    redirectWithToast(here, kind, message, { replace: true });
  // The WhatsApp block's own small forms (consent, withdrawal, preference).
  const asked = lists.intent[0] ?? "";
  if (!intent && asked.startsWith("whatsapp-")) {
    const r = await whatsappAdminAction({ ...raw, intent: asked }, { clientId: client.id, actor: user });
    return back(r.ok ? "success" : "error", r.message);
  }
  const invalid = (errors: Record<string, string>) => replyInvalid(errors, { extra: { intent } });
  try {
    switch (intent) {
      case "update": {
        const result = await submitClientForm({ fields: raw, id: client.id, actor: user });
        if (result.ok) return redirectWithToast("/admin/clients", result.toast.type, result.toast.message);
        if (result.notFound) return redirectWithToast("/admin/clients", "error", CLIENT_MESSAGES.loadFailed);
        return replyRefused(result, { intent });
      }
      case "add-subscription": {
        const parsed = checkForm(raw, SubscriptionSchema, invalid);
        if (!parsed.ok) return parsed.reply;
        await addSubscription({ clientId: client.id, input: parsed.data, actor: user });
        return replyOk(toast.success(SUBSCRIPTION_MESSAGES.added), { intent });
      }
      case "change-plan":
      case "cancel-subscription":
      case "undo-plan-change": {
        const result = await submitSubscriptionChange({
          intent,
          fields: raw,
          clientId: client.id,
          actor: user,
        });
        if (result.ok) return replyOk(toast.success(result.message), { intent });
        const status = result.fieldErrors ? 400 : 409;
        return replyError(result.message, {
          status,
          toastOnly: true,
          fieldErrors: result.fieldErrors,
          extra: { intent },
        });
      }
      case "add-note": {
        const parsed = checkForm(raw, NoteSchema, invalid);
        if (!parsed.ok) return parsed.reply;
        await addNote({ clientId: client.id, note: parsed.data.note, actor: user });
        return replyOk(toast.success(NOTE_MESSAGES.added), { intent });
      }
      case "delete-subscription": {
        // Deleted only when it belongs to the client in the URL.
        const ok = await deleteSubscription({
          clientId: client.id,
          subscriptionId: raw.subscriptionId ?? "",
          actor: user,
        });
        return back(
          ok ? "success" : "error",
          ok ? SUBSCRIPTION_MESSAGES.deleted : SUBSCRIPTION_MESSAGES.deleteFailed,
        );
      }
      case "delete-note": {
        const ok = await deleteNote({ clientId: client.id, noteId: raw.noteId ?? "", actor: user });
        return back(ok ? "success" : "error", ok ? NOTE_MESSAGES.deleted : NOTE_MESSAGES.deleteFailed);
      }
      case "suspension-exempt": {
        // Never suspended for a late charge; exempting a suspended one reactivates it.
        const exempt = raw.exempt === "true";
        const result = await setSuspensionExempt({
          clientId: client.id,
          subscriptionId: raw.subscriptionId ?? "",
          exempt,
          actor: user,
        });
        if (!result.ok) return back("error", result.message);
        return back("success", exempt ? SUSPENSION_MESSAGES.exempted : SUSPENSION_MESSAGES.exemptionRemoved);
      }
      default:
        return replyInvalid({}, { extra: { intent: null } });
    }
  } catch (err) {
    const message = intent ? FAILURES[intent] : CLIENT_MESSAGES.updateFailed;
    if (intent === "add-subscription" && err instanceof PlanNotFoundError) {
      // The plan was deleted after the page loaded.
      const fieldErrors = { planId: SUBSCRIPTION_MESSAGES.planRequired };
      return replyError(message, { status: 400, toastOnly: true, fieldErrors, extra: { intent } });
    }
    log.error({ err }, `client ${intent} failed`);
    if (intent === "delete-subscription" || intent === "delete-note" || intent === "suspension-exempt")
      return back("error", message);
    return replyError(message, { toastOnly: true, extra: { intent } });
  }
}

export default function EditClient({ loaderData, actionData }: Route.ComponentProps) {
  const { client, subscriptions, notes, plans, lead, today, previews } = loaderData;
  useReplyToast(loaderData);
  useReplyToast(actionData);
  const update = actionData?.intent === "update" && "values" in actionData ? actionData : null;
  // The page is an overview; "Editar dados" opens the form, as does a refused save.
  const [params] = useSearchParams();
  const editing = params.has("editar") || update !== null;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/clients" className="text-sm font-medium text-brand-700 hover:underline">
          ← Voltar para lista de clientes
        </Link>
        <div className="mt-3">
          {/* An overview first; each block is its own component, so more can join. */}
          <PageHeader
            title={client.name}
            subtitle={client.businessName}
            actions={
              <>
                {lead && <ClientLeadLink lead={lead} />}
                {!editing && (
                  <Link
                    to="?editar#dados-cliente"
                    className="inline-flex items-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    Editar dados
                  </Link>
                )}
              </>
            }
          />
        </div>
        <ClientSummary status={client.status} subscriptions={subscriptions} contact={client} />
      </div>
      {editing && <ClientEditSection client={client} plans={plans} refused={update} />}
      <ClientOrigin origin={lead} />
      <ClientRequestsSection clientId={client.id} requests={loaderData.requests} />
      <SubscriptionsSection
        clientId={client.id}
        subscriptions={subscriptions}
        plans={plans}
        previews={previews}
        today={today}
      />
      <ChargesSection
        clientId={client.id}
        client={client}
        charges={loaderData.charges}
        invoices={loaderData.invoices}
        today={today}
      />
      <ClientOnboardingSection
        clientId={client.id}
        clientName={client.name}
        onboarding={loaderData.onboarding}
      />
      <WhatsAppSection clientId={client.id} view={loaderData.whatsapp} />
      <NotesSection clientId={client.id} notes={notes} />
    </div>
  );
}

export function meta() {
  return [{ title: "Editar Cliente | CardápioDigital" }];
}
