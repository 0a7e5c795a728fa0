import { lazy, Suspense, useEffect, useState } from "react";
import { OPEN_CONSENT_EVENT, parseConsent, type Consent } from "~/lib/consent";
import { hasTrackers, type Tracking } from "~/modules/seo/tracking";
import type { ConsentMode } from "./consent-banner";

// Kept tiny on purpose (it is in the public bundle): the banner's code is a separate chunk. When
// no choice was made, the server renders the banner into the page (it shows at first paint, even
// before the landing hydrates, decision 004) and the client fetches the chunk to hydrate it; the
// footer link fetches it for the preferences.
const ConsentUi = lazy(() => import("./consent-banner"));

export function ConsentSlot({ tracking, consent }: { tracking?: Tracking; consent?: Consent | null }) {
  const needed = hasTrackers(tracking);
  const [mode, setMode] = useState<ConsentMode | null>(needed && !consent ? "banner" : null);
  const [served] = useState(consent ?? null);
  useEffect(() => {
    const open = () => setMode("preferences");
    window.addEventListener(OPEN_CONSENT_EVENT, open);
    // A shared cache may hand the copy without a choice to a visitor who has made one: the
    // cookie is only readable here, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (parseConsent(document.cookie)) setMode((m) => (m === "banner" ? null : m));
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, open);
  }, []);
  if (!mode) return null;
  return (
    <Suspense fallback={null}>
      <ConsentUi mode={mode} tracking={tracking} served={served} onMode={setMode} />
    </Suspense>
  );
}

/** The footer's "Preferências de cookies" link: opens the preferences from any public page. */
export function CookiePreferencesButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}
    >
      Preferências de cookies
    </button>
  );
}
