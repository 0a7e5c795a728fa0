import { checkReadiness } from "~/server/health/health.server";

// Readiness: 200 when this instance should get traffic, 503 with one word of reason otherwise
// (database, migrations, worker, shutting_down). docs/deploy.md.
export async function loader() {
  const readiness = await checkReadiness();
  return Response.json(readiness, {
    status: readiness.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
