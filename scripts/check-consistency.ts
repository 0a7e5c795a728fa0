// npm run check:consistency: every figure Receita, Financeiro and the dashboard show, recomputed
// from the base tables, and referrals and onboardings against the payments that move them (issue
// 44 item 3). Prints each difference with the records' ids; exits 1 when there is any.
// Reads the configured database (DATABASE_URL, else PGlite in DATA_DIR): with PGlite, stop the
// server first (one process at a time).
import { checkConsistency } from "../app/modules/consistency/index.server";
import { CONSISTENCY_MESSAGES } from "../app/modules/consistency/consistency.constants";
import { today } from "../app/server/clock.server";
import { openConfiguredDatabase } from "./lib/connect";

const db = await openConfiguredDatabase();
let found = 0;
try {
  const day = today();
  const differences = await checkConsistency({ today: day });
  found = differences.length;
  if (found === 0) console.log(`${CONSISTENCY_MESSAGES.none} (${day}).`);
  else {
    console.log(`${found} diferença(s) em ${day}:`);
    for (const d of differences)
      console.log(`- [${d.check}] ${d.message}${d.ids.length ? ` — ids: ${d.ids.join(", ")}` : ""}`);
  }
} finally {
  await db.close();
}
process.exit(found > 0 ? 1 : 0);
