import { sql } from "drizzle-orm";
import { getDatabase } from "~/db/client.server";

/** Liveness + database reachability, for load balancers and monitors. */
export async function checkHealth(): Promise<{ ok: boolean; database: string; latencyMs: number }> {
  const start = performance.now();
  try {
    const database = getDatabase();
    await database.db.execute(sql`select 1`);
    return { ok: true, database: database.kind, latencyMs: Math.round(performance.now() - start) };
  } catch {
    return { ok: false, database: "unreachable", latencyMs: Math.round(performance.now() - start) };
  }
}
