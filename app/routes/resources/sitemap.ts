import { buildSitemap } from "~/modules/seo/feeds.server";

export async function loader() {
  return new Response(await buildSitemap(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
