// The front door of the blog module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { listPublishedPostsForFeeds } from "./blog.server";
export { sanitizePostHtml } from "./sanitize.server";
