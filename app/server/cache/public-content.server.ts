import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * "What a public page shows has changed" (plans, blog posts, settings), as an event: domain code
 * calls `publicContentChanged()` after a committed write; whatever caches public content (the
 * page cache, the settings cache) subscribes with `onPublicContentChanged`. This file imports no
 * domain module, so the cache never depends on the code that invalidates it.
 *
 * On PostgreSQL every change is also NOTIFYed, so the other app instances run their listeners
 * too (PGlite is one process: nothing to tell).
 */

const NOTIFY_CHANNEL = "public_content_changed";
/** Tells our own NOTIFY (already applied here) from another instance's. */
const INSTANCE_ID = randomBytes(8).toString("hex");

let version = 0;
const listeners = new Set<() => void>();
let notify: ((payload: string) => Promise<unknown>) | null = null;

/** The current public-content version: a page rendered under an older one is stale. */
export function publicContentVersion(): number {
  return version;
}

/** Runs `listener` on every change, local or from another instance. Returns the unsubscribe. */
export function onPublicContentChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * `load`'s answer, kept until public content changes (here or on another instance, the same
 * signal the page cache trusts). A load that straddles a change is never served after it: it is
 * filed under the version it started in. A failed load is forgotten.
 */
export function untilPublicContentChanges<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: { version: number; value: Promise<T> } | null = null;
  return () => {
    if (cached && cached.version === version) return cached.value;
    const entry = { version, value: load() };
    cached = entry;
    entry.value.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.value;
  };
}

function applyChange() {
  version++;
  for (const listener of listeners) listener();
}

/**
 * Call after every committed write that changes what a public page shows: plans
 * (create/update/delete), blog posts (create/update/publish toggle/delete), settings (save).
 */
export async function publicContentChanged(): Promise<void> {
  applyChange();
  if (notify) await notify(INSTANCE_ID).catch(() => {});
}

/**
 * Boot hook (PostgreSQL only): LISTEN for other instances' changes on a dedicated connection,
 * reconnecting if it drops. Returns the function that stops it.
 */
export async function listenForPublicContentChanges({
  databaseUrl,
  log = () => {},
}: {
  databaseUrl: string | undefined;
  log?: (msg: string) => void;
}): Promise<() => Promise<void>> {
  if (!databaseUrl) return async () => {};
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connectListener = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on("notification", (msg) => {
      if (msg.payload !== INSTANCE_ID) applyChange();
    });
    c.on("error", () => {
      if (stopped) return;
      log("public content listener lost its connection; reconnecting");
      client = null;
      // Whatever changed while disconnected is unknown: start clean.
      applyChange();
      retry = setTimeout(() => void connectListener().catch(() => {}), 1000);
    });
    await c.connect();
    await c.query(`listen ${NOTIFY_CHANNEL}`);
    client = c;
  };
  await connectListener();
  notify = async (payload) => client?.query("select pg_notify($1, $2)", [NOTIFY_CHANNEL, payload]);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    notify = null;
    await client?.end().catch(() => {});
  };
}
