import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { slugify } from "~/lib/slug";
import {
  AREA_CODES,
  BUSINESS_KINDS,
  BUSINESS_NAMES,
  CLIENT_NOTES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LEAD_MESSAGES,
  NEIGHBOURHOODS,
  POST_PARAGRAPHS,
  POST_TEMPLATES,
  POST_TOPICS,
  SURNAMES,
} from "./scale-content";

/**
 * Big-data generator (`npm run db:seed -- --scale N`): N leads and proportional clients,
 * referrals, representatives and posts, written with set-based INSERT … SELECT generate_series
 * (the rows are built inside the database, so nothing is shipped row by row). Values come from
 * hashes of the row number, so two runs produce the same shape; unique columns carry a run tag
 * so the generator can run again on a database that already has data (demo or an earlier run).
 */

/** Shared by every generated representative; their login password (documented in bench/README.md). */
export const SCALE_REPRESENTATIVE_PASSWORD = "representante-escala";

export interface ScaleCounts {
  leads: number;
  clients: number;
  referrals: number;
  representatives: number;
  posts: number;
}

/** The proportions to test at: at 1 000 000 leads → 100 000 clients and referrals, 2 000 representatives, 10 000 posts. */
export function scaleCounts(leads: number): ScaleCounts {
  return {
    leads,
    clients: Math.round(leads / 10),
    referrals: Math.round(leads / 10),
    representatives: Math.max(1, Math.round(leads / 500)),
    posts: Math.round(leads / 100),
  };
}

export type ScaleProgress = (table: keyof ScaleCounts | "analyze", done: number, total: number) => void;

const ascii = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (xs: readonly (string | number)[]) =>
  `array[${xs.map((x) => lit(String(x))).join(",")}]::text[]`;

/** Non-negative 31-bit hash of the row number `g` with a salt (spread over all bits): the dice. */
const h = (salt: number, g = "g") => `(hashint4(${g} # ${Math.imul(salt, 0x9e3779b1) >>> 1}) & 2147483647)`;
/** One element of a constant list, chosen by hash. Built from our own constants only. */
const pick = (xs: readonly (string | number)[], salt: number, g = "g") =>
  `(${textArray(xs)})[1 + ${h(salt, g)} % ${xs.length}]`;

const firstName = (salt: number, g = "g") => pick(FIRST_NAMES, salt, g);
const surname = (salt: number, g = "g") => pick(SURNAMES, salt, g);
const asciiLower = (xs: readonly string[]) => xs.map((x) => ascii(x).toLowerCase());
// Stored as the national digits, as normalizePhone stores a typed phone.
const phone = (salt: number) =>
  `${pick(AREA_CODES, salt)} || '9' || lpad((${h(salt + 1)} % 10000)::text, 4, '0') || lpad((${h(salt + 2)} % 10000)::text, 4, '0')`;
const business = (salt: number) =>
  `${pick(BUSINESS_KINDS, salt)} || ' ' || ${pick(BUSINESS_NAMES, salt + 1)} || case when ${h(salt + 2)} % 3 = 0 then ' ' || ${pick(NEIGHBOURHOODS, salt + 3)} else '' end`;
/** A moment in the last `days` days, spread by hash. */
const pastInstant = (salt: number, days: number) =>
  `now() - (${h(salt)} % ${days * 86400}) * interval '1 second'`;

async function run(query: string) {
  await getDb().execute(sql.raw(query));
}

async function inChunks(
  total: number,
  chunk: number,
  each: (from: number, to: number) => Promise<void>,
  progress: (done: number) => void,
) {
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    await each(from, to);
    progress(to);
  }
}

export async function seedScale({
  leads,
  chunkSize = 50_000,
  onProgress = () => {},
}: {
  leads: number;
  chunkSize?: number;
  onProgress?: ScaleProgress;
}): Promise<ScaleCounts & { runTag: string }> {
  if (!Number.isInteger(leads) || leads < 1) throw new Error("--scale precisa ser um inteiro positivo");
  const counts = scaleCounts(leads);
  const db = getDb();
  const planRows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id::text as id, name from plans order by price_cents, name`,
  );
  if (planRows.length === 0) throw new Error("Nenhum plano cadastrado: rode o seed de demonstração antes.");
  const planIds = planRows.map((p) => p.id);
  const planNames = planRows.map((p) => p.name);
  // Unique columns (client and user e-mails, post slugs) carry it, so runs never collide.
  const runTag = Date.now().toString(36);
  const firstAscii = asciiLower(FIRST_NAMES);
  const lastAscii = asciiLower(SURNAMES);

  // Leads: the funnel mix of a real inbox (most new, few in negotiation).
  const leadPlans = [...planNames, "Ainda não sei", "Quero ser representante"];
  await inChunks(
    counts.leads,
    chunkSize,
    (from, to) =>
      run(`
      insert into leads (name, email, phone, business, plan, message, is_representative,
                         status_funil, status, utm_source, utm_medium, created_at, updated_at)
      select name, email, phone, business, plan, message, plan = 'Quero ser representante',
             stage, stage, utm_source, utm_medium, created_at, created_at + (${h(11)} % 86400) * interval '1 second'
      from (
        select g,
          ${firstName(1)} || ' ' || ${surname(2)} || ' ' || ${surname(3)} as name,
          ${pick(firstAscii, 1)} || '.' || ${pick(lastAscii, 2)} || (${h(4)} % 1000)::text || '@' || ${pick(EMAIL_DOMAINS, 5)} as email,
          ${phone(20)} as phone,
          ${business(30)} as business,
          ${pick(leadPlans, 6)} as plan,
          case when ${h(7)} % 3 = 0 then null else ${pick(LEAD_MESSAGES, 8)} end as message,
          case when ${h(9)} % 100 < 40 then 'novo' when ${h(9)} % 100 < 60 then 'contatado'
               when ${h(9)} % 100 < 72 then 'qualificado' when ${h(9)} % 100 < 80 then 'negociando'
               when ${h(9)} % 100 < 90 then 'convertido' else 'perdido' end as stage,
          case when ${h(10)} % 4 = 0 then ${pick(["google", "instagram", "facebook", "indicacao"], 12)} end as utm_source,
          case when ${h(10)} % 4 = 0 then ${pick(["cpc", "social", "organic"], 13)} end as utm_medium,
          ${pastInstant(14, 730)} as created_at
        from generate_series(${from}, ${to}) g
      ) s`),
    (done) => onProgress("leads", done, counts.leads),
  );

  // Clients, each with one subscription and one to three notes, in one statement per chunk.
  await inChunks(
    counts.clients,
    chunkSize,
    (from, to) =>
      run(`
      with c as (
        insert into clients (name, email, phone, business_name, plan_id, status, created_at, updated_at)
        select ${firstName(41)} || ' ' || ${surname(42)} || ' ' || ${surname(43)},
          ${pick(firstAscii, 41)} || '.' || ${pick(lastAscii, 42)} || '.' || '${runTag}' || g::text || '@' || ${pick(EMAIL_DOMAINS, 44)},
          ${phone(45)},
          ${business(50)},
          (${textArray(planIds)})[1 + ${h(55)} % ${planIds.length}]::uuid,
          case when ${h(56)} % 100 < 75 then 'ativo' when ${h(56)} % 100 < 88 then 'inativo' else 'pendente' end,
          ${pastInstant(57, 1095)} as at,
          ${pastInstant(57, 1095)}
        from generate_series(${from}, ${to}) g
        returning id, plan_id, status, created_at
      ), r as (
        select c.*, hashtext(c.id::text) & 2147483647 as hc from c
      ), s as (
        insert into subscriptions (client_id, plan_id, start_date, end_date, status, renewal_type, created_at, updated_at)
        select id, plan_id, start_date, (start_date + make_interval(months => months))::date,
          case status when 'ativo' then 'ativa' when 'inativo' then 'cancelada' else 'inativa' end,
          renewal, created_at, created_at
        from (
          select r.*, renewal, months, current_date - (hc % (months * 30)) as start_date
          from r, lateral (select case when hc % 10 < 6 then 'mensal' when hc % 10 < 8 then 'trimestral'
                                        when hc % 10 < 9 then 'semestral' else 'anual' end as renewal) t,
               lateral (select case renewal when 'mensal' then 1 when 'trimestral' then 3
                                            when 'semestral' then 6 else 12 end as months) m
        ) x
        returning id, client_id, plan_id, start_date, end_date, status, renewal_type, version
      ), e as (
        -- Every subscription comes with its history (the database checks it, migration 0031):
        -- its start at the plan's price and, for an ended one, its end.
        insert into subscription_events (client_id, subscription_id, subscription_version, kind, effective_on,
                                         mrr_before_cents, mrr_after_cents, plan_before_id, plan_after_id, renewal_type)
        select s.client_id, s.id, s.version, k.kind, case k.kind when 'inicio' then s.start_date else least(s.end_date, current_date) end,
               case k.kind when 'inicio' then 0 else p.price_cents end,
               case k.kind when 'inicio' then p.price_cents else 0 end,
               case k.kind when 'fim' then s.plan_id end, case k.kind when 'inicio' then s.plan_id end, s.renewal_type
          from s join plans p on p.id = s.plan_id
          cross join lateral (values ('inicio'), ('fim')) k(kind)
         where k.kind = 'inicio' or s.status not in ('ativa', 'suspensa')
      )
      insert into client_notes (client_id, note, created_at)
      select r.id, (${textArray(CLIENT_NOTES)})[1 + (hc + k) % ${CLIENT_NOTES.length}], r.created_at + k * interval '3 days'
      from r, generate_series(1, 1 + hc % 3) k`),
    (done) => onProgress("clients", done, counts.clients),
  );

  // Representatives: a login user (one shared password hash: hashing thousands would take
  // minutes and proves nothing), its credential account and the representatives row.
  const passwordHash = await hashPassword(SCALE_REPRESENTATIVE_PASSWORD);
  await inChunks(
    counts.representatives,
    chunkSize,
    (from, to) =>
      run(`
      with u as (
        insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
        select gen_random_uuid()::text, name, email, true, 'representative', at, at
        from (
          select ${firstName(61)} || ' ' || ${surname(62)} as name,
            'rep.' || ${pick(firstAscii, 61)} || '.' || ${pick(lastAscii, 62)} || '.' || '${runTag}' || g::text || '@exemplo.com.br' as email,
            ${pastInstant(63, 730)} as at
          from generate_series(${from}, ${to}) g
        ) s
        returning id, name, email, created_at
      ), a as (
        insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
        select gen_random_uuid()::text, id, 'credential', id, ${lit(passwordHash)}, created_at, created_at from u
      )
      insert into representatives (name, email, auth_id, created_at)
      select name, email, id, created_at from u`),
    (done) => onProgress("representatives", done, counts.representatives),
  );

  const repIds = (
    await queryRows<{ id: string }>(
      db,
      sql`select id::text as id from representatives where email like ${`%.${runTag}%@exemplo.com.br`}`,
    )
  ).map((r) => r.id);
  await inChunks(
    counts.referrals,
    chunkSize,
    (from, to) =>
      run(`
      insert into referrals (representative_id, business_name, contact_name, contact_phone, plan_id,
                             status, plan_name, commission_cents, completed_at, created_at, updated_at)
      select rep, business, contact, phone, plan_id, status, plan_name,
        case when immutable_unaccent(lower(plan_name)) like '%basico%' then 5000 else 10000 end,
        case when status = 'concluido' then created_at + (${h(79)} % 1000000) * interval '1 second' end,
        created_at, created_at + (${h(79)} % 1000000) * interval '1 second'
      from (
        select g, (${textArray(repIds)})[1 + ${h(71)} % ${repIds.length}]::uuid as rep,
          ${business(72)} as business,
          ${firstName(76)} || ' ' || ${surname(77)} as contact,
          ${phone(80)} as phone,
          (${textArray(planIds)})[1 + ${h(85)} % ${planIds.length}]::uuid as plan_id,
          (${textArray(planNames)})[1 + ${h(85)} % ${planIds.length}] as plan_name,
          case when ${h(86)} % 10 < 4 then 'analise' when ${h(86)} % 10 < 6 then 'aguardando_pagamento'
               when ${h(86)} % 10 < 7 then 'producao' else 'concluido' end as status,
          ${pastInstant(87, 730)} as created_at
        from generate_series(${from}, ${to}) g
      ) s`),
    (done) => onProgress("referrals", done, counts.referrals),
  );

  const titles = POST_TEMPLATES.flatMap((t) => POST_TOPICS.map((topic) => t.replace("{t}", topic)));
  const capitalised = titles.map((t) => t.charAt(0).toUpperCase() + t.slice(1));
  const paragraphs = POST_PARAGRAPHS.map((p) => `<p>${p}</p>`);
  await inChunks(
    counts.posts,
    chunkSize,
    (from, to) =>
      run(`
      insert into blog_posts (title, slug, excerpt, content, published, created_at, updated_at)
      select title, slug, excerpt,
        '<h2>' || title || '</h2>' || ${pick(paragraphs, 93)} || ${pick(paragraphs, 94)} || ${pick(paragraphs, 95)}
          || '<h2>Na prática</h2>' || ${pick(paragraphs, 96)} || ${pick(paragraphs, 97)},
        ${h(98)} % 10 <> 0, created_at, created_at
      from (
        select g, (${textArray(capitalised)})[1 + ${h(91)} % ${titles.length}] as title,
          (${textArray(titles.map(slugify))})[1 + ${h(91)} % ${titles.length}] || '-${runTag}-' || g::text as slug,
          ${pick(POST_PARAGRAPHS, 92)} as excerpt,
          ${pastInstant(99, 1095)} as created_at
        from generate_series(${from}, ${to}) g
      ) s`),
    (done) => onProgress("posts", done, counts.posts),
  );

  // Fresh statistics (planner estimates, estimated counts) and visibility maps (index-only scans).
  const tables = [
    "leads",
    "clients",
    "subscriptions",
    "client_notes",
    '"user"',
    "account",
    "representatives",
    "referrals",
    "blog_posts",
  ];
  for (const [i, t] of tables.entries()) {
    await run(`vacuum (analyze) ${t}`);
    onProgress("analyze", i + 1, tables.length);
  }
  return { ...counts, runTag };
}
