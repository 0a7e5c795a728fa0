import { sql } from "drizzle-orm";
import { getDatabase } from "~/db/client.server";
import { version } from "../../../package.json";

/**
 * Liveness + database reachability, for load balancers and monitors: `ok` and the app's version
 * only. Which database engine runs behind it is nobody else's business (issue 13 item 8).
 */
export async function checkHealth(): Promise<{ ok: boolean; version: string }> {
  try {
    await getDatabase().db.execute(sql`select 1`);
    return { ok: true, version };
  } catch {
    return { ok: false, version };
  }
}
