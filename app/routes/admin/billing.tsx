import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/billing";
import { ChargesTable, ChargeTotalsCards } from "~/components/admin/billing/charges-table";
import { CHARGE_STATUS_LABELS, LINE_KIND_LABELS } from "~/components/admin/billing/charge-labels";
import { OneOffForm } from "~/components/admin/billing/one-off-form";
import { ExportLink } from "~/components/admin/export-link";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { parseListParams } from "~/lib/list-params";
import { requireAdmin } from "~/modules/auth/session.server";
import { chargeActionReturnPath, runChargeAction } from "~/modules/billing/actions.server";
import { CHARGE_LINE_KINDS, CHARGE_STATUSES, PAYMENT_METHODS } from "~/modules/billing/billing.constants";
import { BILLING_FORM_MESSAGES, PAYMENT_METHOD_LABELS } from "~/modules/billing/billing.schema";
import { withChargePix } from "~/modules/billing/charge-pix.server";
import { countOpenDivergences } from "~/modules/billing/divergences.server";
import {
  CHARGE_PAGE_SIZE,
  CHARGE_SORTS,
  chargeTotals,
  listCharges,
  parseChargeFilters,
} from "~/modules/billing/list.server";
import { getBillingSettings } from "~/modules/billing/settings.server";
import { today } from "~/server/clock.server";
import { readForm } from "~/server/http/form.server";
import { invoicesByCharge } from "~/modules/invoices/views.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { sort, dir, page, pageSize } = parseListParams(url, {
    sorts: CHARGE_SORTS,
    defaultSort: "due_date",
    defaultDir: "desc",
    pageSize: CHARGE_PAGE_SIZE,
  });
  const filters = parseChargeFilters(url.searchParams);
  const base = { filters, sort, dir, page, pageSize, today: today() };
  try {
    const [list, totals, settings, divergences] = await Promise.all([
      listCharges({ filters, sort, dir, page, pageSize }),
      chargeTotals(filters),
      getBillingSettings(),
      countOpenDivergences(),
    ]);
    const rows = await withChargePix(settings, list.rows);
    // The rows' tax invoices; the list works without them.
    const invoices = await invoicesByCharge(rows.map((r) => r.id)).catch((err: unknown) => {
      log.error({ err }, "charges' invoices failed");
      return {};
    });
    return {
      ...base,
      rows,
      invoices,
      hasMore: list.hasMore,
      count: list.count,
      totals,
      divergences,
      toast: null,
    };
  } catch (err) {
    log.error({ err }, "charges list failed");
    const failed = toast.error("Erro ao carregar as cobranças");
    return {
      ...base,
      rows: [],
      invoices: {},
      hasMore: false,
      count: null,
      totals: null,
      divergences: 0,
      toast: failed,
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  // Outside the try: an unreadable body is answered by readForm's own 4xx.
  const form = await readForm(request);
  try {
    const result = await runChargeAction(form, user);
    if (result.ok) return redirectWithToast(chargeActionReturnPath(form, request), "success", result.message);
    const status = result.fieldErrors ? 400 : 409;
    return replyError(result.message, { status, toastOnly: true, fieldErrors: result.fieldErrors });
  } catch (err) {
    log.error({ err }, "charge action failed");
    return replyError(BILLING_FORM_MESSAGES.actionError, { toastOnly: true });
  }
}

function Filters({ filters }: { filters: Route.ComponentProps["loaderData"]["filters"] }) {
  const { search } = useLocation();
  const select = "mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm";
  return (
    <Form
      method="get"
      className="mb-4 flex flex-wrap items-end gap-3"
      key={search}
      aria-label="Filtrar cobranças"
    >
      {/* Server-side, accents forgiven: name, business, e-mail or CPF/CNPJ. */}
      <label className="w-full text-sm text-slate-700 sm:w-72">
        Cliente
        <input
          type="search"
          name="q"
          defaultValue={filters.q ?? ""}
          maxLength={100}
          placeholder="Nome, negócio, e-mail ou CPF/CNPJ"
          className={`${select} w-full`}
        />
      </label>
      <label className="text-sm text-slate-700">
        Status
        <select name="status" defaultValue={filters.status ?? ""} className={select}>
          <option value="">Todos</option>
          {CHARGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CHARGE_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-slate-700">
        Vencimento de
        <input type="date" name="from" defaultValue={filters.from ?? ""} className={select} />
      </label>
      <label className="text-sm text-slate-700">
        Vencimento até
        <input type="date" name="to" defaultValue={filters.to ?? ""} className={select} />
      </label>
      {/* The payment date: the dashboard's "Recebido no mês" opens this range. */}
      <label className="text-sm text-slate-700">
        Pagamento de
        <input type="date" name="paid_from" defaultValue={filters.paidFrom ?? ""} className={select} />
      </label>
      <label className="text-sm text-slate-700">
        Pagamento até
        <input type="date" name="paid_to" defaultValue={filters.paidTo ?? ""} className={select} />
      </label>
      <label className="text-sm text-slate-700">
        Tipo
        <select name="kind" defaultValue={filters.kind ?? ""} className={select}>
          <option value="">Todos</option>
          {CHARGE_LINE_KINDS.map((k) => (
            <option key={k} value={k}>
              {LINE_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-slate-700">
        Forma de pagamento
        <select name="method" defaultValue={filters.method ?? ""} className={select}>
          <option value="">Todas</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      {filters.clientId && <input type="hidden" name="client" value={filters.clientId} />}
      <Button type="submit">Filtrar</Button>
    </Form>
  );
}

export default function BillingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, hasMore, count, sort, dir, page, pageSize, filters, totals } = loaderData;
  useReplyToast(loaderData);
  useReplyToast(actionData);
  return (
    <>
      <PageHeader
        title="Financeiro"
        subtitle="Cobranças, pagamentos e valores em aberto."
        actions={
          <>
            <Link
              to="/admin/billing/divergencias"
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {loaderData.divergences ? `Divergências em aberto (${loaderData.divergences})` : "Divergências"}
            </Link>
            <Link
              to="/admin/billing/notas-fiscais"
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Notas fiscais
            </Link>
            <ExportLink to="/admin/billing/export" />
          </>
        }
      />
      <OneOffForm />
      <Filters filters={filters} />
      <ChargeTotalsCards totals={totals} filters={filters} />
      <ChargesTable
        rows={rows}
        invoices={loaderData.invoices}
        sort={sort}
        dir={dir}
        today={loaderData.today}
        emptyText="Nenhuma cobrança encontrada para este filtro."
      />
      <Pagination page={page} pageSize={pageSize} count={count} hasMore={hasMore} />
    </>
  );
}

export function meta() {
  return [{ title: "Financeiro | CardápioDigital" }];
}
