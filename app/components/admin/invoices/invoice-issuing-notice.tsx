import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";

/**
 * What keeps paid charges from getting their tax invoice (NFS-e): the fiscal data missing, the
 * automatic issuing off, notes in error. Said on the dashboard, where every admin looks first,
 * with the way to the place that fixes it (decision 045).
 */
export function InvoiceIssuingNotice({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 flex-none" />
      <div>
        {problems.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <Link to="/admin/settings/billing/nota-fiscal" className="font-semibold underline underline-offset-2">
          Abrir Configurações → Financeiro → Nota fiscal
        </Link>
      </div>
    </div>
  );
}
