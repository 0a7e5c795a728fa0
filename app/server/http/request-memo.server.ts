import { currentRequestContext } from "~/server/logging/logger.server";

const memos = new WeakMap<object, Map<string, unknown>>();

/**
 * `compute()` once per HTTP request and key. The loaders of one page (root, layout, page) run side
 * by side, each with its own Request object, but inside the same request context (the logger's
 * AsyncLocalStorage, opened by the request log middleware), so what they all need is read once.
 * Outside a request (a test calling a loader, a script) it simply computes.
 */
export function oncePerRequest<T>(key: string, compute: () => T): T {
  const context = currentRequestContext();
  if (!context) return compute();
  let memo = memos.get(context);
  if (!memo) {
    memo = new Map();
    memos.set(context, memo);
  }
  if (!memo.has(key)) memo.set(key, compute());
  return memo.get(key) as T;
}
