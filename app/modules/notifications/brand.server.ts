import { baseUrl } from "~/lib/env.server";
import { SITE_NAME } from "~/lib/meta";

/** What every e-mail's layout shows, and the absolute URLs its links are built from. */
export function mailBrand() {
  const siteUrl = baseUrl();
  return { company: SITE_NAME, siteUrl, url: (path: string) => `${siteUrl}${path}` };
}
export type MailBrand = ReturnType<typeof mailBrand>;
