import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireRepresentative } from "~/modules/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRepresentative(request);
  return redirect("/representante/dashboard");
}
