// Applies the committed migrations (the server also does this on start).
import { openConfiguredDatabase } from "./lib/connect";

const db = await openConfiguredDatabase();
console.log(`Migrações aplicadas (${db.kind}).`);
await db.close();
