import { Link, useFetcher } from "react-router";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { Toast } from "~/lib/form-reply";

/**
 * "Reenviar por e-mail" of an open charge: its "Nova cobrança" (PIX code and QR) goes to the
 * client again. Posts to Financeiro's action from anywhere (the client page included).
 */
export function ChargeResend({ id, number, back }: { id: string; number: string; back?: string }) {
  const fetcher = useFetcher<{ toast?: Toast | null }>();
  useReplyToast(fetcher.data);
  return (
    <fetcher.Form method="post" action="/admin/billing" aria-label={`Reenvio da cobrança ${number}`}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={id} />
      {back && <input type="hidden" name="back" value={back} />}
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="text-sm font-medium text-brand-700 hover:underline disabled:opacity-50"
      >
        {fetcher.state !== "idle" ? "Reenviando..." : "Reenviar por e-mail"}
      </button>
    </fetcher.Form>
  );
}

/** The printable receipt of a paid charge. */
export function ReceiptLink({ id, number }: { id: string; number: string }) {
  return (
    <Link
      to={`/admin/billing/${id}/recibo`}
      className="tap text-sm font-medium text-brand-700 hover:underline"
      aria-label={`Recibo da cobrança ${number}`}
    >
      Recibo
    </Link>
  );
}
