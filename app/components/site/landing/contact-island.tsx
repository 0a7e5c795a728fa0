import { lazy, Suspense, useEffect, type ComponentProps } from "react";
import type { ContactSection as Section } from "./contact-section";

// The server renders the section at once. A static import would stay in the client bundle (the
// bundler keeps a module it cannot prove free of side effects), so the server's copy is loaded
// by a top-level await the client build drops as dead code.
const ServerSection = import.meta.env.SSR ? (await import("./contact-section")).ContactSection : null;

/**
 * The landing's contact form, hydrated when needed (issue 17 item 9): its code (form fields,
 * phone mask, submission, toasts) is loaded when the section comes near the viewport, when the
 * visitor touches it, or when a plan button asks for it. Until then React keeps the server's
 * HTML inside the Suspense boundary (a dehydrated boundary waits for its lazy code), so the
 * form is visible, focusable and typeable from the first paint, and what is typed stays: the
 * fields are uncontrolled.
 *
 * React stops discrete events (focus, pointer, submit) at the document while a boundary is
 * dehydrated, so the listeners below are on `window`, in the capture phase, before React's.
 */
type Props = ComponentProps<typeof Section>;

let requested: (() => void) | null = null;
const needed = new Promise<void>((resolve) => (requested = resolve));
let ready = false;
const whenReady: (() => void)[] = [];
let unguard: (() => void) | null = null;

const importSection = () => import("./contact-section");

/** Loads the form's code and resolves once it is hydrated (plan buttons call it first). */
export function loadContact(): Promise<void> {
  requested?.();
  if (ready) return Promise.resolve();
  return new Promise((resolve) => whenReady.push(resolve));
}

function markReady() {
  ready = true;
  unguard?.();
  whenReady.splice(0).forEach((fn) => fn());
}

/** Resolves the lazy code on the first sign the form will be used. */
function watch(section: HTMLElement) {
  const form = section.querySelector("form");
  const stop = () => {
    observer?.disconnect();
    for (const type of ["focusin", "pointerdown", "keydown"]) window.removeEventListener(type, touch, true);
    requested?.();
  };
  const touch = (event: Event) => {
    if (event.target instanceof Node && section.contains(event.target)) stop();
  };
  // Sent before the code arrived (Enter in a field): hold it and send it once hydrated.
  const submit = (event: SubmitEvent) => {
    if (ready || event.target !== form) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter;
    void loadContact().then(() => form?.requestSubmit(submitter));
  };
  window.addEventListener("submit", submit, true);
  unguard = () => window.removeEventListener("submit", submit, true);
  for (const type of ["focusin", "pointerdown", "keydown"]) window.addEventListener(type, touch, true);
  const observer =
    typeof IntersectionObserver === "undefined"
      ? null
      : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && stop(), {
          rootMargin: "100% 0px",
        });
  if (observer) observer.observe(section);
  else stop();
}

const LazySection = lazy(async () => {
  const section = document.getElementById("contato");
  if (section) watch(section);
  else requested?.();
  await needed;
  const { ContactSection } = await importSection();
  return {
    default: function HydratedSection(props: Props) {
      useEffect(markReady, []);
      return <ContactSection {...props} />;
    },
  };
});

export function ContactIsland(props: Props) {
  return (
    <Suspense fallback={null}>
      {ServerSection ? <ServerSection {...props} /> : <LazySection {...props} />}
    </Suspense>
  );
}
