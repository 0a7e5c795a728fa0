// Child process of bench/startup: where the time of opening an existing PGlite data directory goes.
import { sql } from "drizzle-orm";

const dir = process.argv[2];
const t0 = performance.now();
const client = await import("../../app/db/client.server");
const t1 = performance.now();
const database = await client.openPglite(dir);
const t2 = performance.now();
await client.migrateDatabase(database);
const t3 = performance.now();
await database.db.execute(sql`select count(*) from blog_posts`);
const t4 = performance.now();
await database.close();
const t5 = performance.now();
console.log(
  JSON.stringify({
    importMs: t1 - t0,
    openMs: t2 - t1,
    migrateMs: t3 - t2,
    firstQueryMs: t4 - t3,
    closeMs: t5 - t4,
  }),
);
