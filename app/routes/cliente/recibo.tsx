import { data } from "react-router";
import type { Route } from "./+types/recibo";
import { ReceiptSheet } from "~/components/billing/receipt-sheet";
import { ClientAreaErrorBoundary } from "~/components/client-area/client-error";
import { getClientReceipt } from "~/modules/client-area/client-area.server";
import { requireClient } from "~/modules/client-area/client-session.server";
import type { PlainHtmlHandle } from "~/lib/plain-html";
import { today } from "~/server/clock.server";
import { clientAreaScript } from "~/server/http/site-script.server";

// The printable receipt of one of the client's paid charges; another client's is a 404.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { client } = await requireClient(request);
  const receipt = await getClientReceipt({ clientId: client.id, chargeId: params.id });
  if (!receipt) throw data(null, { status: 404 });
  return { receipt, issuedOn: today(), enhancementScript: clientAreaScript() };
}

// Plain HTML, as the public site (root.tsx, decision 046): no framework script.
export const handle: PlainHtmlHandle = { plainHtml: true };

export default function ClientReceipt({ loaderData }: Route.ComponentProps) {
  return (
    <ReceiptSheet
      receipt={loaderData.receipt}
      issuedOn={loaderData.issuedOn}
      back={{ to: "/cliente", label: "Voltar à Área do Cliente" }}
      plain
    />
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `Recibo ${data.receipt.number} | CardápioDigital` : "Recibo | CardápioDigital" },
    { name: "robots", content: "noindex" },
  ];
}

export const ErrorBoundary = ClientAreaErrorBoundary;
