import { asc, desc, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";
import { listPage } from "./list-page.server";

const t = useTestDatabase();

beforeAll(async () => {
  // 30 "Pizzaria" posts a minute apart (newest = 30), 5 "Lanchonete" ones.
  await t.db.execute(sql`
    insert into blog_posts (title, slug, excerpt, created_at)
    select case when g <= 30 then 'Pizzaria ' else 'Lanchonete ' end || lpad(g::text, 2, '0'),
           'lista-' || g, 'Resumo', now() - (100 - g) * interval '1 minute'
    from generate_series(1, 35) g`);
});

function posts({ q = "", page = 1, sort = "created_at" as "created_at" | "title", cap = 10 }) {
  const search = q ? ilike(blogPosts.title, `%${q}%`) : undefined;
  return listPage({
    search,
    candidates: (where) =>
      t.db.select({ id: blogPosts.id, createdAt: blogPosts.createdAt }).from(blogPosts).where(where).getSQL(),
    countRows: (where) =>
      t.db
        .select({ one: sql`1` })
        .from(blogPosts)
        .where(where)
        .getSQL(),
    idIn: (ids) => inArray(blogPosts.id, ids),
    fetch: (where: SQL | undefined, limit, offset) =>
      t.db
        .select({ title: blogPosts.title })
        .from(blogPosts)
        .where(where)
        .orderBy(sort === "title" ? asc(blogPosts.title) : desc(blogPosts.createdAt), desc(blogPosts.id))
        .limit(limit)
        .offset(offset),
    page,
    pageSize: 4,
    cap,
    db: t.db,
  });
}

describe("listPage", () => {
  it("pages the whole list newest first with an exact total and a real 'next'", async () => {
    const first = await posts({});
    expect(first.rows.map((r) => r.title)).toEqual([
      "Lanchonete 35",
      "Lanchonete 34",
      "Lanchonete 33",
      "Lanchonete 32",
    ]);
    expect(first).toMatchObject({ hasMore: true, count: { total: 35, kind: "exact" } });
    const last = await posts({ page: 9 });
    expect(last.rows.map((r) => r.title)).toEqual(["Pizzaria 03", "Pizzaria 02", "Pizzaria 01"]);
    expect(last.hasMore).toBe(false);
  });

  it("a selective search sorts and pages among its matches only, counted exactly", async () => {
    const r = await posts({ q: "lanchonete", sort: "title", page: 2 });
    expect(r.rows.map((x) => x.title)).toEqual(["Lanchonete 35"]);
    expect(r).toMatchObject({ hasMore: false, count: { total: 5, kind: "exact" } });
  });

  it("a common search (more matches than the cap) still pages correctly, with a bounded total", async () => {
    const r = await posts({ q: "PIZZARIA", sort: "title" });
    expect(r.rows.map((x) => x.title)).toEqual(["Pizzaria 01", "Pizzaria 02", "Pizzaria 03", "Pizzaria 04"]);
    expect(r.hasMore).toBe(true);
    expect(r.count.approximate).toBe(true);
    expect(r.count.total).toBeGreaterThan(10);
    const all = await posts({ q: "PIZZARIA", cap: 100 });
    expect(all.count).toMatchObject({ total: 30, kind: "exact" });
  });

  it("a search without matches answers an empty exact page", async () => {
    expect(await posts({ q: "xyzzy" })).toEqual({
      rows: [],
      hasMore: false,
      count: { total: 0, kind: "exact", approximate: false },
    });
  });
});
