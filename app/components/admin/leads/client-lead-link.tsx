import { Link } from "react-router";

/** On the client page: back to the lead it was converted from (its history and attribution). */
export function ClientLeadLink({ lead }: { lead: { id: string; name: string } }) {
  return (
    <Link
      to={`/admin/leads/${lead.id}`}
      className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      Ver lead de origem<span className="sr-only">: {lead.name}</span>
    </Link>
  );
}
