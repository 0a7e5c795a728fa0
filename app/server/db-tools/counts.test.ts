import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db";
import { countEstimate, plannerRowEstimate } from "./counts.server";

const t = useTestDatabase();

beforeAll(async () => {
  await t.db.execute(sql`
    insert into blog_posts (title, slug, excerpt, published)
    select 'Post ' || g, 'post-contagem-' || g, 'Resumo ' || g, g % 2 = 0 from generate_series(1, 300) g`);
  await t.db.execute(sql`analyze blog_posts`);
});

describe("countEstimate", () => {
  it("counts exactly below the limit", async () => {
    const r = await countEstimate({ query: sql`select 1 from blog_posts where published`, limit: 1000 });
    expect(r).toEqual({ total: 150, kind: "exact", approximate: false });
  });

  it("answers the planner's estimate, marked approximate, above the limit", async () => {
    const r = await countEstimate({ query: sql`select 1 from blog_posts`, limit: 100 });
    expect(r.kind).toBe("estimate");
    expect(r.approximate).toBe(true);
    // Statistics are fresh: the estimate is the row count.
    expect(r.total).toBe(300);
  });

  it("never reads more than limit + 1 rows when the planner underestimates", async () => {
    // An expression equality is estimated at 0.5% of the rows (≈ 2) but matches all 300.
    const query = sql`select 1 from blog_posts b where b.title || '' = b.title`;
    expect(await plannerRowEstimate({ query })).toBeLessThan(20);
    const r = await countEstimate({ query, limit: 20 });
    expect(r).toEqual({ total: 21, kind: "atLeast", approximate: true });
  });

  it("binds parameters of the counted query", async () => {
    const r = await countEstimate({ query: sql`select 1 from blog_posts where slug = ${"post-contagem-7"}` });
    expect(r).toEqual({ total: 1, kind: "exact", approximate: false });
  });
});
