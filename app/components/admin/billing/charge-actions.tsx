import { useState } from "react";
import { useFetcher } from "react-router";
import { Button, SelectField, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { isoToBrDate } from "~/lib/dates";
import { ConfirmDialog } from "~/components/ui/dialog";
import { centsToInput, formatMoney, parseMoneyToCents } from "~/lib/format";
import type { Toast } from "~/lib/form-reply";
import { PAYMENT_METHODS } from "~/modules/billing/billing.constants";
import { PAYMENT_METHOD_LABELS } from "~/modules/billing/billing.schema";
import { chargeWhatsappLink, type ChargeMessageInput } from "~/modules/billing/charge-whatsapp";

type Reply = { toast?: Toast | null; fieldErrors?: Record<string, string> } | undefined;

/**
 * "Registrar pagamento", "Alterar valor" (a discount) and "Cancelar cobrança" of one open charge,
 * each a small inline form.
 */
export function ChargeActions({
  id,
  number,
  status,
  amountCents,
  owedCents = amountCents,
  today,
  back,
}: {
  id: string;
  number: string;
  status: string;
  amountCents: number;
  /** What is still owed (less than the amount when a part was paid): the payment's default. */
  owedCents?: number;
  today: string;
  /** Set on the client page: the forms post to Financeiro's action, which redirects back here. */
  back?: string;
}) {
  const action = back ? "/admin/billing" : undefined;
  const [open, setOpen] = useState<"pay" | "amount" | "cancel" | null>(null);
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex gap-2">
        <Button
          type="button"
          onClick={() => setOpen(open === "pay" ? null : "pay")}
          aria-expanded={open === "pay"}
        >
          Registrar pagamento
        </Button>
        {/* A charged-back charge is owed as it was paid: its amount is not edited. */}
        {status !== "contestada" && (
          <button
            type="button"
            className="text-sm text-brand-700 hover:underline"
            onClick={() => setOpen(open === "amount" ? null : "amount")}
            aria-expanded={open === "amount"}
          >
            Alterar valor
          </button>
        )}
        <button
          type="button"
          className="text-sm text-red-700 hover:underline"
          onClick={() => setOpen(open === "cancel" ? null : "cancel")}
          aria-expanded={open === "cancel"}
        >
          Cancelar cobrança
        </button>
      </div>
      {open === "pay" && (
        <PayForm id={id} number={number} owedCents={owedCents} today={today} back={back} className="w-72" />
      )}
      {open === "amount" && (
        <AmountForm id={id} number={number} amountCents={amountCents} action={action} back={back} />
      )}
      {open === "cancel" && <CancelForm id={id} number={number} back={back} className="w-72" />}
    </div>
  );
}

/**
 * "Registrar pagamento"'s form: date, method and amount (what is still owed by default), posted
 * to Financeiro's action (which checks it all again). `back`: where the action redirects.
 */
export function PayForm({
  id,
  number,
  owedCents,
  today,
  back,
  className = "",
}: {
  id: string;
  number: string;
  owedCents: number;
  today: string;
  back?: string;
  className?: string;
}) {
  const pay = useFetcher<Reply>();
  useReplyToast(pay.data);
  const errors = pay.data?.fieldErrors ?? {};
  return (
    <pay.Form
      method="post"
      action={back ? "/admin/billing" : undefined}
      className={`grid gap-2 text-left ${className}`}
      aria-label={`Pagamento da cobrança ${number}`}
    >
      <input type="hidden" name="intent" value="pay" />
      {back && <input type="hidden" name="back" value={back} />}
      <input type="hidden" name="id" value={id} />
      <TextField
        label="Data do pagamento"
        name="paidOn"
        defaultValue={isoToBrDate(today)}
        maxLength={10}
        error={errors.paidOn}
      />
      <SelectField label="Forma de pagamento" name="method" defaultValue="pix" error={errors.method}>
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {PAYMENT_METHOD_LABELS[m]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Valor pago (R$)"
        name="amount"
        defaultValue={centsToInput(owedCents)}
        maxLength={20}
        error={errors.amount}
      />
      <Button type="submit" busy={pay.state !== "idle"} busyLabel="Registrando...">
        Confirmar pagamento
      </Button>
    </pay.Form>
  );
}

/** "Cancelar cobrança"'s form: the reason, posted to Financeiro's action. */
export function CancelForm({
  id,
  number,
  back,
  className = "",
}: {
  id: string;
  number: string;
  back?: string;
  className?: string;
}) {
  const cancel = useFetcher<Reply>();
  useReplyToast(cancel.data);
  return (
    <cancel.Form
      method="post"
      action={back ? "/admin/billing" : undefined}
      className={`grid gap-2 text-left ${className}`}
      aria-label={`Cancelamento da cobrança ${number}`}
    >
      <input type="hidden" name="intent" value="cancel" />
      {back && <input type="hidden" name="back" value={back} />}
      <input type="hidden" name="id" value={id} />
      <TextField
        label="Motivo do cancelamento"
        name="reason"
        maxLength={500}
        error={cancel.data?.fieldErrors?.reason}
      />
      <Button type="submit" busy={cancel.state !== "idle"} busyLabel="Cancelando...">
        Confirmar cancelamento
      </Button>
    </cancel.Form>
  );
}

/**
 * "Alterar valor": the open charge's new amount (a discount, audited on the server), confirmed in
 * a dialog that says the amounts before anything changes.
 */
export function AmountForm({
  id,
  number,
  amountCents,
  action,
  back,
  className = "w-72",
}: {
  id: string;
  number: string;
  amountCents: number;
  action?: string;
  back?: string;
  className?: string;
}) {
  const fetcher = useFetcher<Reply>();
  useReplyToast(fetcher.data);
  const [pending, setPending] = useState<FormData | null>(null);
  const typed = pending ? parseMoneyToCents(String(pending.get("amount") ?? "")) : null;
  return (
    <>
      <fetcher.Form
        method="post"
        action={action}
        className={`grid gap-2 text-left ${className}`}
        aria-label={`Novo valor da cobrança ${number}`}
        onSubmit={(e) => {
          e.preventDefault();
          setPending(new FormData(e.currentTarget));
        }}
      >
        <input type="hidden" name="intent" value="amount" />
        {back && <input type="hidden" name="back" value={back} />}
        <input type="hidden" name="id" value={id} />
        <TextField
          label="Novo valor (R$)"
          name="amount"
          defaultValue={centsToInput(amountCents)}
          maxLength={20}
          hint="Um valor menor concede desconto; não pode passar do total dos itens."
          error={fetcher.data?.fieldErrors?.amount}
        />
        <Button type="submit" busy={fetcher.state !== "idle"} busyLabel="Alterando...">
          Alterar valor
        </Button>
      </fetcher.Form>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title="Alterar o valor da cobrança?"
        description={`A cobrança ${number} passa de ${formatMoney(amountCents)} para ${
          typed === null ? String(pending?.get("amount") ?? "") : formatMoney(typed)
        }. A alteração fica registrada na auditoria.`}
        confirmLabel="Confirmar novo valor"
        tone="primary"
        onConfirm={() => {
          if (pending) fetcher.submit(pending, { method: "post", action });
          setPending(null);
        }}
      />
    </>
  );
}

/**
 * "Estornar pagamento" of a paid charge, confirmed in a dialog: paid at the provider, the refund is
 * asked of it (the charge changes when the provider confirms it); paid by hand, it is recorded now.
 */
export function ChargeRefund({
  id,
  number,
  amountCents,
}: {
  id: string;
  number: string;
  amountCents: number;
}) {
  const fetcher = useFetcher<Reply>();
  useReplyToast(fetcher.data);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="text-sm text-red-700 hover:underline disabled:opacity-50"
        disabled={fetcher.state !== "idle"}
        onClick={() => setAsking(true)}
      >
        Estornar pagamento
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Estornar o pagamento?"
        description={`${formatMoney(amountCents)} da cobrança ${number} voltam para o cliente. A indicação e a comissão são revertidas e a auditoria registra o estorno.`}
        confirmLabel="Confirmar estorno"
        tone="danger"
        onConfirm={() => {
          fetcher.submit({ intent: "refund", id }, { method: "post" });
          setAsking(false);
        }}
      />
    </>
  );
}

/** "Cobrar pelo WhatsApp": opens WhatsApp with the charge's amount, due date and copia e cola. */
export function ChargeWhatsapp({ phone, charge }: { phone: string; charge: ChargeMessageInput }) {
  const href = chargeWhatsappLink(phone, charge);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-sm font-medium text-green-700 hover:underline"
    >
      Cobrar pelo WhatsApp
    </a>
  );
}

/** The PIX "copia e cola" of an open charge, with a copy button, and its QR image when given. */
export function PixCopy({ code, qr, number }: { code: string; qr?: string | null; number: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      {qr && (
        <img
          src={qr}
          alt={`QR Code do PIX da cobrança ${number}`}
          width={112}
          height={112}
          className="rounded border border-slate-200"
        />
      )}
      <input
        readOnly
        value={code}
        aria-label="PIX copia e cola"
        className="w-48 truncate rounded border border-slate-300 px-2 py-1 font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      <button
        type="button"
        className="text-xs font-medium text-brand-700 hover:underline"
        onClick={() => void navigator.clipboard?.writeText(code).then(() => setCopied(true))}
      >
        {copied ? "Copiado!" : "Copiar"}
      </button>
    </div>
  );
}
