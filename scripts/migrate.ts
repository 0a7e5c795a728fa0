// Applies the committed migrations under the startup lock (the server also does this on start,
// unless MIGRATE_ON_START=false makes this a deploy step of its own).
import { openConfiguredDatabase } from "./lib/connect";

let db;
try {
  db = await openConfiguredDatabase();
} catch (err) {
  // A database newer than this code, or one that does not answer: the reason, not a stack.
  console.error(`ERRO: ${(err as Error).message}`);
  process.exit(1);
}
console.log(`Migrações aplicadas (${db.kind}).`);
await db.close();
