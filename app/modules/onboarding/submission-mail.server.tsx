import { randomUUID } from "node:crypto";
import type { DbOrTx } from "~/db/client.server";
import {
  mailBrand,
  OnboardingSubmissionMail,
  onboardingSubmissionSubject,
} from "~/modules/notifications/index.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";

/**
 * The team's e-mail about a client's submission, queued in the submission's transaction: one
 * rendering, one message per admin address, all keyed by the one submission.
 */
export async function queueTeamMail(
  tx: DbOrTx,
  to: string[],
  data: Parameters<typeof OnboardingSubmissionMail>[0]["data"],
) {
  if (!to.length) return;
  const body = await renderMail(<OnboardingSubmissionMail brand={mailBrand()} data={data} />);
  const submission = randomUUID();
  for (const address of to)
    await queueMail(tx, {
      kind: "implantacao.envio-cliente",
      to: address,
      subject: onboardingSubmissionSubject(data),
      ...body,
      dedupeKey: `onboarding-submission:${submission}:${address}`,
      entity: { type: "client", id: data.clientId },
    });
}
