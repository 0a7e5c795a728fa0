import { checkHealth } from "~/server/db-tools/health.server";

export async function loader() {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
