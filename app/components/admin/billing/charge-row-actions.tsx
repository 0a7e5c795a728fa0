import { MoreHorizontal } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { Button } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { formatIsoDate, formatMoney } from "~/lib/format";
import type { Toast } from "~/lib/form-reply";
import { isPayable } from "~/modules/billing/billing.constants";
import { owedCents, paidSummary } from "~/modules/billing/charge-paid";
import type { ChargeProviderState } from "~/modules/billing/charge-pix.server";
import { chargePurpose } from "~/modules/billing/charge-purpose";
import { chargeWhatsappLink } from "~/modules/billing/charge-whatsapp";
import type { ChargeListRow } from "~/modules/billing/list.server";
import { AmountForm, CancelForm, ChargeRefund, PayForm, PixCopy } from "./charge-actions";
import { ChargeResend, ReceiptLink } from "./charge-mail-actions";
import { ChargeProvider } from "./charge-provider";

/** A Financeiro row: the listed charge with its PIX code and its state at the provider. */
export type ChargeRowView = ChargeListRow & {
  pixCode: string | null;
  pixQr: string | null;
  payLink: string | null;
  payUpdating: boolean;
  provider: ChargeProviderState;
};

const MENU_ITEM =
  "flex cursor-pointer items-center rounded px-3 py-2 text-sm text-slate-800 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100";

/** "Maria Souza (Pizzaria da Maria)": whose charge a dialog is about. */
const whose = (c: ChargeRowView) => `${c.clientName} (${c.businessName})`;

/**
 * A Financeiro row's actions: "Registrar pagamento" in the row, everything else in its
 * menu; each form opens in a dialog that names the client, the charge and the amount, so the
 * row stays one line. The forms and the checks behind them are the client page's (charge-actions).
 */
export function ChargeRowActions({ charge: c, today }: { charge: ChargeRowView; today: string }) {
  const [open, setOpen] = useState<"pay" | "pix" | "amount" | "cancel" | null>(null);
  const resend = useFetcher<{ toast?: Toast | null }>();
  useReplyToast(resend.data);
  // A form that worked changed the charge (paid, new amount, cancelled): its dialog closes. One
  // that was refused leaves the charge as it was, and the dialog open with the reason.
  const version = `${c.status}:${c.amountCents}:${c.paidAmountCents}`;
  const [seen, setSeen] = useState(version);
  if (seen !== version) {
    setSeen(version);
    setOpen(null);
  }
  if (c.status === "paga")
    return (
      <div className="flex flex-wrap items-center justify-end gap-x-3">
        <ReceiptLink id={c.id} number={c.number} />
        <ChargeRefund id={c.id} number={c.number} amountCents={c.paidAmountCents ?? c.amountCents} />
      </div>
    );
  if (!isPayable(c.status)) return null;
  const owed = owedCents(c);
  const owedText =
    owed === c.amountCents
      ? formatMoney(owed)
      : `${formatMoney(owed)} em aberto de ${formatMoney(c.amountCents)}`;
  const whatsapp = c.pixCode ? chargeWhatsappLink(c.clientPhone, { ...c, pixCode: c.pixCode }) : null;
  const close = (o: boolean) => {
    if (!o) setOpen(null);
  };
  return (
    <div className="flex items-center justify-end gap-1">
      <Button type="button" className="px-3 whitespace-nowrap" onClick={() => setOpen("pay")}>
        Registrar pagamento
      </Button>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Mais ações da cobrança ${c.number}`}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <MoreHorizontal aria-hidden className="h-5 w-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-40 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setOpen("pix")}>
              PIX e detalhes
            </DropdownMenu.Item>
            {whatsapp && (
              <DropdownMenu.Item asChild className={MENU_ITEM}>
                <a href={whatsapp} target="_blank" rel="noopener noreferrer">
                  Cobrar pelo WhatsApp
                </a>
              </DropdownMenu.Item>
            )}
            {(c.status === "pendente" || c.status === "vencida") && (
              <DropdownMenu.Item
                className={MENU_ITEM}
                disabled={resend.state !== "idle"}
                onSelect={() => void resend.submit({ intent: "resend", id: c.id }, { method: "post" })}
              >
                Reenviar por e-mail
              </DropdownMenu.Item>
            )}
            {/* A charged-back charge is owed as it was paid: its amount is not edited. */}
            {c.status !== "contestada" && (
              <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setOpen("amount")}>
                Alterar valor
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item className={`${MENU_ITEM} text-red-700`} onSelect={() => setOpen("cancel")}>
              Cancelar cobrança
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <Dialog
        open={open === "pay"}
        onOpenChange={close}
        title="Registrar pagamento"
        description={`Cobrança ${c.number} de ${whose(c)}: ${owedText}.`}
      >
        <PayForm id={c.id} number={c.number} owedCents={owed} today={today} className="mt-4" />
      </Dialog>
      <Dialog
        open={open === "amount"}
        onOpenChange={close}
        title="Alterar valor"
        description={`Cobrança ${c.number} de ${whose(c)}: ${formatMoney(c.amountCents)}.`}
      >
        <AmountForm id={c.id} number={c.number} amountCents={c.amountCents} className="mt-4" />
      </Dialog>
      <Dialog
        open={open === "cancel"}
        onOpenChange={close}
        title="Cancelar cobrança"
        description={`Cobrança ${c.number} de ${whose(c)}: ${formatMoney(c.amountCents)}.`}
      >
        <CancelForm id={c.id} number={c.number} className="mt-4" />
      </Dialog>
      <Dialog
        open={open === "pix"}
        onOpenChange={close}
        width="lg"
        title={`Cobrança ${c.number}`}
        description={`${whose(c)} · ${chargePurpose(c).label} · ${owedText} · vence em ${formatIsoDate(c.dueDate)}`}
      >
        <ChargePanel charge={c} whatsapp={whatsapp} />
      </Dialog>
    </div>
  );
}

/** The charge's own view: its PIX (QR and "copia e cola"), WhatsApp, provider state, e-mail. */
function ChargePanel({ charge: c, whatsapp }: { charge: ChargeRowView; whatsapp: string | null }) {
  const partial = paidSummary(c);
  return (
    <div className="mt-4 grid gap-3 text-sm">
      {partial && <p className="font-medium text-amber-800">{partial}</p>}
      {c.pixCode ? (
        <PixCopy code={c.pixCode} qr={c.pixQr} number={c.number} />
      ) : (
        <p className="text-slate-600">Sem código PIX para esta cobrança.</p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {whatsapp && (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-green-700 hover:underline"
          >
            Cobrar pelo WhatsApp
          </a>
        )}
        {(c.status === "pendente" || c.status === "vencida") && <ChargeResend id={c.id} number={c.number} />}
      </div>
      <ChargeProvider id={c.id} number={c.number} state={c.provider} payLink={c.payLink} />
    </div>
  );
}
