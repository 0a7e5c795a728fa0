import { lazy } from "react";

/**
 * The error pages, loaded only when a page fails: public pages carry no script anyway, and the
 * root's boundary keeps the error page out of the back office's bundle until it is needed. There
 * is no Suspense boundary around it on purpose: the server waits for the module before sending
 * the page, and hydration keeps the server's page on screen until the code arrives.
 */
const RoutedErrorPage = lazy(() => import("./error-page"));

/** ErrorBoundary for public child routes: keeps the header and footer of the layout. */
export function PublicErrorBoundary() {
  return <RoutedErrorPage />;
}

/** The root's boundary (even the layout failed): the page brings its own header and footer. */
export function StandaloneErrorBoundary() {
  return <RoutedErrorPage standalone />;
}
