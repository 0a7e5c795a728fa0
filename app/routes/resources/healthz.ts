import { checkHealth } from "~/modules/ops/health.server";

export async function loader() {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
