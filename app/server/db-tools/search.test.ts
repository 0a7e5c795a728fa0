import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db";
import { boundedSearch } from "./search.server";

const t = useTestDatabase();

beforeAll(async () => {
  // 30 "Pizzaria" posts a minute apart (newest = 30), 5 "Lanchonete" ones.
  await t.db.execute(sql`
    insert into blog_posts (title, slug, excerpt, created_at)
    select case when g <= 30 then 'Pizzaria ' else 'Lanchonete ' end || g, 'busca-' || g, 'Resumo',
           now() - (100 - g) * interval '1 minute'
    from generate_series(1, 35) g`);
});

const matching = (term: string) =>
  sql`select b.id, b.created_at, b.title from blog_posts b where b.title ilike ${`%${term}%`}`;

describe("boundedSearch", () => {
  it("returns every match newest first when they fit under the cap", async () => {
    const r = await boundedSearch({ candidates: matching("lanchonete"), cap: 10 });
    expect(r.complete).toBe(true);
    if (!r.complete) return;
    expect(r.rows.map((x) => x.title)).toEqual([
      "Lanchonete 35",
      "Lanchonete 34",
      "Lanchonete 33",
      "Lanchonete 32",
      "Lanchonete 31",
    ]);
  });

  it("says incomplete (a common term) when more than the cap match", async () => {
    expect(await boundedSearch({ candidates: matching("pizzaria"), cap: 10 })).toEqual({ complete: false });
    const all = await boundedSearch({ candidates: matching("pizzaria"), cap: 30 });
    expect(all.complete && all.rows.length).toBe(30);
  });

  it("finds nothing without error", async () => {
    expect(await boundedSearch({ candidates: matching("xyzzy") })).toEqual({ complete: true, rows: [] });
  });
});
