import type { Route } from "./+types/conta";
import { AccountPanel } from "~/components/account/account-panel";
import { accountAction, accountPageData } from "~/modules/accounts/account-actions.server";
import { requireRepresentative } from "~/modules/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  return accountPageData(await requireRepresentative(request));
}

export async function action({ request }: Route.ActionArgs) {
  return accountAction(request, await requireRepresentative(request), "/representante/conta");
}

export default function RepresentativeAccount({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPanel {...loaderData} actionData={actionData} />;
}

export function meta() {
  return [{ title: "Minha conta | CardápioDigital" }];
}
