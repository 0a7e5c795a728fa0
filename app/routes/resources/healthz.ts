import { liveness } from "~/server/health/health.server";

// Liveness: the process answers. No database call, no version (docs/deploy.md).
export function loader() {
  return Response.json(liveness(), { headers: { "Cache-Control": "no-store" } });
}
