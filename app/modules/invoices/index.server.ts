// The front door of the invoices module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { syncProviderInvoice } from "./issue.server";
