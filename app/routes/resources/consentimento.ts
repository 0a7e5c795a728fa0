import { redirect } from "react-router";
import type { Route } from "./+types/consentimento";
import { consentCookie, parseConsent, trackerCookieRemovals, type Consent } from "~/lib/consent";
import { baseUrl } from "~/lib/env.server";
import { readForm, type FormFields } from "~/server/http/form.server";

// POST /consentimento: the cookie banner's and the preferences' forms (LGPD, plain HTML). The
// choice is remembered in its cookie and the visitor goes back to the page, which the server
// renders with exactly the accepted trackers. A withdrawn category also loses its cookies.

const CHOICES: Record<string, (form: FormFields) => Consent> = {
  todos: () => ({ analytics: true, marketing: true }),
  nenhum: () => ({ analytics: false, marketing: false }),
  personalizado: (form) => ({
    analytics: Object.hasOwn(form, "analytics"),
    marketing: Object.hasOwn(form, "marketing"),
  }),
};

/** Only a path of this site (never `//host` or a scheme): an open redirect helps phishing. */
function backTo(value: string | undefined): string {
  const path = value ?? "";
  return /^\/(?![/\\])[^\s]*$/.test(path) ? path : "/";
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const key = form.escolha ?? "";
  // Own keys only: "constructor" or "__proto__" must not pick an Object method.
  const choose = Object.hasOwn(CHOICES, key) ? CHOICES[key] : undefined;
  const back = backTo(form.voltar);
  if (!choose) return redirect(back, 303);
  const next = choose(form);
  const cookies = request.headers.get("Cookie");
  const before = parseConsent(cookies);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", consentCookie(next, baseUrl().startsWith("https://")));
  if ((before?.analytics && !next.analytics) || (before?.marketing && !next.marketing)) {
    for (const c of trackerCookieRemovals(cookies, new URL(request.url).hostname))
      headers.append("Set-Cookie", c);
  }
  return redirect(back, { status: 303, headers });
}

// A GET (a bookmarked or typed address) has nothing to show.
export function loader() {
  return redirect("/");
}
