import { data } from "react-router";
import { receiveProviderWebhook } from "~/modules/billing/webhook.server";
import { configuredProvider } from "~/server/payments/index.server";
import type { Route } from "./+types/webhook-asaas";

// POST /api/webhooks/asaas. Asaas authenticates with the token set in its panel, sent
// in `asaas-access-token`; the module checks it in constant time before storing anything.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false }, { status: 405 });
  const provider = configuredProvider();
  if (!provider || provider.name !== "asaas") return data({ ok: false }, { status: 404 });
  const answer = await receiveProviderWebhook(provider, request);
  return data(answer.body, { status: answer.status });
}

export function loader() {
  return data({ ok: false }, { status: 405 });
}
