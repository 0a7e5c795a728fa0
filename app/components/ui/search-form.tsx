import { Search } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "./form";

/**
 * A list's GET search form (its state lives in the URL): keeps the other list params as hidden
 * fields and resets the page. `inline` (back office): the field is named by `label` only;
 * `panel` (portal): a card with visible labels and, when a filter is on, "Limpar filtros".
 */
export function SearchForm({
  q,
  placeholder,
  label = "Buscar",
  keep = {},
  children,
  variant = "inline",
  id,
  formLabel,
  clearTo,
}: {
  q: string;
  placeholder: string;
  label?: string;
  keep?: Record<string, string | null | undefined>;
  children?: React.ReactNode;
  variant?: "inline" | "panel";
  /** The search field's id (panel: its visible label points at it). */
  id?: string;
  /** The search landmark's name. */
  formLabel?: string;
  /** Panel: the list without filters, linked as "Limpar filtros" when this is set. */
  clearTo?: string | null;
}) {
  const panel = variant === "panel";
  const hidden = Object.entries(keep).map(([k, v]) =>
    v ? <input key={k} type="hidden" name={k} value={v} /> : null,
  );
  const input = (
    <input
      id={id}
      type="search"
      name="q"
      defaultValue={q}
      placeholder={placeholder}
      aria-label={panel ? undefined : label}
      maxLength={100}
      className={
        panel
          ? "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          : "w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:w-72"
      }
    />
  );
  if (!panel) {
    return (
      // On a phone the field takes the row's free width and "Buscar" is its icon, so the search
      // and a page's other action fit one row.
      <Form
        method="get"
        role="search"
        aria-label={formLabel}
        className="flex min-w-0 flex-1 flex-wrap items-center gap-2 sm:flex-none"
      >
        {hidden}
        <div className="relative min-w-0 flex-1 basis-32 sm:flex-none">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400"
          />
          {input}
        </div>
        {children}
        <button
          type="submit"
          className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          <Search aria-hidden className="h-4 w-4 sm:hidden" />
          <span className="sr-only sm:not-sr-only">Buscar</span>
        </button>
      </Form>
    );
  }
  return (
    <Form
      method="get"
      role="search"
      aria-label={formLabel}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {hidden}
      <div className="min-w-56 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {input}
      </div>
      {children}
      <Button type="submit">
        <Search aria-hidden className="h-4 w-4" /> Buscar
      </Button>
      {clearTo && (
        <Link to={clearTo} className="py-2 text-sm font-semibold text-brand-700 hover:underline">
          Limpar filtros
        </Link>
      )}
    </Form>
  );
}

/**
 * A list filter <select> that submits its form on change. `label` is shown above it when `id` is
 * given (panel search), else it only names the control.
 */
export function FilterSelect({
  name,
  label,
  value,
  allLabel,
  options,
  id,
}: {
  name: string;
  label: string;
  value: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  id?: string;
}) {
  const submit = useSubmit();
  const select = (
    <select
      id={id}
      name={name}
      defaultValue={value}
      aria-label={id ? undefined : label}
      onChange={(e) => submit(e.currentTarget.form)}
      className={
        id
          ? "mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          : "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      }
    >
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  if (!id) return select;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {select}
    </div>
  );
}
