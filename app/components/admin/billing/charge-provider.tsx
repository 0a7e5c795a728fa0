import { useFetcher } from "react-router";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { formatDateTime } from "~/lib/format";
import type { Toast } from "~/lib/form-reply";
import type { ChargeProviderState } from "~/modules/billing/charge-pix.server";

/**
 * An open charge at the payment provider: its payment page once created; from the
 * first failed attempt, the failure, when the job tries again, and "Reenviar ao provedor".
 */
export function ChargeProvider({
  id,
  number,
  state,
  payLink,
  back,
}: {
  id: string;
  number: string;
  state: ChargeProviderState;
  payLink: string | null;
  back?: string;
}) {
  const fetcher = useFetcher<{ toast?: Toast | null }>();
  useReplyToast(fetcher.data);
  if (payLink)
    return (
      <a
        href={payLink}
        target="_blank"
        rel="noreferrer"
        className="text-sm font-medium text-brand-700 hover:underline"
        aria-label={`Página de pagamento da cobrança ${number}`}
      >
        Página de pagamento
      </a>
    );
  if (!state.configured || (state.providerId && !state.stale)) return null;
  // Created there but not yet at the new amount ("Alterar valor"): the client sees the static PIX.
  if (!state.error)
    return (
      <p className="text-xs text-slate-500">
        {state.stale ? "Atualizando o valor no provedor..." : "Enviando ao provedor..."}
      </p>
    );
  return (
    <div className="text-xs text-red-700" role="status">
      <p>
        {state.stale ? "O provedor recusou o novo valor" : "Falha ao criar no provedor"}: {state.error}
      </p>
      <p>
        {state.nextAttemptAt
          ? `Nova tentativa em ${formatDateTime(state.nextAttemptAt)}.`
          : "Sem novas tentativas automáticas."}
      </p>
      <fetcher.Form
        method="post"
        action="/admin/billing"
        aria-label={`Reenvio ao provedor da cobrança ${number}`}
      >
        <input type="hidden" name="intent" value="provider-resend" />
        <input type="hidden" name="id" value={id} />
        {back && <input type="hidden" name="back" value={back} />}
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="mt-1 text-sm font-medium text-brand-700 hover:underline disabled:opacity-50"
        >
          {fetcher.state !== "idle" ? "Reenviando..." : "Reenviar ao provedor"}
        </button>
      </fetcher.Form>
    </div>
  );
}
