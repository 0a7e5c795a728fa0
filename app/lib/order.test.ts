import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { blogPosts, clients, leads, referrals } from "~/db/schema";
import { useTestDatabase } from "../../tests/support/db";
import { newestFirst } from "./order";

const t = useTestDatabase();
const dialect = new PgDialect();

/** The plan of a query under `enable_seqscan = off`: an index that fits leaves no Sort node. */
async function planOf(query: ReturnType<typeof sql>) {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql`explain ${query}`);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe("newestFirst walks the created_at indexes (no sort of the table)", () => {
  const cases = [
    ["clients", clients, sql``],
    ["referrals", referrals, sql``],
    ["blog_posts (published)", blogPosts, sql`where published`],
    ["leads (one stage)", leads, sql`where status_funil = 'novo'`],
  ] as const;
  for (const [name, table, where] of cases) {
    it(name, async () => {
      const order = sql.join(newestFirst(table.createdAt, table.id), sql`, `);
      const plan = await planOf(sql`select id from ${table} ${where} order by ${order} limit 20`);
      expect(plan).toMatch(/Index (Only )?Scan Backward/);
      expect(plan).not.toMatch(/Sort/);
    });
  }
  it("renders as created_at desc, id desc", () => {
    const { sql: text } = dialect.sqlToQuery(sql.join(newestFirst(clients.createdAt, clients.id), sql`, `));
    expect(text).toBe('"clients"."created_at" desc, "clients"."id" desc');
  });
});
