import { useEffect, useState } from "react";
import { ChatIcon } from "./icons";

/** Height of the band at the bottom of the screen the floating button occupies (bottom-5 + h-14 + margin). */
const BAND_PX = 96;

/**
 * Floating WhatsApp button (SPEC §2): fixed number, digits only, prefilled message.
 *
 * Issue 17 item 8: on a phone the plans' buttons are full width, so the floating button covered
 * "Quero o plano …" whenever one reached the bottom of the screen. While a page's call to action
 * (any `[data-cta]`) is inside the bottom band the button steps aside (hidden, not focusable);
 * it comes back as soon as the call to action scrolls on.
 */
export function WhatsAppButton({
  href,
}: {
  /** Built by the server (wa.me link): no phone code in the bundle. */ href: string | null;
}) {
  const [covered, setCovered] = useState(false);
  useEffect(() => {
    const targets = document.querySelectorAll("[data-cta]");
    if (targets.length === 0 || typeof IntersectionObserver === "undefined") return;
    const inBand = new Set<Element>();
    let observer: IntersectionObserver | null = null;
    const observe = () => {
      observer?.disconnect();
      inBand.clear();
      // The root shrunk to the bottom band: "intersecting" means "under the floating button's row".
      observer = new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            if (e.isIntersecting) inBand.add(e.target);
            else inBand.delete(e.target);
          }
          setCovered(inBand.size > 0);
        },
        { rootMargin: `-${Math.max(0, window.innerHeight - BAND_PX)}px 0px 0px 0px` },
      );
      targets.forEach((t) => observer!.observe(t));
    };
    observe();
    window.addEventListener("resize", observe);
    return () => {
      window.removeEventListener("resize", observe);
      observer?.disconnect();
    };
  }, []);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Fale conosco pelo WhatsApp"
      className={`fixed right-5 bottom-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-green-600 text-white shadow-lg transition hover:scale-105 hover:bg-green-700 ${
        covered ? "invisible opacity-0" : ""
      }`}
    >
      <ChatIcon className="h-7 w-7" />
    </a>
  );
}
