import type { HTMLAttributes, ReactNode } from "react";

/** What the browser keeps: React never touches an element's children given as inner HTML. */
const KEEP_SERVER_DOM = { __html: "" };

/**
 * Content that ships as HTML only (issue 17 item 9). On the server it renders its children; in
 * the browser it renders an element whose inner HTML React leaves alone while hydrating, so the
 * server's DOM stays and the copy is not part of the JavaScript bundle.
 *
 * The children must be written `{import.meta.env.SSR && <Copy />}` at the call site: that
 * compile-time constant is what drops `Copy` from the client bundle.
 *
 * A route that uses it must never be rendered by the client from scratch (the element would be
 * empty): see `reloadOnClientNavigation`. Clicks inside reach React handlers on the element or an
 * ancestor (event delegation with `data-*` attributes).
 */
export function ServerHtml({ children, ...props }: { children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  if (import.meta.env.SSR) return <div {...props}>{children}</div>;
  return <div {...props} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_DOM} />;
}

/**
 * A route's `clientLoader` for pages built with ServerHtml: the initial load uses the server's
 * data (no `hydrate` flag, so this never runs then); a later client-side navigation to the page
 * (a link from the blog, the back button) loads the document instead.
 */
export function reloadOnClientNavigation({ request }: { request: Request }): Promise<never> {
  const url = new URL(request.url);
  // Back/forward have already put the URL in the address bar: replace, do not stack a duplicate.
  if (url.pathname + url.search === window.location.pathname + window.location.search) {
    window.location.replace(url.href);
  } else {
    window.location.assign(url.href);
  }
  return new Promise<never>(() => {});
}
