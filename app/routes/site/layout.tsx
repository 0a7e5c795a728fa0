import { data, Outlet, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { ConsentSlot } from "~/components/site/consent/consent-slot";
import { Footer } from "~/components/site/footer";
import { Header } from "~/components/site/header";
import { WhatsAppButton } from "~/components/site/whatsapp-button";
import { parseConsent } from "~/lib/consent";
import { WHATSAPP_DEFAULT_MESSAGE, whatsappLink } from "~/lib/whatsapp";
import { listRecentPublishedPosts } from "~/modules/blog/blog.server";
import { getTracking, trackingInlineScripts } from "~/modules/seo/tracking.server";
import { captureAttribution } from "~/modules/site/attribution.server";
import { publicConfig } from "~/modules/site/site.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ request, context }: Route.LoaderArgs) {
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
  // A cached page's CSP lists by hash what the consent banner may add later (decision 017).
  context?.allowInlineScripts?.(trackingInlineScripts(tracking));
  return data(
    {
      footerPosts,
      tracking,
      // The visitor's cookie choice decides which trackers the document renders (LGPD).
      consent: parseConsent(request.headers.get("Cookie")),
      ...config,
      whatsappHref: whatsappLink(config.whatsappNumber, WHATSAPP_DEFAULT_MESSAGE),
    },
    attribution ? { headers: { "Set-Cookie": attribution } } : undefined,
  );
}

// The shell's data (footer posts, tracking) does not depend on the contact form: sending it
// must not reload it.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod === "POST") return false;
  return defaultShouldRevalidate;
}

export default function SiteLayout() {
  const { footerPosts, demoUrl, whatsappHref, tracking, consent } = useLoaderData<typeof loader>();
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      <Header demoUrl={demoUrl} />
      <Outlet />
      <Footer posts={footerPosts} cookiePreferences />
      <WhatsAppButton href={whatsappHref} />
      <ConsentSlot tracking={tracking} consent={consent} />
    </>
  );
}
