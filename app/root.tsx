import { useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import type { loader as siteLoader } from "./routes/site/layout";
import "./app.css";
import { StandaloneErrorBoundary } from "./components/site/error-boundary";
import { LazyToaster, showToast } from "./components/ui/toasts";
import { TrackingBodyEnd, TrackingBodyStart, TrackingHead } from "./components/site/tracking";
import { readFlash } from "./lib/flash.server";
import { DEFERRED_TEMPLATE_ID, HYDRATED_EVENT, type DeferHydrationHandle } from "./lib/deferred-hydration";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, clear } = await readFlash(request);
  // requestId: the 500 page shows it ("Código do erro"), so a user can quote the logged request.
  return data(
    { nonce: context?.nonce ?? "", toast, requestId: context?.requestId ?? null },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

// A toast after every action needs the flash read again; other navigations only when a
// cookie could carry one (the loader is tiny either way).
export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = root?.nonce || undefined;
  // Tracking comes from the public layout's loader: only public pages carry it (never /admin
  // or /representante).
  const site = useRouteLoaderData<typeof siteLoader>("routes/site/layout");
  const tracking = site?.tracking;
  const consent = site?.consent;
  // A stored copy of such a route keeps the scripts below in this template until the visitor
  // shows up (server/cache/deferred-hydration.server.ts).
  const defer = useMatches().some((m) => (m.handle as DeferHydrationHandle | undefined)?.deferHydration);
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ea580c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <TrackingHead tracking={tracking} consent={consent} nonce={nonce} />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        <TrackingBodyStart tracking={tracking} consent={consent} />
        {children}
        <ScrollRestoration nonce={nonce} />
        <TrackingBodyEnd tracking={tracking} consent={consent} nonce={nonce} />
        {defer && <template id={DEFERRED_TEMPLATE_ID} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function FlashToasts() {
  const root = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const pending = root?.toast;
  useEffect(() => {
    if (pending) showToast(pending.type, pending.message, { id: pending.id });
  }, [pending]);
  // SPEC §9: bottom-right in the public shell, top-right in the back office and portal.
  const inApp = matches.some(
    (m) => m.id.startsWith("routes/admin") || m.id.startsWith("routes/representante"),
  );
  return <LazyToaster position={inApp ? "top-right" : "bottom-right"} eager={inApp} />;
}

export default function App() {
  // Deferred hydration's boot script replays the clicks it held until now.
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return (
    <>
      <Outlet />
      <FlashToasts />
    </>
  );
}

export const ErrorBoundary = StandaloneErrorBoundary;
