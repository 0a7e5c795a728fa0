import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

export function BackToPosts() {
  return (
    <Link
      to="/admin/blog"
      className="inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      <ArrowLeft aria-hidden className="h-4 w-4" />
      Voltar
    </Link>
  );
}
