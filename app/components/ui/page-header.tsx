import { Link } from "react-router";

/** The title block of a back-office or portal page: h1, optional subtitle, actions on the right. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions && (
        <div className="flex w-full min-w-0 flex-wrap gap-2 sm:w-auto sm:max-w-full">{actions}</div>
      )}
    </div>
  );
}

/** The primary action of a page header, as a link ("Novo Cliente", "Nova Indicação"). */
export function ActionLink({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon?: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {Icon && <Icon aria-hidden className="h-4 w-4" />}
      {children}
    </Link>
  );
}
