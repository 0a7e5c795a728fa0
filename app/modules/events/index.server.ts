// The front door of the events module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { WEBHOOK_EVENTS, emit, emitMany, onEvent, subscriber } from "./events.server";
export type { ChargeReversalKind, DomainEnvelope, WebhookEvent } from "./events.server";
