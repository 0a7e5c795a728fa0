import { config } from "zod/v4/core";

// zod 4 probes `new Function` when an object schema is built, to speed up parsing; our CSP
// forbids eval (as it should), so in the browser the probe only raises CSP violation reports.
// Imported first by root.tsx: route modules (and their schemas) are evaluated after it.
config({ jitless: true });
