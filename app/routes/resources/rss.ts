import { buildRss } from "~/modules/seo/feeds.server";

export async function loader() {
  return new Response(await buildRss(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
