import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { redirectWithToast } from "~/lib/form-reply.server";
import { AUTH_MESSAGES } from "~/modules/auth/auth.schema";
import { requireRepresentative, signOut } from "~/modules/auth/session.server";

export function loader() {
  return redirect("/representante/login");
}

export async function action({ request }: Route.ActionArgs) {
  await requireRepresentative(request);
  const headers = await signOut(request);
  return redirectWithToast("/representante/login", "success", AUTH_MESSAGES.logoutSuccess, { headers });
}
