import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/detail";
import {
  FollowUpForm,
  LeadActions,
  LeadFacts,
  LeadNoteForm,
  LeadTimeline,
} from "~/components/admin/leads/lead-page";
import { StageBar } from "~/components/admin/leads/stage-bar";
import { PageHeader } from "~/components/ui/page-header";
import { replyError, replyInvalid, replyOk, toast } from "~/lib/form-reply";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { NoteSchema } from "~/modules/clients/clients.schema";
import { addLeadNote, deleteLead, getLead, getLeadReferrer, setFollowUp } from "~/modules/leads/lead.server";
import { getLeadTimeline } from "~/modules/leads/lead-timeline.server";
import { FollowUpSchema, LEAD_PAGE_MESSAGES, STAGE_LABELS } from "~/modules/leads/leads.schema";
import { listConversionPlans } from "~/modules/leads/conversion.server";
import { getFunnelSettings } from "~/modules/leads/funnel-settings.server";
import { checkForm, readForm } from "~/server/http/form.server";
import { sendLeadWhatsApp, whatsappAvailable } from "~/modules/whatsapp/manual-sends.server";
import { log } from "~/server/logging/logger.server";
import { now } from "~/server/clock.server";
import { ListError } from "~/components/ui/list-states";

/** The lead in the URL, or back to the funnel with `message`. */
async function requireLead(id: string, message: string = LEAD_PAGE_MESSAGES.notFound) {
  const lead = await getLead({ id });
  if (!lead) throw await redirectWithToast("/admin/leads", "error", message);
  return lead;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const lead = await requireLead(params.id);
  const [timeline, referrer, plans, settings] = await Promise.all([
    getLeadTimeline({ lead }),
    getLeadReferrer({ lead }),
    listConversionPlans(),
    getFunnelSettings(),
  ]);
  const followUpOverdue = lead.nextContactAt !== null && lead.nextContactAt.getTime() < now().getTime();
  return {
    lead,
    timeline,
    followUpOverdue,
    referrer,
    plans,
    lost: settings,
    whatsappApi: whatsappAvailable(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await readForm(request);
  const intent = form.intent ?? null;
  const lead = await requireLead(params.id);
  if (intent === "add-note") {
    const parsed = checkForm(form, NoteSchema, (errors) => replyInvalid(errors, { extra: { intent } }));
    if (!parsed.ok) return parsed.reply;
    try {
      await addLeadNote({ leadId: lead.id, note: parsed.data.note, actor: user });
    } catch (err) {
      log.error({ err }, "lead note failed");
      return replyError(LEAD_PAGE_MESSAGES.noteFailed, { toastOnly: true, extra: { intent } });
    }
    return replyOk(toast.success(LEAD_PAGE_MESSAGES.noteAdded), { intent });
  }
  if (intent === "follow-up") {
    const parsed = checkForm(form, FollowUpSchema, (errors) => replyInvalid(errors, { extra: { intent } }));
    if (!parsed.ok) return parsed.reply;
    const at = parsed.data.nextContactAt;
    const res = await setFollowUp({ id: lead.id, at, actor: user });
    if (res === "closed")
      return replyError(LEAD_PAGE_MESSAGES.followUpClosed, { status: 409, toastOnly: true });
    return replyOk(
      toast.success(at ? LEAD_PAGE_MESSAGES.followUpSaved : LEAD_PAGE_MESSAGES.followUpCleared),
      {
        intent,
      },
    );
  }
  if (intent === "whatsapp-api") {
    const r = await sendLeadWhatsApp({ leadId: lead.id, actor: user });
    return r.ok
      ? replyOk(toast.success(r.message), { intent })
      : replyError(r.message, { toastOnly: true, extra: { intent } });
  }
  if (intent === "delete") {
    // Comes from the confirmation dialog; the funnel shows the toast.
    const ok = await deleteLead({ id: lead.id, actor: user });
    return ok
      ? redirectWithToast("/admin/leads", "success", LEAD_PAGE_MESSAGES.deleted)
      : redirectWithToast("/admin/leads", "error", LEAD_PAGE_MESSAGES.deleteFailed);
  }
  return replyInvalid({}, { extra: { intent: null } });
}

// A refused move (409: another admin moved the lead meanwhile) still reloads the lead, so the stage
// bar shows where it really is, as the funnel does.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  // "Enviar pelo WhatsApp" posts with a plain Form: its answer is the page's.
  useReplyToast(
    actionData && "intent" in actionData && actionData.intent === "whatsapp-api" ? actionData : undefined,
  );
  const { lead, timeline, followUpOverdue, referrer, plans, lost } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/leads" className="text-sm font-medium text-brand-700 hover:underline">
          ← Voltar para o funil
        </Link>
        <div className="mt-3">
          <PageHeader
            title={lead.name}
            subtitle={`${lead.business} · ${STAGE_LABELS[lead.statusFunil]}`}
            actions={<LeadActions lead={lead} whatsappApi={loaderData.whatsappApi} />}
          />
        </div>
      </div>
      <StageBar lead={lead} plans={plans} lost={lost} />
      <div className="grid gap-6 lg:grid-cols-2">
        <LeadFacts lead={lead} referrer={referrer} />
        <div className="space-y-6">
          <FollowUpForm lead={lead} overdue={followUpOverdue} />
          <LeadNoteForm leadId={lead.id} />
          <LeadTimeline entries={timeline} />
        </div>
      </div>
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.lead.name ?? "Lead"} | CardápioDigital` }];
}

export function ErrorBoundary() {
  return <ListError message={LEAD_PAGE_MESSAGES.loadError} />;
}
