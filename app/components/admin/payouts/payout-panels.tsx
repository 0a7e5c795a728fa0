import { useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { Badge, Card, DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { Button, FormAlert, SelectField, TextField } from "~/components/ui/form";
import { formatDate, formatIsoDate, formatMoney } from "~/lib/format";
import { PAYOUT_METHOD_LABELS, PAYOUT_METHODS, type PayoutMethod } from "~/modules/payouts/payouts.constants";
import { ConfirmDialog } from "~/components/ui/dialog";
import type { Commission, Payout } from "~/modules/payouts/payouts.server";
import { formatPhone } from "~/lib/phone";
import { PIX_KEY_TYPE_LABELS } from "~/modules/representatives/profile.constants";
import type { RepresentativeProfileRow } from "~/modules/representatives/representative-profile.server";
import { BrDateField } from "~/components/ui/br-date-input";
import { isoToBrDate } from "~/lib/dates";

/** The key as the admin reads it: "CPF: 123…" (the type when known). */
export function pixKeyText(profile: Pick<RepresentativeProfileRow, "pixKey" | "pixKeyType">) {
  return profile.pixKeyType
    ? `${PIX_KEY_TYPE_LABELS[profile.pixKeyType]}: ${profile.pixKey}`
    : (profile.pixKey ?? "");
}

/** Where to pay: the representative's own payout details. */
export function PayoutDetails({ profile }: { profile: RepresentativeProfileRow | null }) {
  const none = <span className="text-slate-500">Não informado</span>;
  const rows: [string, React.ReactNode][] = [
    ["Telefone / WhatsApp", profile?.phone ? formatPhone(profile.phone) : none],
    ["Chave PIX", profile?.pixKey ? pixKeyText(profile) : none],
    ["CPF/CNPJ", profile?.document ?? none],
  ];
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Dados de pagamento</h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="mt-0.5 break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The representative's unpaid commissions, each with a checkbox, and the payout's details. */
export function PayoutForm({
  unpaid,
  today,
  repName,
  pixKey,
  errors,
  formError,
}: {
  unpaid: Commission[];
  today: string;
  repName: string;
  /** "Tipo: chave" as shown to the admin, or null. Without one the server refuses PIX, so transfer comes first. */
  pixKey: string | null;
  errors: Record<string, string | undefined>;
  formError: string | null;
}) {
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  // Every commission starts ticked, so the server's render shows the full total; each tick then
  // updates the heading and the button. Only a display: the server sums the ticked ids itself.
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set(unpaid.map((c) => c.referralId)));
  const [method, setMethod] = useState<PayoutMethod>(pixKey ? "pix" : "transferencia");
  const [asking, setAsking] = useState(false);
  const total = unpaid.reduce((s, c) => (ticked.has(c.referralId) ? s + c.amountCents : s), 0);
  const amount = formatMoney(total);
  const toggle = (id: string, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Card>
      <h2 id="payout-form-title" className="text-lg font-semibold text-slate-900">
        Registrar pagamento
      </h2>
      {unpaid.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nenhuma comissão a pagar.</p>
      ) : (
        <Form
          ref={formRef}
          method="post"
          aria-labelledby="payout-form-title"
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            // Once hydrated the button asks first and the dialog submits; before hydration the form
            // posts as is. Either way the server checks everything again.
            e.preventDefault();
            setAsking(true);
          }}
        >
          <input type="hidden" name="intent" value="record-payout" />
          <FormAlert message={formError} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">
              Comissões a pagar: <span data-testid="payout-total">{amount}</span> selecionados de{" "}
              {formatMoney(unpaid.reduce((s, c) => s + c.amountCents, 0))}
            </legend>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {unpaid.map((c) => (
                <li key={c.referralId} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <input
                    id={`c-${c.referralId}`}
                    type="checkbox"
                    name="referralIds"
                    value={c.referralId}
                    checked={ticked.has(c.referralId)}
                    onChange={(e) => toggle(c.referralId, e.currentTarget.checked)}
                    className="h-4 w-4 rounded border-slate-300 text-brand-700"
                  />
                  <label
                    htmlFor={`c-${c.referralId}`}
                    className="flex flex-1 flex-wrap justify-between gap-2"
                  >
                    <span>
                      {c.businessName}
                      {c.planName && <span className="text-slate-500"> · plano {c.planName}</span>}
                      {c.completedAt && (
                        <span className="text-slate-500"> · concluída em {formatDate(c.completedAt)}</span>
                      )}
                    </span>
                    <span className="font-semibold">{formatMoney(c.amountCents)}</span>
                  </label>
                </li>
              ))}
            </ul>
            {errors.referralIds && <p className="mt-1 text-sm text-red-600">{errors.referralIds}</p>}
          </fieldset>
          <div className="grid gap-4 md:grid-cols-3">
            <BrDateField
              label="Data do pagamento"
              name="paidOn"
              required
              defaultValue={isoToBrDate(today)}
              error={errors.paidOn}
            />
            <SelectField
              label="Forma de pagamento"
              name="method"
              value={method}
              onChange={(e) => setMethod(e.currentTarget.value as PayoutMethod)}
              error={errors.method}
            >
              {PAYOUT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYOUT_METHOD_LABELS[m]}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Referência / comprovante"
              name="reference"
              maxLength={200}
              placeholder="ID da transação, observação"
              error={errors.reference}
            />
          </div>
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            // The submit button is the dialog's trigger, so closing it gives the focus back there.
            trigger={
              <Button type="submit" busy={busy} busyLabel="Registrando..." disabled={ticked.size === 0}>
                {payoutButtonLabel(amount, repName)}
              </Button>
            }
            title="Confirmar pagamento?"
            description={payoutConfirmText({ amount, repName, method, pixKey, count: ticked.size })}
            confirmLabel={`Registrar ${amount}`}
            tone="primary"
            onConfirm={() => {
              if (formRef.current) submit(formRef.current);
            }}
          />
        </Form>
      )}
    </Card>
  );
}

export function payoutButtonLabel(amount: string, repName: string) {
  return `Registrar pagamento de ${amount} a ${repName}`;
}

/** The review step before money is recorded (Asaas-style): the amount, the method and where it goes. */
export function payoutConfirmText({
  amount,
  repName,
  method,
  pixKey,
  count,
}: {
  amount: string;
  repName: string;
  method: PayoutMethod;
  pixKey: string | null;
  count: number;
}) {
  const items = count === 1 ? "1 comissão" : `${count} comissões`;
  const how =
    method === "pix"
      ? pixKey
        ? `via PIX, chave ${pixKey}`
        : "via PIX (sem chave PIX cadastrada: o registro será recusado)"
      : "por transferência";
  return `Pagamento de ${amount} a ${repName} ${how}, referente a ${items}.`;
}

/** Every payout of the representative; an active one can be cancelled (never edited). */
export function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  return (
    <DataTable
      caption="Pagamentos"
      head={
        <>
          <Th>Data</Th>
          <Th>Forma</Th>
          <Th>Referência</Th>
          <Th right>Comissões</Th>
          <Th right>Valor</Th>
          <Th>Situação</Th>
          <Th>Ações</Th>
        </>
      }
    >
      {payouts.length === 0 ? (
        <EmptyRow colSpan={7}>Nenhum pagamento registrado.</EmptyRow>
      ) : (
        payouts.map((p) => (
          <tr key={p.id}>
            <td className="px-4 py-3 whitespace-nowrap">{formatIsoDate(p.paidOn)}</td>
            <td className="px-4 py-3">{PAYOUT_METHOD_LABELS[p.method]}</td>
            <td className="px-4 py-3 break-words">{p.reference ?? "—"}</td>
            <td className="px-4 py-3 text-right">{p.items}</td>
            <td className="px-4 py-3 text-right whitespace-nowrap">{formatMoney(p.amountCents)}</td>
            <td className="px-4 py-3">
              {p.cancelledAt ? (
                <Badge color="gray">Cancelado em {formatDate(p.cancelledAt)}</Badge>
              ) : (
                <Badge color="green">Registrado</Badge>
              )}
            </td>
            <td className="px-4 py-3">
              {!p.cancelledAt && (
                <ConfirmButton
                  label={`Cancelar pagamento de ${formatIsoDate(p.paidOn)}`}
                  title="Cancelar este pagamento?"
                  description="O pagamento fica no histórico como cancelado e as comissões dele voltam para a pagar."
                  confirmLabel="Cancelar pagamento"
                  triggerContent="Cancelar"
                  fields={{ intent: "cancel-payout", payoutId: p.id }}
                />
              )}
            </td>
          </tr>
        ))
      )}
    </DataTable>
  );
}
