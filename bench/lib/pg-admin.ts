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

/** Rows in `charges` (0 when the table is missing). */
async function chargeCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query("select count(*)::int as n from charges");
    return r.rows[0].n;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

/**
 * Makes sure `url` holds `charges` Financeiro charges (creates, migrates and fills it when
 * missing): one client per 20 charges (client ids md5('bench-client-N'), the same in every
 * database so one filter fits both), due dates over three years, every status, kind and method.
 */
export async function ensureChargesDatabase(
  url: string,
  charges: number,
): Promise<{ seededSeconds?: number }> {
  if (!(await databaseExists(url))) await createDatabase(url);
  const have = await chargeCount(url);
  if (have >= charges) return {};
  if (have > 0)
    throw new Error(`${databaseName(url)} tem ${have} cobranças (< ${charges}): apague-o (--drop).`);
  console.log(`Preparando ${databaseName(url)} com ${charges} cobranças...`);
  const started = performance.now();
  const { openPostgres, migrateDatabase } = await import("../../app/db/client.server");
  const database = await openPostgres(url);
  await migrateDatabase(database);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const clients = Math.max(1, Math.ceil(charges / 20));
    await client.query(`
      insert into clients (id, name, email, phone, business_name)
      select md5('bench-client-' || g)::uuid, 'Cliente ' || g, 'cliente' || g || '@exemplo.com.br',
             '119' || lpad(g::text, 8, '0'), 'Restaurante ' || g
      from generate_series(1, ${clients}) g`);
    await client.query(`
      insert into charges (number, client_id, origin, period_start, period_end, due_date, status,
                           subtotal_cents, discount_cents, amount_cents, paid_on, paid_amount_cents,
                           payment_method, payment_source, cancel_reason, cancelled_at, pix_txid, created_at)
      select '2026-' || lpad(g::text, 7, '0'), md5('bench-client-' || (1 + g % ${clients}))::uuid,
             'avulsa', null, null, d, s,
             8990, 0, 8990,
             case when s = 'paga' then d + 1 end, case when s = 'paga' then 8990 end,
             case when s = 'paga' then (array['pix','pix','boleto','cartão','dinheiro','transferência'])[1 + g % 6] end,
             case when s = 'paga' then 'manual' end,
             case when s = 'cancelada' then 'Cancelada no bench' end, case when s = 'cancelada' then now() end,
             'CD2026' || lpad(g::text, 7, '0'), now() - (g || ' seconds')::interval
      from (select g, date '2024-01-01' + (g % 1095) as d,
                   (array['paga','paga','paga','paga','paga','paga','pendente','vencida','cancelada','paga'])[1 + g % 10] as s
              from generate_series(1, ${charges}) g) x`);
    await client.query(`
      insert into charge_lines (charge_id, position, kind, description, amount_cents)
      select id, 1, case when right(number, 2) = '07' then 'ativação' when right(number, 1) = '3' then 'avulsa' else 'mensalidade' end,
             'Item do bench', 8990
      from charges`);
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
  return { seededSeconds: (performance.now() - started) / 1000 };
}
