import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { listPublishedPosts } from "~/modules/blog/blog.server";
import { listClients } from "~/modules/clients/clients.server";
import { loadFunnel } from "~/modules/leads/funnel.server";
import { listReferralsAdmin } from "~/modules/referrals/admin.server";
import { listMyReferrals } from "~/modules/referrals/portal.server";
import { listRepresentativesAdmin } from "~/modules/representatives/representatives.server";
import { useTestDatabase } from "../support/db";

// Issue 17 item 7: searches forgive accents and case ("cardapio" finds "Cardápio", "acai" finds
// "Açaí") in the blog, the admin lists and the portal, and still go through the trigram indexes.
const t = useTestDatabase();
let repId = "";

beforeAll(async () => {
  await t.db.execute(sql`
    insert into blog_posts (title, slug, excerpt, published)
    values ('Cardápio digital para pizzarias', 'cardapio-digital', 'Como montar', true),
           ('Outro assunto', 'outro', 'Receitas de açaí na tigela', true)`);
  await t.db.execute(sql`
    insert into clients (name, email, phone, business_name)
    values ('José Açaí', 'jose@acai.dev', '(11) 98765-4321', 'Açaíteria do Zé')`);
  await t.db.execute(sql`
    insert into leads (name, email, phone, business, plan)
    values ('Conceição', 'c@lead.dev', '(11) 98765-4321', 'Cardápio da Esquina', 'Básico')`);
  await t.db.execute(sql`
    insert into "user" (id, name, email) values ('u-acento', 'Inês Representante', 'ines@rep.dev')`);
  const [rep] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into representatives (name, email, auth_id)
        values ('Inês Gonçalves', 'ines@rep.dev', 'u-acento') returning id`,
  );
  repId = rep.id;
  await t.db.execute(sql`
    insert into referrals (representative_id, business_name, contact_name, contact_phone)
    values (${repId}, 'Pastelaria São João', 'Antônio', '(11) 98765-4321')`);
});

describe("accent- and case-insensitive search", () => {
  it("finds blog posts by title and excerpt", async () => {
    expect((await listPublishedPosts({ q: "CARDAPIO" })).posts.map((p) => p.title)).toEqual([
      "Cardápio digital para pizzarias",
    ]);
    expect((await listPublishedPosts({ q: "acai" })).posts.map((p) => p.title)).toEqual(["Outro assunto"]);
  });

  it("finds clients by name and business", async () => {
    const byName = await listClients({ q: "jose acai" });
    expect(byName.rows.map((r) => r.name)).toEqual(["José Açaí"]);
    expect((await listClients({ q: "acaiteria" })).rows).toHaveLength(1);
  });

  it("finds leads on the funnel by name and business", async () => {
    const board = await loadFunnel({ q: "conceicao" });
    expect(board.columns.novo.leads.map((l) => l.name)).toEqual(["Conceição"]);
    const byBusiness = await loadFunnel({ q: "cardapio da" });
    expect(byBusiness.counts.novo).toMatchObject({ total: 1, kind: "exact" });
  });

  it("finds referrals (admin and portal) and representatives", async () => {
    expect((await listReferralsAdmin({ q: "sao joao" })).rows).toHaveLength(1);
    expect((await listReferralsAdmin({ q: "antonio" })).rows).toHaveLength(1);
    // Through the representative's name.
    expect((await listReferralsAdmin({ q: "goncalves" })).rows).toHaveLength(1);
    const mine = await listMyReferrals({ representativeId: repId, q: "SAO JOAO" });
    expect(mine.inProgress).toHaveLength(1);
    expect((await listRepresentativesAdmin({ q: "ines" })).rows.map((r) => r.name)).toEqual([
      "Inês Gonçalves",
    ]);
  });

  it("treats LIKE wildcards in the term as text", async () => {
    expect((await listClients({ q: "%" })).rows).toHaveLength(0);
    expect((await listPublishedPosts({ q: "_" })).posts).toHaveLength(0);
  });

  it("a name search can be answered by the unaccented trigram index", async () => {
    // Tiny tables make the planner prefer a sequential scan; with it disabled, a plan on the
    // index proves the query's expression matches the index expression.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select id from clients
            where immutable_unaccent(name) ilike immutable_unaccent(${"%jose%"})`,
      );
      return rows.map((x) => x["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("clients_name_unaccent_trgm_idx");
  });
});
