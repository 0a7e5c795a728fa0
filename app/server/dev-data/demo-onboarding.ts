import type { Tx } from "~/db/client.server";
import { leadNotes, onboardingItems, onboardings } from "~/db/schema";
import { addBusinessDays, businessDaysBetween, promiseDates } from "~/lib/business-days";
import { addDays } from "~/lib/dates";

// The demo is made with the default settings (no onboarding_settings row: 5 and 3 business days).
const SETTINGS = { dueDays: 5, targetDays: 3 };
const CHECKLIST = [
  "Cardápio recebido",
  "Cardápio montado",
  "Pagamentos configurados",
  "Link e app publicados",
  "Treinamento feito",
];

/** The latest opening date (going back from today) whose promise is in the wanted state today. */
function openedFor(today: string, wanted: (p: ReturnType<typeof promiseDates>) => boolean): string {
  for (let k = 0; k < 40; k++) {
    const day = addDays(today, -k);
    if (wanted(promiseDates(day, SETTINGS))) return day;
  }
  return addDays(today, -20);
}

/**
 * Onboardings in each state for the demo business (issue 30 item 6): one on time, one at risk,
 * one late, two published (one within the target, one within the due date), and the first
 * contact (a note) of the leads that left "Novo", so the board and "Nossas promessas" are filled.
 * Rows inserted directly: no e-mail, no audit entry, as the rest of the demo.
 */
export async function seedDemoOnboardings(
  tx: Tx,
  {
    clientIds,
    today,
    at,
  }: { clientIds: string[]; today: string; at: (daysAgo: number, hour?: number) => Date },
) {
  const dayOf = (iso: string, hour = 11) =>
    at(-(Date.parse(`${iso}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000, hour);
  const plans: { openedOn: string; publishAfter?: number; ticked: number }[] = [
    { openedOn: today, ticked: 0 },
    { openedOn: openedFor(today, (p) => today >= p.atRiskOn && today <= p.dueDate), ticked: 3 },
    { openedOn: openedFor(today, (p) => p.dueDate < today), ticked: 2 },
    { openedOn: addDays(today, -25), publishAfter: 3, ticked: 5 },
    { openedOn: addDays(today, -15), publishAfter: 5, ticked: 5 },
  ];
  for (const [i, plan] of plans.entries()) {
    const clientId = clientIds[i];
    if (!clientId) break;
    const dates = promiseDates(plan.openedOn, SETTINGS);
    const publishedOn = plan.publishAfter ? addBusinessDays(plan.openedOn, plan.publishAfter) : null;
    const [row] = await tx
      .insert(onboardings)
      .values({
        clientId,
        source: i % 2 ? "manual" : "automatica",
        openedOn: plan.openedOn,
        openedAt: dayOf(plan.openedOn, 10),
        ...dates,
        status: publishedOn ? "publicado" : plan.ticked ? "em_andamento" : "a_fazer",
        publishedAt: publishedOn ? dayOf(publishedOn, 16) : null,
        publishedOn,
        businessDaysTaken: publishedOn ? businessDaysBetween(plan.openedOn, publishedOn) : null,
      })
      .returning({ id: onboardings.id });
    await tx.insert(onboardingItems).values(
      CHECKLIST.map((label, j) => ({
        onboardingId: row.id,
        position: j + 1,
        label,
        doneAt: j < plan.ticked ? dayOf(plan.openedOn, 12 + j) : null,
      })),
    );
  }
}

/** A first note on each lead that left "Novo", 2 to 40 hours after it arrived. */
export async function seedDemoFirstContacts(tx: Tx, rows: { id: string; createdAt: Date; stage: string }[]) {
  for (const [i, r] of rows.entries()) {
    if (r.stage === "novo") continue;
    const hours = [2, 5, 9, 20, 30, 40][i % 6];
    await tx.insert(leadNotes).values({
      leadId: r.id,
      note: "Primeiro contato pelo WhatsApp.",
      authorName: "Equipe comercial",
      createdAt: new Date(r.createdAt.getTime() + hours * 3_600_000),
    });
  }
}
