import type { NextFunction, Request, Response } from "express";
import { randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import pg from "pg";
import { invalidateSettingsCache } from "~/modules/settings/settings.server";

/**
 * In-memory cache of public pages (/, /blog, /blog/{slug} and their `.data` twins, sitemap,
 * RSS, robots), so a visitor costs a Map lookup instead of loaders + a React render.
 *
 * Correctness first:
 * - Every entry carries the public-content version it was rendered under; any write to plans,
 *   posts or settings calls `bumpPublicContent()`, so the next request renders afresh. On
 *   PostgreSQL the bump is also NOTIFYed, so every app instance drops its copies at once.
 *   A TTL bounds the age of an entry in case a write path forgets the bump.
 * - Pages are rendered with a placeholder nonce that is replaced by each response's own nonce,
 *   so the CSP nonce stays unique per response.
 * - Requests carrying the flash or session cookie, and responses that set a cookie or are not
 *   200, are never cached (they are personal).
 * - Compressing every hit would cost more than the rest of the hit (measured: half the
 *   throughput), so each part between nonces is deflated once when stored, and a hit only
 *   frames its nonce as an uncompressed deflate block (see gzipWithNonce).
 */

export const PAGE_CACHE_TTL_MS = 60_000;
export const PAGE_CACHE_MAX_ENTRIES = 500;
const NOTIFY_CHANNEL = "public_content_changed";

/** Public, anonymous pages. Query strings are part of the key (bounded by the LRU size). */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/_root\.data$/,
  /^\/blog(\.data)?$/,
  /^\/blog\/[^/]+?(\.data)?$/,
  /^\/(sitemap\.xml|rss\.xml|robots\.txt)$/,
];
/** Cookies that make a page personal: the flash toast and better-auth's session. */
const PERSONAL_COOKIES = /(?:^|;\s*)(?:__flash|(?:__Secure-)?better-auth\.[\w.-]+)=/;
const KEPT_HEADERS = ["content-type", "cache-control", "link", "vary", "x-robots-tag", "content-language"];

interface Entry {
  status: number;
  headers: [string, string][];
  /** The body split at the placeholder nonce: joined with each response's nonce. */
  parts: string[];
  /** Each part as raw deflate blocks ending in a sync flush (byte-aligned, not final). */
  deflated: Buffer[];
  version: number;
  at: number;
}

let version = 0;
const entries = new Map<string, Entry>();
const counters = { hits: 0, misses: 0, bypass: 0, stored: 0 };
/** Rendered into cacheable pages instead of the request's nonce (never sent to a browser). */
const PLACEHOLDER = randomBytes(18).toString("hex").slice(0, 24);
/** Tells our own NOTIFY (already applied here) from another instance's. */
const INSTANCE_ID = randomBytes(8).toString("hex");

/** The current public-content version (plans, posts, settings). */
export function publicContentVersion(): number {
  return version;
}

let notify: ((payload: string) => Promise<unknown>) | null = null;

/**
 * Call after every committed write that changes what a public page shows: plans
 * (create/update/delete), blog posts (create/update/publish toggle/delete), settings (save).
 * Drops this instance's cached pages at once and tells the other instances (PostgreSQL).
 */
export async function bumpPublicContent(): Promise<void> {
  version++;
  entries.clear();
  if (notify) await notify(INSTANCE_ID).catch(() => {});
}

function onRemoteChange() {
  version++;
  entries.clear();
  // The SEO settings cache lives per instance as well: the same message keeps it fresh.
  invalidateSettingsCache();
}

/**
 * Boot hook (PostgreSQL only; PGlite is one process): LISTEN for bumps from other instances on a
 * dedicated connection, reconnecting if it drops. Returns the function that stops it.
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
      if (msg.payload !== INSTANCE_ID) onRemoteChange();
    });
    c.on("error", () => {
      if (stopped) return;
      log("page cache listener lost its connection; reconnecting");
      client = null;
      // Whatever changed while disconnected is unknown: start clean.
      onRemoteChange();
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

export function isCacheableRequest(req: {
  method: string;
  path: string;
  headers: { cookie?: string };
}): boolean {
  if (req.method !== "GET") return false;
  if (req.headers.cookie && PERSONAL_COOKIES.test(req.headers.cookie)) return false;
  return CACHEABLE_PATHS.some((re) => re.test(req.path));
}

function remember(key: string, entry: Entry) {
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > PAGE_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  counters.stored++;
}

function lookup(key: string): Entry | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.version !== version || Date.now() - entry.at > PAGE_CACHE_TTL_MS) {
    entries.delete(key);
    return null;
  }
  // Most recently used goes last (LRU eviction takes the first).
  entries.delete(key);
  entries.set(key, entry);
  return entry;
}

export function pageCacheStats() {
  return { ...counters, entries: entries.size, version };
}

/** For tests. */
export function clearPageCache() {
  entries.clear();
  for (const k of Object.keys(counters) as (keyof typeof counters)[]) counters[k] = 0;
}

const SYNC_FLUSH = { finishFlush: constants.Z_SYNC_FLUSH, level: 6 };
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty final block (BFINAL=1, fixed Huffman, end-of-block): ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** A stored (uncompressed) deflate block; valid at a byte boundary, as after a sync flush. */
function storedBlock(data: Buffer): Buffer {
  const head = Buffer.from([
    0,
    data.length & 0xff,
    data.length >> 8,
    ~data.length & 0xff,
    (~data.length >> 8) & 0xff,
  ]);
  return Buffer.concat([head, data]);
}

/**
 * The gzip of parts.join(nonce) without compressing anything now: the parts' blocks were made
 * when stored; the nonce (24 bytes) goes in as a stored block between them.
 */
function gzipWithNonce(entry: Entry, nonce: string): Buffer {
  const plain = Buffer.from(entry.parts.join(nonce), "utf8");
  const nonceBlock = storedBlock(Buffer.from(nonce, "utf8"));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(plain), 0);
  trailer.writeUInt32LE(plain.length % 2 ** 32, 4);
  const body: Buffer[] = [GZIP_HEADER];
  entry.deflated.forEach((d, i) => {
    if (i > 0) body.push(nonceBlock);
    body.push(d);
  });
  body.push(FINAL_BLOCK, trailer);
  return Buffer.concat(body);
}

type Chunk = string | Buffer | Uint8Array;
const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk);

/**
 * Express middleware, mounted after the security headers (which put this response's nonce in
 * `res.locals.nonce`) and compression, right before the React Router handler.
 */
export function pageCacheMiddleware({ enabled = true }: { enabled?: boolean } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!enabled || !isCacheableRequest(req)) {
      counters.bypass++;
      return next();
    }
    const nonce: string = res.locals.nonce;
    const key = req.originalUrl;
    const hit = lookup(key);
    if (hit) {
      counters.hits++;
      res.status(hit.status);
      for (const [k, v] of hit.headers) res.setHeader(k, v);
      res.setHeader("X-Page-Cache", "HIT");
      res.vary("Accept-Encoding");
      if (nonce.length < 65536 && req.acceptsEncodings("gzip", "identity") === "gzip") {
        // Already encoded: the compression middleware leaves it alone.
        res.setHeader("Content-Encoding", "gzip");
        res.end(gzipWithNonce(hit, nonce));
      } else {
        res.end(hit.parts.join(nonce));
      }
      return;
    }
    counters.misses++;
    const renderedUnder = version;
    // The app renders the placeholder; it is swapped for the real nonce on the way out.
    res.locals.nonce = PLACEHOLDER;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: Chunk, encoding?: BufferEncoding | (() => void), cb?: () => void) => {
      chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
      const done = typeof encoding === "function" ? encoding : cb;
      done?.();
      return true;
    }) as Response["write"];
    res.end = ((chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), cb?: () => void) => {
      res.write = write as Response["write"];
      res.end = end as Response["end"];
      if (chunk && typeof chunk !== "function") {
        chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
      }
      const done = typeof chunk === "function" ? chunk : typeof encoding === "function" ? encoding : cb;
      const body = Buffer.concat(chunks).toString("utf8");
      const parts = body.split(PLACEHOLDER);
      if (res.statusCode === 200 && !res.hasHeader("set-cookie") && renderedUnder === version) {
        const headers = KEPT_HEADERS.flatMap((h): [string, string][] => {
          const v = res.getHeader(h);
          return v === undefined ? [] : [[h, Array.isArray(v) ? v.join(", ") : String(v)]];
        });
        const deflated = parts.map((p) => deflateRawSync(Buffer.from(p, "utf8"), SYNC_FLUSH));
        remember(key, { status: 200, headers, parts, deflated, version: renderedUnder, at: Date.now() });
      }
      res.setHeader("X-Page-Cache", "MISS");
      res.removeHeader("content-length");
      return done ? end(parts.join(nonce), done) : end(parts.join(nonce));
    }) as Response["end"];
    next();
  };
}
