// Hydration on the visitor's first sign of life (issues 16 and 17, decision 004's addendum). A
// route whose handle says `deferHydration` gets this marker before React Router's scripts; when
// the server stores the page (its bytes are complete), server/cache/deferred-hydration.server.ts
// moves those scripts into the marker, so the page paints and works as HTML with no JavaScript
// until the visitor moves, scrolls, touches, types, or nears the contact form.
// Client-safe and tiny: the root route renders the marker on both sides.

export const DEFERRED_TEMPLATE_ID = "rr-deferred";
/** Fired once the app's root has hydrated (root.tsx); the boot script replays held clicks then. */
export const HYDRATED_EVENT = "app:hydrated";

export interface DeferHydrationHandle {
  deferHydration?: boolean;
}
/**
 * A section of the landing to scroll to on arrival (a header link on another page stores it): the
 * landing hydrates at once then, the header does the scrolling.
 */
export const SCROLL_TARGET_KEY = "scrollTarget";
