import { data, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { ConsentBanner, CookiePreferences } from "~/components/site/consent/consent";
import { Footer } from "~/components/site/footer";
import { Header } from "~/components/site/header";
import { WhatsAppButton } from "~/components/site/whatsapp-button";
import { parseConsent } from "~/lib/consent";
import type { PlainHtmlHandle } from "~/lib/plain-html";
import { WHATSAPP_DEFAULT_MESSAGE, whatsappLink } from "~/lib/whatsapp";
import { listRecentPublishedPosts } from "~/modules/blog/blog.server";
import { hasTrackers } from "~/modules/seo/tracking";
import { getTracking } from "~/modules/seo/tracking.server";
import { captureAttribution } from "~/modules/site/attribution.server";
import { publicConfig } from "~/modules/site/site.server";
import { siteScript } from "~/server/http/site-script.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  // SPEC §8: a failing footer list is only logged; the shell still renders.
  const [footerPosts, tracking, attribution] = await Promise.all([
    listRecentPublishedPosts({ limit: 3 }).catch((err) => {
      log.error({ err }, "footer posts failed");
      return [];
    }),
    getTracking(),
    captureAttribution(request),
  ]);
  const config = publicConfig();
  return data(
    {
      footerPosts,
      tracking,
      // The visitor's cookie choice decides which trackers the document renders (LGPD).
      consent: parseConsent(request.headers.get("Cookie")),
      ...config,
      whatsappHref: whatsappLink(config.whatsappNumber, WHATSAPP_DEFAULT_MESSAGE),
      enhancementScript: siteScript(),
    },
    attribution ? { headers: { "Set-Cookie": attribution } } : undefined,
  );
}

// Every public page is plain HTML: no React Router script (root.tsx, decision 018).
export const handle: PlainHtmlHandle = { plainHtml: true };

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { footerPosts, demoUrl, whatsappHref, tracking, consent } = loaderData;
  const { pathname, search } = useLocation();
  const asks = hasTrackers(tracking);
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      <Header demoUrl={demoUrl} home={pathname === "/"} />
      <Outlet />
      <Footer posts={footerPosts} cookiePreferences />
      <WhatsAppButton href={whatsappHref} />
      {asks && !consent && <ConsentBanner path={pathname + search} />}
      <CookiePreferences consent={consent} path={pathname + search} />
    </>
  );
}
