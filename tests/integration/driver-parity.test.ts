// Driver parity: every column type and every raw query shape the app uses gives the same values
// through PGlite (the embedded default, `npm start`, the browser suite) and node-postgres
// (production). This is what lets the Vitest suite run once in full on PostgreSQL and, on PGlite,
// only the files whose behaviour depends on the engine (tests/engines.ts).
// PostgreSQL only: it compares the two (tests/engines.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { openPglite, queryRows, type Database, type Db } from "~/db/client.server";
import { useTestDatabase } from "../support/db";

const pgTest = useTestDatabase();
let lite: Database;

/** One column of each type the schema declares (app/db/schema), with the same modes. */
const parity = pgTable("driver_parity", {
  id: uuid("id").primaryKey(),
  name: text("name"),
  n: integer("n"),
  small: smallint("small"),
  cents: bigint("cents", { mode: "number" }),
  flag: boolean("flag"),
  at: timestamp("at", { withTimezone: true }),
  day: date("day", { mode: "string" }),
  data: jsonb("data"),
  ints: integer("ints").array(),
  texts: text("texts").array(),
});

const CREATE = sql`create table driver_parity (
  id uuid primary key, name text, n integer, small smallint, cents bigint, flag boolean,
  at timestamptz, day date, data jsonb, ints integer[], texts text[])`;

const ROWS: (typeof parity.$inferInsert)[] = [
  {
    id: "00000000-0000-4000-8000-000000000001",
    name: "Pão de Açúcar — Lanchonete & Cia 🍕 \"aspas\" 'simples' \\ barra",
    n: -2147483648,
    small: 32767,
    cents: 9_007_199_254_740_991,
    flag: true,
    at: new Date("2026-03-10T02:59:59.123Z"),
    day: "2026-02-28",
    data: { plano: "Básico", itens: [1, 2.5, null], vazio: {}, texto: "ç\n\t" },
    ints: [0, -3, 7, 15],
    texts: ["a", "", "vírgula, dentro", 'aspas "duplas"', "{chaves}"],
  },
  {
    id: "00000000-0000-4000-8000-000000000002",
    name: "",
    n: 0,
    small: -1,
    cents: 0,
    flag: false,
    at: new Date("1999-12-31T23:59:59.999Z"),
    day: "2024-02-29",
    data: [],
    ints: [],
    texts: [],
  },
  { id: "00000000-0000-4000-8000-000000000003" },
];

/** The raw shapes of app/modules and app/server (queryRows), on the table above. */
const RAW: Record<string, SQL> = {
  "count(*)": sql`select count(*) as n from driver_parity`,
  "count(*)::int": sql`select count(*)::int as n from driver_parity`,
  "sum of integer (int8)": sql`select sum(n) as total, sum(small) as smalls from driver_parity`,
  "sum of bigint (numeric)": sql`select sum(cents) as cents, coalesce(sum(cents) filter (where flag), 0) as paid from driver_parity`,
  "bigint column": sql`select cents from driver_parity order by id`,
  "avg and round": sql`select avg(n) as avg, round(avg(small)) as rounded from driver_parity`,
  "timestamptz and text of it": sql`select at, at::text as at_text, to_char(at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD HH24:MI') as sp from driver_parity order by id`,
  "date and date arithmetic": sql`select day, (day + interval '1 month')::date as next, day - date '2024-01-01' as days, to_char(day, 'YYYY-MM') as month from driver_parity order by id`,
  "date_trunc and generate_series": sql`select to_char(m, 'YYYY-MM') as month from generate_series(date_trunc('month', date '2026-01-15'), date '2026-04-01', interval '1 month') m`,
  "jsonb and its operators": sql`select data, data->>'plano' as plano, jsonb_build_object('id', id, 'n', n) as obj from driver_parity order by id`,
  "arrays and array_agg": sql`select ints, texts, array_length(ints, 1) as len from driver_parity order by id`,
  "array_agg and json_agg": sql`select array_agg(n order by id) as ns, json_agg(json_build_object('n', n) order by id) as objs from driver_parity`,
  "exists and booleans": sql`select exists(select 1 from driver_parity where flag) as any, bool_and(flag) as all_true from driver_parity`,
  "window function": sql`select id, row_number() over (order by id desc) as pos, count(*) over () as total from driver_parity order by id`,
  "unaccent and ilike": sql`select id from driver_parity where unaccent(lower(name)) like ${"%" + "pao de acucar" + "%"}`,
  "trigram similarity": sql`select round(similarity(name, 'Pao de Acucar')::numeric, 3) as sim from driver_parity where id = '00000000-0000-4000-8000-000000000001'`,
  "upsert returning": sql`insert into driver_parity (id, n) values ('00000000-0000-4000-8000-000000000004', 1)
    on conflict (id) do update set n = driver_parity.n + 1 returning n, (xmax = 0) as inserted`,
  nulls: sql`select name, n, cents, flag, at, day, data, ints from driver_parity where id = '00000000-0000-4000-8000-000000000003'`,
  "interval as text": sql`select (interval '1 day 02:03:04')::text as iv, extract(epoch from interval '90 minutes')::int as secs`,
};

async function prepare(db: Db) {
  await db.execute(sql`create extension if not exists unaccent`);
  await db.execute(sql`create extension if not exists pg_trgm`);
  await db.execute(CREATE);
  await db.insert(parity).values(ROWS);
}

beforeAll(async () => {
  // The migrated schema is not needed: the comparison is of the drivers, on one table.
  lite = await openPglite();
  await prepare(lite.db);
  await prepare(pgTest.db);
}, 120_000);

afterAll(async () => {
  await lite?.close();
});

describe("driver parity: PGlite and node-postgres give the same values", () => {
  it("runs on PostgreSQL (the other side of the comparison)", () => {
    expect(pgTest.url, "este teste compara com o PostgreSQL: defina TEST_DATABASE_URL").toBeTruthy();
  });

  it("every column type round-trips the values written, identically", async () => {
    const read = (db: Db) => db.select().from(parity).orderBy(parity.id);
    const [a, b] = [await read(lite.db), await read(pgTest.db)];
    expect(b).toEqual(a);
    const expected = ROWS.map((r) => ({
      name: null,
      n: null,
      small: null,
      cents: null,
      flag: null,
      at: null,
      day: null,
      data: null,
      ints: null,
      texts: null,
      ...r,
    }));
    expect(a).toEqual(expected);
    expect(a[0]!.at).toBeInstanceOf(Date);
  });

  it("typed aggregates (drizzle's count, count(*)::int) are numbers on both", async () => {
    const read = async (db: Db) => ({
      count: await db.select({ n: count() }).from(parity),
      cast: await db
        .select({ n: sql<number>`count(*)::int` })
        .from(parity)
        .where(eq(parity.flag, true)),
    });
    const [a, b] = [await read(lite.db), await read(pgTest.db)];
    expect(b).toEqual(a);
    expect(a).toEqual({ count: [{ n: 3 }], cast: [{ n: 1 }] });
  });

  for (const [shape, query] of Object.entries(RAW)) {
    it(`raw query: ${shape}`, async () => {
      const a = await queryRows<Record<string, unknown>>(lite.db, query);
      const b = await queryRows<Record<string, unknown>>(pgTest.db, query);
      expect(b).toEqual(a);
      expect(a.length).toBeGreaterThan(0);
    });
  }

  it("an int8 is a number on both (count and sum), never a string", async () => {
    const [a] = await queryRows<{ n: unknown; total: unknown }>(
      pgTest.db,
      sql`select count(*) as n, sum(n) as total from driver_parity`,
    );
    expect(a).toEqual({ n: 4, total: -2147483647 });
  });
});
