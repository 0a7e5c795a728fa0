import { Form, Link } from "react-router";
import type { Route } from "./+types/invoices";
import { InvoicesTable } from "~/components/admin/invoices/invoices-table";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { listInvoices, reissueInvoice } from "~/modules/invoices/admin.server";
import {
  INVOICE_STATUSES,
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
} from "~/modules/invoices/invoices.constants";
import { ReissueSchema } from "~/modules/invoices/invoices.schema";
import { parseForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

const PATH = "/admin/billing/notas-fiscais";

// Financeiro → Notas fiscais: the notes of paid charges, by status and month (decision 045).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const s = url.searchParams.get("status") ?? "";
  const status = (INVOICE_STATUSES as readonly string[]).includes(s) ? (s as InvoiceStatus) : undefined;
  const m = url.searchParams.get("mes") ?? "";
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(m) ? m : undefined;
  try {
    const { rows, total } = await listInvoices({ status, month });
    return { status: status ?? "", month: month ?? "", rows, total, toast: null };
  } catch (err) {
    log.error({ err }, "invoices list failed");
    return {
      status: status ?? "",
      month: month ?? "",
      rows: [],
      total: 0,
      toast: toast.error("Erro ao carregar as notas fiscais"),
    };
  }
}

/** "Emitir novamente" of a note in error. */
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await parseForm(request, ReissueSchema, () =>
    replyError("Nota fiscal não encontrada.", { status: 400, toastOnly: true }),
  );
  if (!form.ok) return form.reply;
  try {
    const result = await reissueInvoice({ id: form.data.id, actor: user });
    if (!result.ok) return replyError(result.message, { status: 409, toastOnly: true });
    return redirectWithToast(PATH, "success", result.message);
  } catch (err) {
    log.error({ err }, "invoice reissue failed");
    return replyError("Não foi possível emitir a nota fiscal novamente.", { toastOnly: true });
  }
}

export default function Invoices({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(loaderData);
  useReplyToast(actionData);
  const { rows, total, status, month } = loaderData;
  return (
    <>
      <PageHeader
        title="Notas fiscais"
        subtitle="A nota fiscal de serviço de cada cobrança paga, emitida pelo provedor de pagamento."
        actions={
          <Link to="/admin/billing" className="text-sm font-medium text-brand-700 hover:underline">
            Voltar ao Financeiro
          </Link>
        }
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="nf-status" className="block text-sm font-medium text-slate-700">
            Situação
          </label>
          <select
            id="nf-status"
            name="status"
            defaultValue={status}
            className="mt-1 rounded-md border-slate-300 text-sm"
          >
            <option value="">Todas</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INVOICE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="nf-mes" className="block text-sm font-medium text-slate-700">
            Mês
          </label>
          <input
            id="nf-mes"
            type="month"
            name="mes"
            defaultValue={month}
            className="mt-1 rounded-md border-slate-300 text-sm"
          />
        </div>
        <button
          type="submit"
          className="tap rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white"
        >
          Filtrar
        </button>
      </Form>
      <AccountantExport month={month} />
      <p className="mb-2 text-sm text-slate-600">
        {total === 1 ? "1 nota fiscal" : `${total} notas fiscais`}
        {rows.length < total ? ` (as ${rows.length} mais recentes)` : ""}
      </p>
      <InvoicesTable rows={rows} />
    </>
  );
}

/** For the accountant: the month's notes as CSV and their XML files in one ZIP (the month filtered, or this one). */
function AccountantExport({ month }: { month: string }) {
  const mes = month ? `&mes=${month}` : "";
  const link = "font-medium text-brand-700 hover:underline";
  return (
    <p className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <span className="text-slate-700">Para o contador{month ? "" : " (mês atual)"}:</span>
      <a href={`/admin/billing/notas-fiscais/exportar?formato=csv${mes}`} className={link} download>
        Baixar planilha (CSV)
      </a>
      <a href={`/admin/billing/notas-fiscais/exportar?formato=xml${mes}`} className={link} download>
        Baixar XML das notas (ZIP)
      </a>
    </p>
  );
}

export function meta() {
  return [{ title: "Notas fiscais | Financeiro | CardápioDigital" }];
}
