import { connect } from "../../app/db/client.server";
import { env } from "../../app/lib/env.server";

/**
 * Opens the configured database (DATABASE_URL, else PGlite in DATA_DIR) with migrations applied.
 * PGlite is single-process: stop the server before running a script against its data directory.
 */
export async function openConfiguredDatabase() {
  const e = env();
  return connect({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
}

/** Reads `--name value` / `--name=value` from argv. */
export function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}
