import { lazy, Suspense, useEffect, useState } from "react";
import { OPEN_CONSENT_EVENT, parseConsent, type Consent } from "~/lib/consent";
import { hasTrackers, type Tracking } from "~/modules/seo/tracking";
import type { ConsentMode } from "./consent-banner";

// Kept tiny on purpose (it is in the public bundle): the banner's code is a separate chunk,
// fetched only when a choice is missing (once the page is idle) or the footer link asks for it.
const ConsentUi = lazy(() => import("./consent-banner"));

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

export function ConsentSlot({ tracking, consent }: { tracking?: Tracking; consent?: Consent | null }) {
  const [mode, setMode] = useState<ConsentMode | null>(null);
  const [served] = useState(consent ?? null);
  const needed = hasTrackers(tracking);
  useEffect(() => {
    const open = () => setMode("preferences");
    window.addEventListener(OPEN_CONSENT_EVENT, open);
    let cancel = () => {};
    if (needed && !parseConsent(document.cookie)) {
      const show = () => setMode((m) => m ?? "banner");
      const w = window as IdleWindow;
      if (w.requestIdleCallback) {
        const id = w.requestIdleCallback(show, { timeout: 4000 });
        cancel = () => w.cancelIdleCallback?.(id);
      } else {
        const id = window.setTimeout(show, 1500);
        cancel = () => window.clearTimeout(id);
      }
    }
    return () => {
      window.removeEventListener(OPEN_CONSENT_EVENT, open);
      cancel();
    };
  }, [needed]);
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
