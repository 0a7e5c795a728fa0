import type { Route } from "./+types/contato-api";
import { CONTACT_ENDPOINT } from "~/modules/leads/contact.options";
import { contactJson } from "~/modules/leads/contact-post.server";

/**
 * `POST /api/contato`: the contact form with JavaScript, answered with JSON. The production server
 * answers it before the router (contact-endpoint.server.ts); this route is the same answer for the
 * dev server and any other host of the build.
 */
export function action({ request, context }: Route.ActionArgs) {
  return contactJson({ request, clientIp: context.clientIp });
}

export function loader() {
  return new Response(`${CONTACT_ENDPOINT} recebe apenas o envio do formulário de contato (POST).`, {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
