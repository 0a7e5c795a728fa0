import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";

/**
 * The warning while charges still carry the seeded demonstration PIX key: they are
 * already e-mailed to clients, so it is said where every admin looks first (the dashboard) and on
 * the preview of each e-mail that carries a PIX, with the way to change it, until an admin saves
 * the company's key in Configurações → Financeiro. `what` says what carries the key.
 */
export function DemoPixKeyNotice({
  show,
  what = "as cobranças enviadas aos clientes usam",
}: {
  show: boolean;
  what?: string;
}) {
  if (!show) return null;
  return (
    <p
      role="status"
      className="mb-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 flex-none" />
      <span>
        Chave PIX de demonstração: {what} uma chave que não é da empresa.{" "}
        <Link to="/admin/settings/billing" className="font-semibold underline underline-offset-2">
          Trocar em Configurações → Financeiro
        </Link>
      </span>
    </p>
  );
}

/**
 * The warning while "Dados da empresa" is unset (decision 042): receipts would name no CNPJ, so
 * their e-mails are held until it is saved.
 */
export function CompanyDataNotice({ warning }: { warning: { heldReceipts: number } | null }) {
  if (!warning) return null;
  const held = warning.heldReceipts;
  return (
    <p
      role="status"
      className="mb-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 flex-none" />
      <span>
        Dados da empresa não preenchidos: os recibos não têm razão social, CNPJ nem endereço, e os e-mails de
        recibo ficam retidos
        {held > 0 ? ` (${held === 1 ? "1 aguardando" : `${held} aguardando`})` : ""}.{" "}
        <Link to="/admin/settings/billing/company" className="font-semibold underline underline-offset-2">
          Preencher em Configurações → Financeiro
        </Link>
      </span>
    </p>
  );
}
