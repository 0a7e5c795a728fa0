// The front door of the audit module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { diffFields, recordAudit, recordAudits } from "./audit.server";
export type { Actor, AuditEntry } from "./audit.server";
