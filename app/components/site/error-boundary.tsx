import { lazy } from "react";

/**
 * The public error boundaries, whose page loads only when a page fails: every visitor of the
 * landing would otherwise download it (issue 17 item 9). There is no Suspense boundary around
 * it on purpose: the server waits for the module before sending the page, and hydration keeps
 * the server's page on screen until the code arrives.
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
