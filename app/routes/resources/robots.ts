import { buildRobots } from "~/modules/seo/feeds.server";

export function loader() {
  return new Response(buildRobots(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
