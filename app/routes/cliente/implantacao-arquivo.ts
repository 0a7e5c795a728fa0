import type { Route } from "./+types/implantacao-arquivo";
import { requireClient } from "~/modules/client-area/client-session.server";
import { getSubmittedFile } from "~/modules/onboarding/client-submission-reads.server";
import { fileDownload, fileNotFound } from "~/server/http/file-download.server";

// A file the client sent for its menu, back to that client only; another's is a 404.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { client } = await requireClient(request);
  const file = await getSubmittedFile({ id: params.id, clientId: client.id });
  return file ? fileDownload(file) : fileNotFound();
}
