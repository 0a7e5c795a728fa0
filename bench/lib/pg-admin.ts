// Creating, seeding and dropping the bench databases on a PostgreSQL server.
import { spawnSync } from "node:child_process";
import pg from "pg";

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function onServer<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const safeName = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`nome de banco inválido: ${name}`);
  return name;
};

export async function databaseExists(url: string): Promise<boolean> {
  return onServer(url, async (c) => {
    const r = await c.query("select 1 from pg_database where datname = $1", [databaseName(url)]);
    return r.rowCount === 1;
  });
}

export async function createDatabase(url: string) {
  await onServer(url, (c) => c.query(`create database ${safeName(databaseName(url))}`));
}

export async function dropDatabase(url: string) {
  await onServer(url, (c) => c.query(`drop database if exists ${safeName(databaseName(url))} with (force)`));
}

/** Rows in `leads` (0 when the table is missing). */
export async function leadCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query("select count(*)::int as n from leads");
    return r.rows[0].n;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

/** `npm run db:seed -- --scale N` against `url`, output shown. */
export function seedScale(url: string, scale: number) {
  const started = performance.now();
  const r = spawnSync("npx", ["tsx", "scripts/seed.ts", "--scale", String(scale)], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error(`seed --scale ${scale} falhou (${url})`);
  return (performance.now() - started) / 1000;
}

/** Makes sure `url` holds demo data + `scale` generated leads (creates and seeds when missing). */
export async function ensureScaledDatabase(url: string, scale: number): Promise<{ seededSeconds?: number }> {
  if (!(await databaseExists(url))) await createDatabase(url);
  const have = await leadCount(url);
  if (have >= scale) return {};
  if (have > 0) {
    throw new Error(`${databaseName(url)} tem ${have} leads (< ${scale}): apague-o (--drop) e rode de novo.`);
  }
  console.log(`Preparando ${databaseName(url)} com --scale ${scale}...`);
  return { seededSeconds: seedScale(url, scale) };
}
