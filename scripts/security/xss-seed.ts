// Stores every payload of tests/fixtures/xss-payloads.txt in every text column that some page
// renders (blog, leads, clients + notes, plans, materials, representatives, referrals, settings),
// straight into the tables: what the save path would sanitize is exactly what rendering must
// survive on its own. Run against a stopped server's database (DATA_DIR or DATABASE_URL).
// Prints one JSON line with the ids the XSS spec opens.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  blogPosts,
  clientNotes,
  clients,
  leads,
  plans,
  referrals,
  representativeMaterials,
  representatives,
  settings,
  user,
} from "../../app/db/schema";
import { registerRepresentative } from "../../app/modules/auth/users.server";
import { openConfiguredDatabase } from "../lib/connect";

const XSS_REP = { email: "xss-rep@seguranca.dev", password: "senha-xss-123" };

const payloads = readFileSync(path.resolve("tests/fixtures/xss-payloads.txt"), "utf8")
  .split("\n")
  .filter((l) => l.trim());
// PostgreSQL text cannot hold NUL; the literal "\u0000" text in the corpus stays as typed.
const p = (i: number) => payloads[i % payloads.length].replaceAll("\u0000", "");
const looksLikeUrl = (s: string) => /^\s*(javascript|data|vbscript):/i.test(s);

const database = await openConfiguredDatabase();
const db = database.db;

const rep = await registerRepresentative({ name: p(0), ...XSS_REP });
const [plan] = await db
  .insert(plans)
  .values({ name: p(1), priceCents: 1000, description: p(2), features: [p(3), p(4)] })
  .returning({ id: plans.id });

const postIds: string[] = [];
const clientIds: string[] = [];
for (let i = 0; i < payloads.length; i++) {
  const [post] = await db
    .insert(blogPosts)
    .values({
      title: p(i),
      slug: `xss-${i}`,
      excerpt: p(i + 1),
      content: `<p>${p(i + 2)}</p>${p(i)}`,
      imageUrl: looksLikeUrl(p(i)) ? p(i) : null,
      published: true,
    })
    .returning({ id: blogPosts.id });
  postIds.push(post.id);
  await db.insert(leads).values({
    name: p(i),
    email: p(i + 1),
    phone: p(i + 2),
    business: p(i + 3),
    plan: p(i + 4),
    message: p(i + 5),
    utmSource: p(i),
    referrer: p(i + 1),
    landingPage: p(i + 2),
  });
  const [client] = await db
    .insert(clients)
    .values({
      name: p(i),
      email: `${p(i + 1)}#${i}`,
      phone: p(i + 2),
      businessName: p(i + 3),
      planId: plan.id,
    })
    .returning({ id: clients.id });
  clientIds.push(client.id);
  await db.insert(clientNotes).values({ clientId: client.id, note: p(i + 4) });
  await db.insert(referrals).values({
    representativeId: rep.representativeId,
    businessName: p(i),
    contactName: p(i + 1),
    contactPhone: p(i + 2),
    planId: plan.id,
    status: i % 4 === 0 ? "concluido" : "analise",
  });
  await db.insert(representativeMaterials).values({
    title: p(i),
    description: p(i + 1),
    materialType: i % 2 ? "link" : "text",
    driveUrl: i % 2 ? p(i + 2) : null,
    textContent: i % 2 ? null : p(i + 2),
  });
  const userId = crypto.randomUUID();
  await db.insert(user).values({ id: userId, name: p(i), email: `xss-user-${i}@seguranca.dev` });
  await db.insert(representatives).values({ name: p(i), email: `${p(i + 1)}#${i}`, authId: userId });
}

// Settings hold one value per field: spread distinct payloads over them, tracking ids included
// (those end up inside the tracking snippets the server renders).
const s = (k: number) => p(k * 7);
await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
await db.update(settings).set({
  title: s(1),
  description: s(2),
  keywords: s(3),
  ogTitle: s(4),
  ogDescription: s(5),
  ogImage: "javascript:alert(1)",
  canonicalUrl: "javascript:alert(1)",
  googleAnalyticsId: "G-X');window.__xss=1;//",
  googleTagManagerId: 'GTM-X"></script><script>window.__xss=1</script>',
  facebookPixelId: "1');window.__xss=1;//",
  structuredData: '{"@context":"https://schema.org","name":"</script><script>window.__xss=1</script>"}',
});

console.log(JSON.stringify({ postIds, clientIds, planId: plan.id, payloads: payloads.length }));
await database.close();
