import type { Route } from "./+types/conta";
import { AccountPanel } from "~/components/account/account-panel";
import { PayoutProfileForm } from "~/components/portal/payout-profile-form";
import { replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { fieldErrors, formToObject } from "~/lib/validation";
import { accountAction, accountPageData } from "~/modules/accounts/account-actions.server";
import { requireRepresentative } from "~/modules/auth/session.server";
import { PROFILE_MESSAGES, RepresentativeProfileSchema } from "~/modules/representatives/profile.schema";
import {
  getRepresentativeProfile,
  saveRepresentativeProfile,
} from "~/modules/representatives/representatives.server";
import { readFormData } from "~/server/http/form.server";

const PATH = "/representante/conta";

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireRepresentative(request);
  const [account, profile] = await Promise.all([
    accountPageData(me),
    getRepresentativeProfile({ representativeId: me.representative.id }),
  ]);
  return { ...account, profile };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireRepresentative(request);
  // The payout details are this page's own form; the account intents are shared with /admin/account.
  const form = await readFormData(request.clone());
  if (form.get("intent") !== "profile") return accountAction(request, me, PATH);
  const parsed = RepresentativeProfileSchema.safeParse(formToObject(form));
  if (!parsed.success) return replyInvalid(fieldErrors(parsed.error), { extra: { intent: "profile" } });
  await saveRepresentativeProfile({
    representativeId: me.representative.id,
    input: parsed.data,
    actor: { id: me.user.id, name: me.user.name },
  });
  return redirectWithToast(PATH, "success", PROFILE_MESSAGES.saved);
}

export default function RepresentativeAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, ...account } = loaderData;
  const profileErrors = (
    actionData && "intent" in actionData && actionData.intent === "profile" ? actionData.fieldErrors : {}
  ) as Record<string, string | undefined>;
  return (
    <div className="space-y-6">
      <AccountPanel {...account} actionData={actionData} />
      {profile && <PayoutProfileForm profile={profile} errors={profileErrors} />}
    </div>
  );
}

export function meta() {
  return [{ title: "Minha conta | CardápioDigital" }];
}
