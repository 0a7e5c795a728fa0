import { Pencil } from "lucide-react";
import { Link } from "react-router";

const BADGE = {
  green: "bg-green-100 text-green-800",
  yellow: "bg-yellow-100 text-yellow-800",
  red: "bg-red-100 text-red-800",
  gray: "bg-slate-100 text-slate-700",
  blue: "bg-blue-100 text-blue-800",
} as const;

export function Badge({ color, children }: { color: keyof typeof BADGE; children: React.ReactNode }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[color]}`}>
      {children}
    </span>
  );
}

export function Card({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}>
      {children}
    </div>
  );
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}

/**
 * The back office's list table: a card that scrolls sideways (relative, so the rows' sr-only
 * texts, which are absolutely positioned, scroll with it instead of widening the page), a
 * caption for screen readers, one header row.
 */
export function DataTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      {/* The first column (the row's name) stays in place while the others scroll past it. */}
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm [&_tbody_tr>td:first-child]:bg-white [&_thead_tr>th:first-child]:bg-slate-50 [&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-10">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A column header of a list table. */
export function Th({ right = false, children }: { right?: boolean; children: React.ReactNode }) {
  return (
    <th scope="col" className={right ? "px-4 py-3 text-right" : "px-4 py-3"}>
      {children}
    </th>
  );
}

/** The "Editar" link of a list row. */
export function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <Link
      to={to}
      aria-label={`Editar ${name}`}
      className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
    >
      <Pencil aria-hidden className="h-4 w-4" />
      Editar
    </Link>
  );
}
