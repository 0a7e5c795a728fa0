import type { Actor } from "~/modules/audit/index.server";
import { createOneOffCharge, type BillingResult } from "./billing.server";
import { changeChargeAmount } from "./charge-amount.server";
import { cancelCharge, refundCharge } from "./reversals.server";
import { configuredProvider } from "~/server/payments/index.server";
import { recordPayment } from "./payments.server";
import { BILLING_MESSAGES } from "./billing.messages";
import {
  AmountSchema,
  BILLING_FORM_MESSAGES,
  CancelSchema,
  OneOffSchema,
  PaymentSchema,
} from "./billing.schema";
import { resendChargeMail } from "./mails.server";
import { resendChargeToProvider } from "./provider-sync.server";
import { checkForm, type FormFields } from "~/server/http/form.server";

export const CHARGE_INTENTS = [
  "pay",
  "cancel",
  "refund",
  "amount",
  "one-off",
  "resend",
  "provider-resend",
] as const;
export type ChargeIntent = (typeof CHARGE_INTENTS)[number];

export type ChargeActionResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string>; intent: string; id: string };

/**
 * The Financeiro and client-page forms' one entry: the fields as readForm read them, checked by
 * the intent's schema, and the rule called. A refusal carries the rule's pt-BR message (and
 * field errors).
 */
export async function runChargeAction(raw: FormFields, actor: Actor): Promise<ChargeActionResult> {
  const intent = String(raw.intent ?? "");
  const id = String(raw.id ?? "").slice(0, 64);
  const refuse = (message: string, errors?: Record<string, string>): ChargeActionResult => ({
    ok: false,
    message,
    fieldErrors: errors,
    intent: intent.slice(0, 20),
    id,
  });
  const done = (result: BillingResult<unknown>, message: string) =>
    result.ok ? { ok: true as const, message } : refuse(result.message);
  switch (intent) {
    case "pay": {
      const p = checkForm(raw, PaymentSchema, (errors) => refuse(BILLING_MESSAGES.invalidForm, errors));
      if (!p.ok) return p.reply;
      const { paidOn, method, amount } = p.data;
      const r = await recordPayment({ chargeId: id, input: { paidOn, method, amountCents: amount }, actor });
      return done(r, BILLING_MESSAGES.paymentRecorded);
    }
    case "cancel": {
      const p = checkForm(raw, CancelSchema, (errors) => refuse(BILLING_MESSAGES.invalidForm, errors));
      if (!p.ok) return p.reply;
      return done(
        await cancelCharge({ chargeId: id, reason: p.data.reason, actor }),
        BILLING_MESSAGES.chargeCancelled,
      );
    }
    case "refund": {
      // Paid at the configured provider, the refund is asked of it; paid by hand, it is recorded.
      const r = await refundCharge({ chargeId: id, actor, providerName: configuredProvider()?.name ?? null });
      return r.ok
        ? {
            ok: true,
            message:
              r.value === "solicitado" ? BILLING_MESSAGES.refundRequested : BILLING_MESSAGES.refundRecorded,
          }
        : refuse(r.message);
    }
    case "amount": {
      const p = checkForm(raw, AmountSchema, (errors) => refuse(BILLING_MESSAGES.invalidForm, errors));
      if (!p.ok) return p.reply;
      const r = await changeChargeAmount({ chargeId: id, amountCents: p.data.amount, actor });
      return done(r, BILLING_MESSAGES.amountChanged);
    }
    case "one-off": {
      const p = checkForm(raw, OneOffSchema, (errors) => refuse(BILLING_MESSAGES.invalidForm, errors));
      if (!p.ok) return p.reply;
      const clientId = String(raw.clientId ?? "").slice(0, 64);
      if (!clientId)
        return refuse(BILLING_MESSAGES.invalidForm, { clientId: BILLING_FORM_MESSAGES.clientRequired });
      const { description, amount, dueDate } = p.data;
      const r = await createOneOffCharge({
        clientId,
        input: { description, amountCents: amount, dueDate },
        actor,
      });
      return done(r, BILLING_MESSAGES.chargeCreated);
    }
    case "resend":
      return done(await resendChargeMail({ chargeId: id, actor }), BILLING_MESSAGES.mailResent);
    case "provider-resend":
      return done(await resendChargeToProvider({ chargeId: id, actor }), BILLING_MESSAGES.providerResent);
    default:
      return refuse(BILLING_MESSAGES.unknownAction);
  }
}

const CLIENT_PAGE = /^\/admin\/clients\/edit\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Where a successful charge action returns: the client page that posted it (its `back` field,
 * honoured only for /admin/clients/edit/<uuid>, so the form cannot redirect anywhere else), else
 * Financeiro with its filters.
 */
export function chargeActionReturnPath(form: FormFields, request: Request): string {
  const back = form.back ?? "";
  return CLIENT_PAGE.test(back) ? back : `/admin/billing${new URL(request.url).search}`;
}
