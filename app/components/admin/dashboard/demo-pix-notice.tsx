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
