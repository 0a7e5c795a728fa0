import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/leads";
import { FollowUpFilterLinks, FunnelBoard, StageTabs } from "~/components/admin/leads/funnel-board";
import { FunnelFiltersSheet } from "~/components/admin/leads/filters-sheet";
import { PageHeader } from "~/components/ui/page-header";
import { ExportLink } from "~/components/admin/export-link";
import { SearchForm } from "~/components/ui/search-form";
import { replyError, replyOk, toast } from "~/lib/form-reply";
import { requireAdmin } from "~/modules/auth/session.server";
import { convertLead, listConversionPlans } from "~/modules/leads/conversion.server";
import { countLostByReason, loadFunnel } from "~/modules/leads/funnel.server";
import { moveLead } from "~/modules/leads/move-lead.server";
import { getFunnelSettings } from "~/modules/leads/funnel-settings.server";
import {
  LEAD_MESSAGES,
  LeadActionSchema,
  LOST_MESSAGES,
  LEADS_MAX_PAGES,
  moveRefusalReason,
  parseFollowUpFilter,
  STAGES,
  type Stage,
} from "~/modules/leads/leads.schema";
import { NO_PLAN } from "~/modules/clients/clients.schema";
import { parseForm } from "~/server/http/form.server";
import { ListError } from "~/components/ui/list-states";

// ?q= searches; ?etapa= shows one column; ?<stage>=N shows N pages of that column ("Carregar mais").
const PageCount = z.coerce.number().int().min(1).max(LEADS_MAX_PAGES).catch(1);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const sp = new URL(request.url).searchParams;
  const q = (sp.get("q") ?? "").trim().slice(0, 100);
  const etapa = sp.get("etapa");
  const followUp = parseFollowUpFilter(sp.get("contato"));
  const view = (STAGES as readonly string[]).includes(etapa ?? "") ? (etapa as Stage) : null;
  const pages = Object.fromEntries(STAGES.map((s) => [s, PageCount.parse(sp.get(s) ?? 1)])) as Record<
    Stage,
    number
  >;
  const [funnel, plans, settings, lostByReason] = await Promise.all([
    loadFunnel({ q, followUp, pages }),
    listConversionPlans(),
    getFunnelSettings(),
    countLostByReason({ q, followUp }),
  ]);
  return { q, view, followUp, pages, plans, settings, lostByReason, ...funnel };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  // The cards show toasts only (no form alert).
  const form = await parseForm(request, LeadActionSchema, () =>
    replyError(LEAD_MESSAGES.moveError, { status: 400, toastOnly: true }),
  );
  if (!form.ok) return form.reply;
  const input = form.data;
  if (input.intent === "move") {
    const { lostReason, lostNote, ...move } = input;
    const res = await moveLead({ ...move, lost: { reason: lostReason, note: lostNote }, actor: user });
    if (!res.ok) {
      if (res.reason === "lost_reason_required" || res.reason === "lost_reason_invalid") {
        const message =
          res.reason === "lost_reason_required" ? LOST_MESSAGES.reasonRequired : LOST_MESSAGES.reasonInvalid;
        return replyError(message, { status: 400, toastOnly: true });
      }
      if (res.reason === "transition")
        return replyError(LEAD_MESSAGES.moveRefused(moveRefusalReason(input.from, input.to)), {
          status: 422,
          toastOnly: true,
        });
      return replyError(LEAD_MESSAGES.moveStale, { status: 409, toastOnly: true });
    }
    return replyOk(toast.success(LEAD_MESSAGES.moved(input.to)));
  }
  const planId = input.planId === NO_PLAN ? null : input.planId;
  const res = await convertLead({ id: input.id, planId, email: input.email, actor: user });
  if (!res.ok) {
    const message =
      res.code === "duplicate_email"
        ? LEAD_MESSAGES.duplicateEmail
        : res.code === "email_required"
          ? res.message
          : LEAD_MESSAGES.convertError(res.message);
    const invalid = res.code === "plan_required" || res.code === "email_required";
    return replyError(message, { status: invalid ? 400 : 409, toastOnly: true });
  }
  return replyOk(toast.success(LEAD_MESSAGES.converted), { clientId: res.clientId });
}

// A refused move (409) usually means another admin moved the lead: refresh the board anyway.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function LeadsPage({ loaderData }: Route.ComponentProps) {
  const { q, view, followUp, pages, counts, columns, sums, plans, settings, lostByReason } = loaderData;
  const filters = (
    <>
      <StageTabs counts={counts} view={view} />
      <div className="-mt-2 mb-3 flex flex-wrap items-center justify-end gap-3 text-xs">
        <FollowUpFilterLinks value={followUp} />
        <Link to="/admin/settings/funnel" className="font-medium text-brand-700 hover:underline">
          Configurar funil
        </Link>
        <ExportLink to="/admin/leads/export" />
      </div>
    </>
  );
  return (
    <div>
      <PageHeader
        title="Funil de Leads"
        subtitle="Acompanhe os contatos recebidos do site até a conversão em cliente."
        actions={
          <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
            <SearchForm
              q={q}
              placeholder="Buscar por nome, e-mail, negócio ou telefone"
              label="Buscar leads"
              keep={{ etapa: view, contato: followUp }}
            />
            {/* On a phone the tabs and filters wait in a sheet: the first card shows at once. */}
            <FunnelFiltersSheet active={view !== null || followUp !== null}>{filters}</FunnelFiltersSheet>
          </div>
        }
      />
      <div className="hidden md:block">{filters}</div>
      <FunnelBoard
        columns={columns}
        counts={counts}
        sums={sums}
        searching={q !== "" || followUp !== null}
        pages={pages}
        view={view}
        plans={plans}
        lost={settings}
        lostByReason={lostByReason}
      />
    </div>
  );
}

export function meta() {
  return [{ title: "Funil de Leads | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={LEAD_MESSAGES.loadError} />;
}
