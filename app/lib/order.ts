import { desc, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * "Newest first" matching the schema's `(…, created_at, id)` indexes read backwards:
 * `created_at DESC, id DESC` (both NULLS FIRST, the default for DESC) is exactly the reverse of
 * the ascending index, so PostgreSQL walks the index instead of sorting the table (measured:
 * 0.1 ms vs 100+ ms at 100 000 rows when the order and the index disagree).
 */
export function newestFirst(createdAt: AnyColumn, id: AnyColumn): SQL[] {
  return [desc(createdAt), desc(id)];
}
