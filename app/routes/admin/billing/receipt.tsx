import { data } from "react-router";
import type { Route } from "./+types/receipt";
import { ReceiptSheet } from "~/components/billing/receipt-sheet";
import { requireAdmin } from "~/modules/auth/session.server";
import { getChargeReceipt } from "~/modules/billing/receipt.server";
import { today } from "~/server/clock.server";
import { AdminErrorState } from "~/components/admin/admin-error";

// The printable receipt of a paid charge. Outside the admin layout on purpose:
// a sheet of paper has no sidebar. Anything but a paid charge is a 404: there is nothing to
// acknowledge for an open or cancelled one.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const receipt = await getChargeReceipt({ id: params.id });
  if (!receipt) throw data(null, { status: 404 });
  return { receipt, issuedOn: today() };
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  return (
    <ReceiptSheet
      receipt={loaderData.receipt}
      issuedOn={loaderData.issuedOn}
      back={{ to: "/admin/billing", label: "Voltar ao Financeiro" }}
    />
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Recibo ${data.receipt.number} | CardápioDigital` : "Recibo | CardápioDigital" }];
}

// No paid charge behind the id (or a failure): the back office's own error state, a page that
// still runs (hydrates) like every admin page, with a way back.
export function ErrorBoundary() {
  return (
    <main id="conteudo" className="mx-auto max-w-2xl p-8">
      <AdminErrorState />
    </main>
  );
}
