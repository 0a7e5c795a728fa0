import type { Route } from "./+types/conta";
import { AccountPanel } from "~/components/account/account-panel";
import { PayoutProfileForm } from "~/components/portal/payout-profile-form";
import { PrivacyPanel } from "~/components/portal/privacy-panel";
import { replyError, replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { accountAction, accountPageData } from "~/modules/accounts/account-actions.server";
import { requireRepresentative } from "~/modules/auth/session.server";
import { PROFILE_MESSAGES, RepresentativeProfileSchema } from "~/modules/representatives/profile.schema";
import {
  getRepresentativeProfile,
  saveRepresentativeProfile,
} from "~/modules/representatives/representative-profile.server";
import { AccountDeletionRequestSchema, SELF_SERVICE_MESSAGES } from "~/modules/privacy/privacy.schema";
import { latestDeletionRequest, requestAccountDeletion } from "~/modules/privacy/self-service.server";
import { checkForm, readForm, type FormFields } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

const PATH = "/representante/conta";

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireRepresentative(request);
  const [account, profile, deletion] = await Promise.all([
    accountPageData(me),
    getRepresentativeProfile({ representativeId: me.representative.id }),
    latestDeletionRequest({ representativeId: me.representative.id }),
  ]);
  const deletionRequest = deletion
    ? { status: deletion.status, requestedAt: deletion.requestedAt.toISOString() }
    : null;
  return { ...account, profile, deletionRequest };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireRepresentative(request);
  // The payout details are this page's own form; the account intents are shared with /admin/account.
  const form = await readForm(request);
  if (form.intent === "delete-account") return deletionAction(form, me);
  if (form.intent !== "profile") return accountAction(request, me, PATH, form);
  const parsed = checkForm(form, RepresentativeProfileSchema, (errors) =>
    replyInvalid(errors, { extra: { intent: "profile" } }),
  );
  if (!parsed.ok) return parsed.reply;
  await saveRepresentativeProfile({
    representativeId: me.representative.id,
    input: parsed.data,
    actor: { id: me.user.id, name: me.user.name },
  });
  return redirectWithToast(PATH, "success", PROFILE_MESSAGES.saved);
}

/** "Pedir exclusão da conta": always the signed-in representative's own account (LGPD). */
async function deletionAction(form: FormFields, me: Awaited<ReturnType<typeof requireRepresentative>>) {
  const parsed = checkForm(form, AccountDeletionRequestSchema, () =>
    replyError(SELF_SERVICE_MESSAGES.invalid, { status: 400, toastOnly: true }),
  );
  if (!parsed.ok) return parsed.reply;
  try {
    const { created } = await requestAccountDeletion({
      representativeId: me.representative.id,
      actor: { id: me.user.id, name: me.user.name },
    });
    return redirectWithToast(
      PATH,
      created ? "success" : "info",
      created ? SELF_SERVICE_MESSAGES.deletionRequested : SELF_SERVICE_MESSAGES.deletionAlreadyPending,
    );
  } catch (err) {
    log.error({ err }, "requestAccountDeletion failed");
    return replyError(SELF_SERVICE_MESSAGES.deletionError, { toastOnly: true });
  }
}

export default function RepresentativeAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, deletionRequest, ...account } = loaderData;
  const profileErrors = (
    actionData && "intent" in actionData && actionData.intent === "profile" ? actionData.fieldErrors : {}
  ) as Record<string, string | undefined>;
  return (
    <div className="space-y-6">
      <AccountPanel {...account} actionData={actionData} />
      {profile && <PayoutProfileForm profile={profile} errors={profileErrors} />}
      <PrivacyPanel deletionRequest={deletionRequest} />
    </div>
  );
}

export function meta() {
  return [{ title: "Minha conta | CardápioDigital" }];
}
