import type { Route } from "./+types/onboarding-arquivo";
import { requireAdmin } from "~/modules/auth/session.server";
import { getSubmittedFile } from "~/modules/onboarding/client-submission-reads.server";
import { fileDownload, fileNotFound } from "~/server/http/file-download.server";

// A file a client sent for its menu (the onboarding card's links): admins only.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const file = await getSubmittedFile({ id: params.id });
  return file ? fileDownload(file) : fileNotFound();
}
