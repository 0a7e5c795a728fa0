import { z } from "zod";
import { config } from "zod/v4/core";

// Every schema imports zod from here (ESLint enforces it), so this runs before any schema is
// built. zod 4 probes `new Function` when an object schema is built, to speed up parsing; our CSP
// forbids eval (as it should), so in the browser the probe only raised CSP violation reports.
// Done here rather than in root.tsx so pages without a client-side schema (the public ones)
// do not download zod's core at all.
config({ jitless: true });

export { z };
