import { Pencil, Search } from "lucide-react";
import { Form, Link } from "react-router";

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex gap-2">{actions}</div>}
    </div>
  );
}

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

/** GET search form: keeps the other list params as hidden fields, resets the page. */
export function SearchForm({
  q,
  placeholder,
  label = "Buscar",
  keep = {},
  children,
}: {
  q: string;
  placeholder: string;
  label?: string;
  keep?: Record<string, string | null | undefined>;
  children?: React.ReactNode;
}) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-center gap-2">
      {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" />
        <input
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          aria-label={label}
          maxLength={100}
          className="w-72 rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
      {children}
      <button
        type="submit"
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50"
      >
        Buscar
      </button>
    </Form>
  );
}

export function Card({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <div className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}>{children}</div>
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

/** The back office's list table: a scrolling card, a caption for screen readers, one header row. */
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
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
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
