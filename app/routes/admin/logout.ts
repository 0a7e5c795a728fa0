import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { redirectWithToast } from "~/lib/form-reply.server";
import { AUTH_MESSAGES } from "~/modules/auth/auth.schema";
import { requireAdmin, signOut } from "~/modules/auth/session.server";

// Signing out changes state: POST only. A GET just goes back to the login page.
export function loader() {
  return redirect("/admin/login");
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const headers = await signOut(request);
  return redirectWithToast("/admin/login", "success", AUTH_MESSAGES.logoutSuccess, { headers });
}
