/**
 * Runs around every Vitest file. The files of a worker share its modules (`isolate: false` in
 * vitest.config.ts, issue 42: importing the app once per worker instead of once per file took half
 * of the suite's time), so what a file changes in the process is put back before the next one:
 * the environment, the clock, and the in-memory caches that belong to the file's database.
 */
import { afterAll } from "vitest";
import { resetEnvCache } from "../../app/lib/env.server";
import { resetAuth } from "../../app/modules/auth/auth.server";
import { invalidateSettingsCache } from "../../app/modules/settings/settings.server";
import { clearPageCache } from "../../app/server/cache/page-store.server";
import { resetClock } from "../../app/server/clock.server";

const env = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
  resetEnvCache();
  resetAuth();
  resetClock();
  invalidateSettingsCache();
  clearPageCache();
});
