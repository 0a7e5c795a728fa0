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
import { PublicToast } from "./components/site/public-toast";
import { readFlash } from "./lib/flash.server";
import { enhancementScript, isPlainHtml } from "./lib/plain-html";

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
  // Public pages and the client area are plain HTML: no React Router script, no module preload,
  // no scroll restoration; their one small script comes from their loaders (decisions 018, 046).
  const matches = useMatches();
  const plain = isPlainHtml(matches);
  const script = plain ? enhancementScript(matches) : null;
  return (
    // data-plain: a plain page is ready as served (end-to-end tests wait for it or data-hydrated).
    <html lang="pt-BR" data-plain={plain || undefined}>
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
        {plain ? (
          <>
            <PublicToast toast={root?.toast ?? null} />
            {script && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />}
          </>
        ) : (
          <ScrollRestoration nonce={nonce} />
        )}
        <TrackingBodyEnd tracking={tracking} consent={consent} nonce={nonce} />
        {!plain && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

function FlashToasts() {
  const root = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const pending = root?.toast;
  useEffect(() => {
    if (pending && !pending.inPage) showToast(pending.type, pending.message, { id: pending.id });
  }, [pending]);
  // Plain pages render their toast as HTML (PublicToast); everywhere else toasts are top-right
  // (SPEC §9).
  if (isPlainHtml(matches)) return null;
  return <LazyToaster position="top-right" eager />;
}

export default function App() {
  // The back office and the portal answer clicks once hydrated: a mark on the document says so
  // (styles and end-to-end tests wait for it instead of reading the framework's internals).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <Outlet />
      <FlashToasts />
    </>
  );
}

export const ErrorBoundary = StandaloneErrorBoundary;
