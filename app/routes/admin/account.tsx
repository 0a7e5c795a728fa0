import type { Route } from "./+types/account";
import { AccountPanel } from "~/components/account/account-panel";
import { accountAction, accountPageData } from "~/modules/accounts/account-actions.server";
import { requireAdmin } from "~/modules/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  return accountPageData(await requireAdmin(request));
}

export async function action({ request }: Route.ActionArgs) {
  return accountAction(request, await requireAdmin(request), "/admin/account");
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPanel {...loaderData} actionData={actionData} />;
}

export function meta() {
  return [{ title: "Minha conta | CardápioDigital" }];
}
