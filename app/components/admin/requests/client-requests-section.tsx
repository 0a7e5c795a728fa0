import { Link } from "react-router";
import { RequestCard, type RequestCardData } from "./request-card";

/** The client page's open requests from /cliente; nothing when there are none. */
export function ClientRequestsSection({
  clientId,
  requests,
}: {
  clientId: string;
  requests: RequestCardData[];
}) {
  if (!requests.length) return null;
  return (
    <section aria-labelledby="solicitacoes-cliente" className="space-y-3">
      <h2 id="solicitacoes-cliente" className="text-lg font-semibold text-slate-900">
        Solicitações em aberto
      </h2>
      {requests.map((r) => (
        <RequestCard key={r.id} request={r} back={`/admin/clients/edit/${clientId}`} />
      ))}
      <Link to="/admin/requests" className="text-sm font-medium text-brand-700 hover:underline">
        Ver todas as solicitações
      </Link>
    </section>
  );
}
