import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/detail";
import {
  PayoutDetails,
  PayoutForm,
  PayoutHistory,
  pixKeyText,
} from "~/components/admin/payouts/payout-panels";
import { CommissionSummaryCards } from "~/components/portal/commission-terms";
import { ListError } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid, replyOk, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { PAYOUT_MESSAGES, PayoutFormSchema } from "~/modules/payouts/payouts.schema";
import {
  cancelPayout,
  getCommissionSummary,
  listCommissions,
  listPayouts,
  recordPayout,
} from "~/modules/payouts/payouts.server";
import { getRepresentativeProfile } from "~/modules/representatives/representative-profile.server";
import { getRepresentativeAdmin } from "~/modules/representatives/representatives.server";
import { checkForm, readFormLists } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { today } from "~/server/clock.server";

const NOT_FOUND = "Representante não encontrado";

async function requireRep(id: string) {
  const rep = await getRepresentativeAdmin({ id });
  if (!rep) throw await redirectWithToast("/admin/representatives", "error", NOT_FOUND);
  return rep;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const rep = await requireRep(params.id);
  const [commissions, payouts, summary, profile] = await Promise.all([
    listCommissions({ representativeId: rep.id }),
    listPayouts({ representativeId: rep.id }),
    getCommissionSummary({ representativeId: rep.id }),
    getRepresentativeProfile({ representativeId: rep.id }),
  ]);
  return {
    rep,
    profile,
    unpaid: commissions.filter((c) => c.state === "a_pagar"),
    payouts,
    summary,
    today: today(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const rep = await requireRep(params.id);
  const { fields, lists } = await readFormLists(request, ["referralIds"]);
  const actor = { id: user.id, name: user.name };
  const intent = fields.intent;
  if (intent === "record-payout") {
    const parsed = checkForm({ ...fields, ...lists }, PayoutFormSchema);
    if (!parsed.ok) return parsed.reply;
    try {
      const res = await recordPayout({ representativeId: rep.id, input: parsed.data, actor });
      if (!res.ok && res.reason === "no_pix_key") return replyInvalid({ method: PAYOUT_MESSAGES.noPixKey });
      if (!res.ok) return replyError(PAYOUT_MESSAGES.alreadyPaid, { status: 409 });
    } catch (err) {
      log.error({ err }, "payout record failed");
      return replyError(PAYOUT_MESSAGES.failed);
    }
    return replyOk(toast.success(PAYOUT_MESSAGES.recorded));
  }
  if (intent === "cancel-payout") {
    const payoutId = (fields.payoutId ?? "").slice(0, 36);
    const ok = await cancelPayout({ representativeId: rep.id, payoutId, actor });
    if (!ok) return replyError(PAYOUT_MESSAGES.notFound, { status: 404, toastOnly: true });
    return replyOk(toast.success(PAYOUT_MESSAGES.cancelled));
  }
  return replyError("Ação desconhecida.", { status: 400, toastOnly: true });
}

export default function RepresentativePage({ loaderData, actionData }: Route.ComponentProps) {
  const { rep, profile, unpaid, payouts, summary, today } = loaderData;
  useReplyToast(actionData);
  const errors = (actionData?.fieldErrors ?? {}) as Record<string, string | undefined>;
  return (
    <div className="space-y-6">
      <Link
        to="/admin/representatives"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Representantes
      </Link>
      <PageHeader title={rep.name} subtitle={rep.email} />
      <PayoutDetails profile={profile} />
      <CommissionSummaryCards toReceiveCents={summary.toReceiveCents} receivedCents={summary.receivedCents} />
      <PayoutForm
        key={payouts.length}
        unpaid={unpaid}
        today={today}
        repName={rep.name}
        pixKey={profile?.pixKey ? pixKeyText(profile) : null}
        errors={errors}
        formError={actionData?.formError ?? null}
      />
      <section aria-labelledby="payouts-title" className="space-y-2">
        <h2 id="payouts-title" className="text-lg font-semibold text-slate-900">
          Pagamentos
        </h2>
        <PayoutHistory payouts={payouts} />
      </section>
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.rep.name ?? "Representante"} | Admin` }];
}

export function ErrorBoundary() {
  return <ListError message="Erro ao carregar o representante" />;
}
