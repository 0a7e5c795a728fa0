// What each admin list must run for one page, as SQL: the page query and its count. This is the
// contract the list functions in app/modules are measured against. Once a module exists, its
// `module` entry calls the real function instead (`--impl modules`), so the figures measure the
// code users run. Page size 20 (app/lib/list-params.ts).
//
// ORDER BY must match the index exactly, or PostgreSQL sorts the whole table: the schema's
// indexes are ascending `(…, created_at, id)` and lists order by `created_at desc, id desc`
// (newestFirst in app/lib/order.ts), a backward walk of the same index. Mixing directions (e.g.
// `created_at desc, id asc`) turns a 0.1 ms index read into a 100+ ms sort at 1 000 000 rows.
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../app/db/client.server";
import { countEstimate } from "../../app/server/db-tools/counts.server";
import { boundedSearch, SEARCH_CANDIDATE_CAP } from "../../app/server/db-tools/search.server";

export const PAGE_SIZE = 20;

export interface ListCase {
  list: string;
  view: string;
  /** Default views and searches must never sequentially scan a big table (checked by EXPLAIN). */
  mustUseIndexes: boolean;
  /** The queries whose plans are checked; a "count" is checked as countEstimate runs it. */
  queries: { sql: SQL; kind: "page" | "count" }[];
  /** What the loader runs (page + count), on the given database. */
  run(db: Db): Promise<unknown>;
  /** The module function that replaces `run` once merged (`--impl modules`). */
  module?: { path: string; fn: string; args: Record<string, unknown> };
}

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page query + its count, the way every list loader does it. */
function pageAndCount(page: SQL, countRows: SQL, limit?: number) {
  return async (db: Db) => Promise.all([queryRows(db, page), countEstimate({ query: countRows, db, limit })]);
}

function listCase(
  list: string,
  view: string,
  opts: { from: SQL; where?: SQL; order: SQL; select: SQL; offset?: number; mustUseIndexes?: boolean },
  module?: ListCase["module"],
): ListCase {
  const where = opts.where ? sql` where ${opts.where}` : sql``;
  const page = sql`select ${opts.select} from ${opts.from}${where} order by ${opts.order} limit ${PAGE_SIZE} offset ${opts.offset ?? 0}`;
  const count = sql`select 1 from ${opts.from}${where}`;
  return {
    list,
    view,
    mustUseIndexes: opts.mustUseIndexes ?? true,
    queries: [
      { sql: page, kind: "page" },
      { sql: count, kind: "count" },
    ],
    run: pageAndCount(page, count),
    module,
  };
}

// Searches forgive accents (issue 17): name-like columns go through immutable_unaccent, as the
// modules do (server/db-tools/search.server.ts containsText), and its trigram indexes.
// Search terms: one common (many thousand matches), one selective, one with no match.
const clientSearch = (q: string) => {
  const p = like(q);
  return sql`(immutable_unaccent(c.name) ilike immutable_unaccent(${p}) or c.email ilike ${p} or immutable_unaccent(c.business_name) ilike immutable_unaccent(${p}))`;
};
const clientsFrom = sql`clients c left join plans p on p.id = c.plan_id`;
const clientsSelect = sql`c.id, c.name, c.email, c.phone, c.business_name, c.status, c.created_at, p.name as plan_name`;
const clientsModule = "app/modules/clients/clients.server.ts";

const leadSearch = (q: string) => {
  const p = like(q);
  return sql`(immutable_unaccent(l.name) ilike immutable_unaccent(${p}) or l.email ilike ${p} or immutable_unaccent(l.business) ilike immutable_unaccent(${p}))`;
};
const STAGES = ["novo", "contatado", "qualificado", "negociando", "convertido", "perdido"] as const;
const leadsModule = "app/modules/leads/funnel.server.ts";

/** The funnel board: six columns, each its first page and its count (tabs show the counts). */
function funnelBoard(view: string, q?: string): ListCase {
  const parts = STAGES.map((stage) => {
    const where = q ? sql`l.status_funil = ${stage} and ${leadSearch(q)}` : sql`l.status_funil = ${stage}`;
    return {
      page: sql`select l.id, l.name, l.email, l.phone, l.business, l.plan, l.message, l.is_representative, l.status_funil, l.created_at
        from leads l where ${where} order by l.created_at desc, l.id desc limit ${PAGE_SIZE}`,
      count: sql`select 1 from leads l where ${where}`,
    };
  });
  return {
    list: "leads (funil)",
    view,
    mustUseIndexes: true,
    queries: parts.flatMap((p) => [
      { sql: p.page, kind: "page" as const },
      { sql: p.count, kind: "count" as const },
    ]),
    // With a search, six exact counts would each repeat the trigram scan: exact up to 1 000.
    run: (db) => Promise.all(parts.map((p) => pageAndCount(p.page, p.count, q ? 1000 : undefined)(db))),
    module: { path: leadsModule, fn: "loadFunnel", args: { q: q ?? "" } },
  };
}

/** Clients search through boundedSearch (app/server/db-tools/search.server.ts). */
function clientsBoundedSearch(q: string): ListCase {
  const candidates = sql`select c.id, c.created_at from clients c where ${clientSearch(q)}`;
  const walk = sql`select ${clientsSelect} from ${clientsFrom} where ${clientSearch(q)} order by c.created_at desc, c.id desc limit ${PAGE_SIZE}`;
  return {
    list: "clientes",
    view: `busca limitada '${q}'`,
    mustUseIndexes: true,
    queries: [{ sql: sql`${candidates} limit ${SEARCH_CANDIDATE_CAP + 1}`, kind: "page" }],
    run: async (db) => {
      const found = await boundedSearch({ candidates, db });
      if (!found.complete) {
        return Promise.all([
          queryRows(db, walk),
          countEstimate({ query: sql`select 1 from clients c where ${clientSearch(q)}`, db }),
        ]);
      }
      const ids = found.rows.slice(0, PAGE_SIZE).map((r) => r.id);
      const page = ids.length
        ? await queryRows(db, sql`select ${clientsSelect} from ${clientsFrom} where c.id in ${ids}`)
        : [];
      return [page, { total: found.rows.length, kind: "exact" }];
    },
  };
}

/** The funnel with a search: ONE bounded candidate read for the six columns. */
function funnelBoundedSearch(q: string): ListCase {
  const candidates = sql`select l.id, l.created_at, l.status_funil from leads l where ${leadSearch(q)}`;
  const board = funnelBoard("", q);
  return {
    list: "leads (funil)",
    view: `quadro + busca limitada '${q}'`,
    mustUseIndexes: true,
    queries: [{ sql: sql`${candidates} limit ${SEARCH_CANDIDATE_CAP + 1}`, kind: "page" }],
    run: async (db) => {
      const found = await boundedSearch({ candidates, db });
      if (!found.complete) return board.run(db);
      const firstOfEach = STAGES.flatMap((stage) =>
        found.rows
          .filter((r) => r.status_funil === stage)
          .slice(0, PAGE_SIZE)
          .map((r) => r.id),
      );
      const cards = firstOfEach.length
        ? await queryRows(
            db,
            sql`select l.id, l.name, l.email, l.phone, l.business, l.plan, l.message, l.is_representative, l.status_funil, l.created_at from leads l where l.id in ${firstOfEach}`,
          )
        : [];
      const counts = STAGES.map((stage) => found.rows.filter((r) => r.status_funil === stage).length);
      return [cards, counts];
    },
  };
}

const referralsFrom = sql`referrals r left join representatives rep on rep.id = r.representative_id left join plans p on p.id = r.plan_id`;
const referralsSelect = sql`r.id, r.business_name, r.contact_name, r.contact_phone, r.status, r.commission_cents, r.created_at,
  rep.name as representative_name, rep.email as representative_email, p.name as plan_name`;
const referralSearch = (q: string) => {
  const p = like(q);
  return sql`(immutable_unaccent(r.business_name) ilike immutable_unaccent(${p}) or immutable_unaccent(r.contact_name) ilike immutable_unaccent(${p}))`;
};
const referralsModule = "app/modules/referrals/admin.server.ts";

const postsSelect = sql`b.id, b.title, b.slug, left(b.excerpt, 61) as excerpt, b.published, b.created_at`;
const postsModule = "app/modules/blog/admin.server.ts";

const repsSelect = sql`rep.id, rep.name, rep.email, rep.created_at,
  (select count(*)::int from referrals r where r.representative_id = rep.id) as referrals`;
const repsModule = "app/modules/representatives/representatives.server.ts";

export function listCases(): ListCase[] {
  return [
    // Clients (100 000 at the big scale)
    listCase(
      "clientes",
      "padrão (recentes)",
      { from: clientsFrom, select: clientsSelect, order: sql`c.created_at desc, c.id desc` },
      { path: clientsModule, fn: "listClients", args: {} },
    ),
    listCase(
      "clientes",
      "busca comum 'souza'",
      {
        from: clientsFrom,
        select: clientsSelect,
        where: clientSearch("souza"),
        order: sql`c.created_at desc, c.id desc`,
      },
      { path: clientsModule, fn: "listClients", args: { q: "souza" } },
    ),
    listCase(
      "clientes",
      "busca seletiva 'wesley cavalcanti'",
      {
        from: clientsFrom,
        select: clientsSelect,
        where: clientSearch("wesley cavalcanti"),
        order: sql`c.created_at desc, c.id desc`,
      },
      { path: clientsModule, fn: "listClients", args: { q: "wesley cavalcanti" } },
    ),
    listCase(
      "clientes",
      "busca sem resultado 'xyzzy'",
      {
        from: clientsFrom,
        select: clientsSelect,
        where: clientSearch("xyzzy"),
        order: sql`c.created_at desc, c.id desc`,
      },
      { path: clientsModule, fn: "listClients", args: { q: "xyzzy" } },
    ),
    clientsBoundedSearch("souza"),
    clientsBoundedSearch("wesley cavalcanti"),
    clientsBoundedSearch("xyzzy"),
    listCase(
      "clientes",
      "ordem por nome",
      { from: clientsFrom, select: clientsSelect, order: sql`c.name asc, c.id asc` },
      { path: clientsModule, fn: "listClients", args: { sort: "name", dir: "asc" } },
    ),
    listCase(
      "clientes",
      "ordem por negócio",
      { from: clientsFrom, select: clientsSelect, order: sql`c.business_name asc, c.id asc` },
      { path: clientsModule, fn: "listClients", args: { sort: "business_name", dir: "asc" } },
    ),
    listCase(
      "clientes",
      "status inativo",
      {
        from: clientsFrom,
        select: clientsSelect,
        where: sql`c.status = 'inativo'`,
        order: sql`c.created_at desc, c.id desc`,
      },
      { path: clientsModule, fn: "listClients", args: { status: "inativo" } },
    ),
    listCase(
      "clientes",
      "página 50",
      {
        from: clientsFrom,
        select: clientsSelect,
        order: sql`c.created_at desc, c.id desc`,
        offset: 49 * PAGE_SIZE,
      },
      { path: clientsModule, fn: "listClients", args: { page: 50 } },
    ),

    // Leads funnel (1 000 000)
    funnelBoard("quadro padrão (6 colunas)"),
    funnelBoard("quadro + busca 'souza'", "souza"),
    funnelBoard("quadro + busca 'pizzaria vila'", "pizzaria vila"),
    funnelBoard("quadro + busca 'xyzzy'", "xyzzy"),
    funnelBoundedSearch("souza"),
    funnelBoundedSearch("pizzaria vila"),
    funnelBoundedSearch("xyzzy"),

    // Referrals (100 000)
    listCase(
      "indicações",
      "padrão (recentes)",
      { from: referralsFrom, select: referralsSelect, order: sql`r.created_at desc, r.id desc` },
      { path: referralsModule, fn: "listReferralsAdmin", args: {} },
    ),
    listCase(
      "indicações",
      "status concluído",
      {
        from: referralsFrom,
        select: referralsSelect,
        where: sql`r.status = 'concluido'`,
        order: sql`r.created_at desc, r.id desc`,
      },
      { path: referralsModule, fn: "listReferralsAdmin", args: { status: "concluido" } },
    ),
    listCase(
      "indicações",
      "busca 'pizzaria'",
      {
        from: referralsFrom,
        select: referralsSelect,
        where: referralSearch("pizzaria"),
        order: sql`r.created_at desc, r.id desc`,
      },
      { path: referralsModule, fn: "listReferralsAdmin", args: { q: "pizzaria" } },
    ),
    listCase(
      "indicações",
      "busca 'wesley'",
      {
        from: referralsFrom,
        select: referralsSelect,
        where: referralSearch("wesley"),
        order: sql`r.created_at desc, r.id desc`,
      },
      { path: referralsModule, fn: "listReferralsAdmin", args: { q: "wesley" } },
    ),
    listCase(
      "indicações",
      "ordem por negócio",
      {
        from: referralsFrom,
        select: referralsSelect,
        order: sql`lower(r.business_name) asc, r.created_at desc, r.id desc`,
      },
      { path: referralsModule, fn: "listReferralsAdmin", args: { sort: "business_name", dir: "asc" } },
    ),
    listCase(
      "indicações",
      "ordem por status",
      {
        from: referralsFrom,
        select: referralsSelect,
        order: sql`r.status asc, r.created_at desc, r.id desc`,
      },
      { path: referralsModule, fn: "listReferralsAdmin", args: { sort: "status", dir: "asc" } },
    ),

    // Blog posts (10 000)
    listCase(
      "posts",
      "padrão (recentes)",
      { from: sql`blog_posts b`, select: postsSelect, order: sql`b.created_at desc, b.id desc` },
      { path: postsModule, fn: "listAdminPosts", args: {} },
    ),
    listCase(
      "posts",
      "busca 'delivery'",
      {
        from: sql`blog_posts b`,
        select: postsSelect,
        where: sql`(immutable_unaccent(b.title) ilike immutable_unaccent(${like("delivery")}) or immutable_unaccent(b.excerpt) ilike immutable_unaccent(${like("delivery")}))`,
        order: sql`b.created_at desc, b.id desc`,
      },
      // listAdminPosts has no search: this case stays on the reference SQL with --impl modules.
    ),

    // Representatives (2 000): small, but each row counts its referrals.
    listCase(
      "representantes",
      "padrão (nome)",
      {
        from: sql`representatives rep`,
        select: repsSelect,
        order: sql`rep.name asc, rep.id asc`,
        mustUseIndexes: false,
      },
      { path: repsModule, fn: "listRepresentativesAdmin", args: {} },
    ),
    listCase(
      "representantes",
      "busca 'fernanda'",
      {
        from: sql`representatives rep`,
        select: repsSelect,
        where: sql`(immutable_unaccent(rep.name) ilike immutable_unaccent(${like("fernanda")}) or rep.email ilike ${like("fernanda")})`,
        order: sql`rep.name asc, rep.id asc`,
        mustUseIndexes: false,
      },
      { path: repsModule, fn: "listRepresentativesAdmin", args: { q: "fernanda" } },
    ),

    // Public blog (what /blog runs at 10 000 posts): published, newest first, with search.
    listCase("blog público", "/blog página 1", {
      from: sql`blog_posts b`,
      select: sql`b.id, b.title, b.slug, b.excerpt, b.image_url, b.created_at`,
      where: sql`b.published`,
      order: sql`b.created_at desc, b.id desc`,
    }),
    listCase("blog público", "/blog?q=cardápio", {
      from: sql`blog_posts b`,
      select: sql`b.id, b.title, b.slug, b.excerpt, b.image_url, b.created_at`,
      where: sql`b.published and (immutable_unaccent(b.title) ilike immutable_unaccent(${like("cardápio")}) or immutable_unaccent(b.excerpt) ilike immutable_unaccent(${like("cardápio")}))`,
      order: sql`b.created_at desc, b.id desc`,
    }),
  ];
}

/** Dashboard cards and the funnel bars: counts over the big tables, estimated above 10 000. */
export function dashboardCases(): ListCase[] {
  const countOnly = (view: string, rows: SQL): ListCase => ({
    list: "dashboard",
    view,
    mustUseIndexes: false,
    queries: [{ sql: rows, kind: "count" }],
    run: (db) => countEstimate({ query: rows, db }),
  });
  const expiring = sql`select s.id as subscription_id, c.id as client_id, c.name as client_name, p.name as plan_name, s.end_date,
      (s.end_date - (now() at time zone 'America/Sao_Paulo')::date) as days_remaining
    from subscriptions s join clients c on c.id = s.client_id join plans p on p.id = s.plan_id
    where s.status = 'ativa' and s.end_date between (now() at time zone 'America/Sao_Paulo')::date
      and (now() at time zone 'America/Sao_Paulo')::date + 7
    order by s.end_date asc limit 20`;
  const recent = sql`select c.id, c.name, c.business_name, c.status, c.created_at from clients c order by c.created_at desc, c.id desc limit 5`;
  return [
    countOnly("Total de Clientes", sql`select 1 from clients`),
    countOnly("Clientes Ativos", sql`select 1 from clients where status = 'ativo'`),
    countOnly("Leads Novos", sql`select 1 from leads where status_funil = 'novo'`),
    {
      list: "dashboard",
      view: "Funil de Conversão (6 contagens)",
      mustUseIndexes: false,
      queries: STAGES.map((s) => ({
        sql: sql`select 1 from leads where status_funil = ${s}`,
        kind: "count" as const,
      })),
      run: (db) =>
        Promise.all(
          STAGES.map((s) => countEstimate({ query: sql`select 1 from leads where status_funil = ${s}`, db })),
        ),
    },
    {
      list: "dashboard",
      view: "Assinaturas Próximas de Vencer",
      mustUseIndexes: true,
      queries: [{ sql: expiring, kind: "page" }],
      run: (db) => queryRows(db, expiring),
    },
    {
      list: "dashboard",
      view: "Clientes Recentes (5)",
      mustUseIndexes: true,
      queries: [{ sql: recent, kind: "page" }],
      run: (db) => queryRows(db, recent),
    },
  ];
}

/** What a naive loader would do (exact count(*) on every request), for comparison. */
export function naiveCountCases(): ListCase[] {
  const exact = (view: string, q: SQL): ListCase => ({
    list: "contagem exata (ingênua)",
    view,
    mustUseIndexes: false,
    queries: [{ sql: q, kind: "page" }],
    run: (db) => queryRows(db, q),
  });
  return [
    exact("count(*) clientes", sql`select count(*)::int from clients`),
    exact(
      "count(*) leads por estágio (group by)",
      sql`select status_funil, count(*)::int from leads group by status_funil`,
    ),
    exact(
      "count(*) leads busca 'souza'",
      sql`select count(*)::int from leads l where ${leadSearch("souza")}`,
    ),
  ];
}

/**
 * Financeiro (issue 29): what its loader runs, per view: the page with its count (listCharges)
 * and the totals of the same filter (chargeTotals), through the module functions. The client is
 * md5('bench-client-1') in both bench databases (pg-admin ensureChargesDatabase).
 */
export function financeiroCases(): ListCase[] {
  const path = "app/modules/billing/list.server.ts";
  const client = "518b2f81-a5ca-334f-c02a-a279bd35f3f6";
  const views: [string, Record<string, unknown>][] = [
    ["padrão (vencimento desc)", {}],
    ["status vencida", { status: "vencida" }],
    ["status paga", { status: "paga" }],
    ["vencimento de/até (um mês)", { from: "2025-03-01", to: "2025-03-31" }],
    ["cliente", { clientId: client }],
    ["tipo ativação", { kind: "ativação" }],
    ["forma pix", { method: "pix" }],
  ];
  return views.flatMap(([view, filters]) => [
    {
      list: "financeiro (lista)",
      view,
      mustUseIndexes: true,
      queries: [],
      run: () => Promise.reject(new Error("use --impl modules")),
      module: { path, fn: "listCharges", args: { filters, pageSize: 30 } },
    },
    {
      list: "financeiro (totais)",
      view,
      mustUseIndexes: false,
      queries: [],
      run: () => Promise.reject(new Error("use --impl modules")),
      module: { path, fn: "chargeTotals", args: filters },
    },
  ]);
}
