// What happens to the demo business, day by day: the dated decisions of its
// people (sign-ups, conversions, plan changes, cancellations, referrals, onboarding work), read
// from the demo content. Everything else follows from them through the product's own code: the
// charges the renewal job issues, the payments each client makes when due, overdue marking,
// suspension, referral statuses, commissions and Receita's movements.
import {
  DEMO_CLIENTS,
  DEMO_LEADS,
  DEMO_ONE_OFF_CHARGES,
  DEMO_REFERRALS,
  type DemoClient,
} from "~/server/dev-data/demo-business-content";

/** How a client pays its charges: days after the due date (negative: early), or never. */
export type Payer = { delay: number; until?: number } | "never";

export interface ClientStory {
  client: DemoClient;
  /** Days ago the client signed up (by the form, or by its lead's conversion). */
  since: number;
  /** The plan it started on (the content's plan is where it ends). */
  startPlan: string;
  renewal: "mensal" | "trimestral";
  /** The lead whose conversion made it, if any (index in DEMO_LEADS). */
  lead: number | null;
  payer: Payer;
  /** Plan changes: days ago, the new plan, and when it takes effect. */
  planChanges: { daysAgo: number; plan: string; when: "agora" | "renovacao" }[];
  /** The end: days ago, and how ("fim_do_periodo" ends with the paid period). */
  cancel: { daysAgo: number; when: "agora" | "fim_do_periodo" } | null;
  /** Still in onboarding today (late: the team has not published its menu yet). */
  inOnboarding: boolean;
}

/**
 * The decisions that differ from "signs up, pays each charge about on its due date":
 * - Pizzaria Bella Napoli started on Básico and moved up to Premium at once (expansion);
 * - Lanchonete Sabor Mineiro moved up at its renewal, then left at the end of a paid period;
 * - Bistrô Vila Verde moved down at once (contraction), then cancelled at once;
 * - Padaria Pão Dourado stopped paying, was suspended, and was cancelled;
 * - Hamburgueria do Cadu pays each charge 17 days late: suspended, then back (churn and
 *   reactivation when the two fall in different months), and its latest renewal is overdue;
 * - Doces da Aline has not paid her first charge yet;
 * - Cantina Nonna Rosa left at the end of her period a month ago;
 * - Cafeteria Grãos is still in onboarding, past the promised date.
 */
const STORIES: Record<string, Partial<Omit<ClientStory, "client" | "since" | "lead">>> = {
  "Pizzaria Bella Napoli": {
    startPlan: "Básico",
    planChanges: [{ daysAgo: 20, plan: "Premium", when: "agora" }],
  },
  "Lanchonete Sabor Mineiro": {
    startPlan: "Básico",
    planChanges: [{ daysAgo: 280, plan: "Premium", when: "renovacao" }],
    cancel: { daysAgo: 160, when: "fim_do_periodo" },
  },
  "Bistrô Vila Verde": {
    planChanges: [{ daysAgo: 160, plan: "Básico", when: "agora" }],
    cancel: { daysAgo: 70, when: "agora" },
  },
  "Padaria Pão Dourado": { payer: { delay: 0, until: 200 }, cancel: { daysAgo: 160, when: "agora" } },
  "Hamburgueria do Cadu": { payer: { delay: 17 } },
  "Doces da Aline": { payer: "never" },
  "Cantina Nonna Rosa": { cancel: { daysAgo: 40, when: "fim_do_periodo" } },
  "Cafeteria Grãos": { inOnboarding: true },
};

export function clientStories(): ClientStory[] {
  return DEMO_CLIENTS.map((client, i) => {
    const lead = DEMO_LEADS.findIndex((l) => l.stage === "convertido" && l.client === i);
    const story = STORIES[client.business] ?? {};
    return {
      client,
      since: client.since,
      startPlan: story.startPlan ?? client.plan,
      // A long paid period ahead is a quarterly plan; a converted lead is billed monthly.
      renewal: lead < 0 && client.endsIn > 45 ? "trimestral" : "mensal",
      lead: lead < 0 ? null : lead,
      // Most pay a day early, on the day, or a day late.
      payer: story.payer ?? { delay: (i % 3) - 1 },
      planChanges: story.planChanges ?? [],
      cancel: story.cancel ?? null,
      inOnboarding: story.inOnboarding ?? false,
    };
  });
}

export { DEMO_LEADS, DEMO_ONE_OFF_CHARGES, DEMO_REFERRALS };
