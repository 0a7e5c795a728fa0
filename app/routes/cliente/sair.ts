import { redirect } from "react-router";
import type { Route } from "./+types/sair";
import { redirectWithToast } from "~/lib/form-reply.server";
import { signOut } from "~/modules/auth/session.server";
import { CLIENT_AREA_MESSAGES } from "~/modules/client-area/client-area.constants";
import { requireClient, signOutEverywhere } from "~/modules/client-area/client-session.server";
import { readForm } from "~/server/http/form.server";

export function loader() {
  return redirect("/cliente");
}

// "Sair" ends this session; "Sair de todos os dispositivos" (scope=todos) ends every one of the login.
export async function action({ request }: Route.ActionArgs) {
  const s = await requireClient(request);
  const everywhere = (await readForm(request)).scope === "todos";
  const headers = everywhere ? await signOutEverywhere(request, s) : await signOut(request);
  const message = everywhere ? CLIENT_AREA_MESSAGES.signedOutEverywhere : CLIENT_AREA_MESSAGES.signedOut;
  return redirectWithToast("/cliente/entrar", "success", message, { headers });
}
