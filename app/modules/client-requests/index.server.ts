// The front door of the client-requests module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { listClientRequests, openClientRequestsCount } from "./requests.server";
