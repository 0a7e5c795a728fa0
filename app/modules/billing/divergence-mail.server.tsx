import {
  mailBrand,
  DivergenceAdminMail,
  divergenceSubject,
  type DivergenceMailData,
  adminEmails,
} from "~/modules/notifications/index.server";
import { onEvent } from "~/modules/events/index.server";
import { getDb } from "~/db/client.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import type { DivergenceKind } from "./billing.constants";
import { DIVERGENCE_KIND_LABELS } from "./billing.schema";
import { getDivergence } from "./divergences.server";

/** What the team should do about each kind of divergence. */
const ADVICE: Record<DivergenceKind, string> = {
  parcial:
    "O cliente pagou menos que o valor da cobrança. Ela continua em aberto pelo restante: combine o pagamento da diferença com o cliente.",
  excedente:
    "O cliente pagou mais que o valor da cobrança, que foi marcada como paga. Devolva a diferença ou aplique-a a uma próxima cobrança.",
  cobranca_cancelada:
    "O cliente pagou uma cobrança que estava cancelada. Devolva o valor ou aplique-o a outra cobrança.",
  duplicidade:
    "A cobrança foi registrada como paga aqui e o cliente também a pagou no provedor de pagamento. Devolva um dos pagamentos.",
  pagamento_nao_vinculado:
    "O provedor recebeu um pagamento que cita esta cobrança, mas não é o pagamento dela. Confira no painel do provedor e devolva ou aplique o valor.",
};

/** Each divergence is e-mailed to every active admin once (keyed by divergence and address). */
export const divergenceMailJob = onEvent(["charge.divergence"], {
  name: "billing.divergence-mail",
  handler: async ({ payload }) => {
    const found = await getDivergence(payload.divergenceId);
    if (!found) return;
    const d = found.divergence;
    const data: DivergenceMailData = {
      kindLabel: DIVERGENCE_KIND_LABELS[d.kind],
      advice: ADVICE[d.kind],
      chargeNumber: found.chargeNumber,
      clientName: found.clientName,
      businessName: found.businessName,
      expectedCents: d.expectedCents,
      receivedCents: d.receivedCents,
      providerPaymentId: d.providerPaymentId || null,
    };
    const body = await renderMail(<DivergenceAdminMail brand={mailBrand()} data={data} />);
    const admins = await adminEmails();
    await getDb().transaction(async (tx) => {
      for (const to of admins)
        await queueMail(tx, {
          kind: "cobranca.divergencia",
          to,
          subject: divergenceSubject(data),
          ...body,
          dedupeKey: `cobranca.divergencia:${d.id}:${to}`,
          entity: { type: "charge", id: d.chargeId },
        });
    });
  },
});
