import { data } from "react-router";
import { answerVerification, receiveWhatsAppWebhook } from "~/modules/whatsapp/webhook.server";
import { configuredWhatsApp } from "~/server/messaging/index.server";
import type { Route } from "./+types/webhook-whatsapp";

// GET|POST /api/webhooks/whatsapp, the Cloud API's webhook. GET is Meta's subscription check
// (hub.mode, hub.verify_token, hub.challenge); POST carries statuses, inbound messages and
// template reviews, signed with X-Hub-Signature-256, which the module checks in constant time
// before storing anything. 404 while WhatsApp is not configured.
export function loader({ request }: Route.LoaderArgs) {
  const channel = configuredWhatsApp();
  if (!channel) return data({ ok: false }, { status: 404 });
  return answerVerification(channel, new URL(request.url));
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false }, { status: 405 });
  const channel = configuredWhatsApp();
  if (!channel) return data({ ok: false }, { status: 404 });
  const answer = await receiveWhatsAppWebhook(channel, request);
  return data(answer.body, { status: answer.status });
}
