import type { PublicBody } from "./public-page.server";
import { onPublicContentChanged, publicContentVersion } from "./public-content.server";

/**
 * The page cache's memory: an LRU map of rendered pages, each tagged with the public-content
 * version it was rendered under. A change of public content empties it at once; a TTL bounds
 * the age of an entry in case a write path forgets to announce its change.
 */

export const PAGE_CACHE_TTL_MS = 60_000;
export const PAGE_CACHE_MAX_ENTRIES = 500;

export interface PageEntry {
  /** The bytes, their encodings and validator (public-page.server.ts). */
  body: PublicBody;
  version: number;
  at: number;
}

const entries = new Map<string, PageEntry>();
export const pageCacheCounters = { hits: 0, misses: 0, bypass: 0, stored: 0 };

onPublicContentChanged(() => entries.clear());

export function rememberPage(key: string, entry: PageEntry) {
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > PAGE_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  pageCacheCounters.stored++;
}

export function lookupPage(key: string): PageEntry | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.version !== publicContentVersion() || Date.now() - entry.at > PAGE_CACHE_TTL_MS) {
    entries.delete(key);
    return null;
  }
  // Most recently used goes last (LRU eviction takes the first).
  entries.delete(key);
  entries.set(key, entry);
  return entry;
}

export function pageCacheStats() {
  return { ...pageCacheCounters, entries: entries.size, version: publicContentVersion() };
}

/** For tests. */
export function clearPageCache() {
  entries.clear();
  for (const k of Object.keys(pageCacheCounters) as (keyof typeof pageCacheCounters)[]) {
    pageCacheCounters[k] = 0;
  }
}
