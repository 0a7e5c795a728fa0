import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { today as clockToday } from "~/server/clock.server";

// The daily digest's onboardings: the open ones late or at risk on the day.
export interface DigestOnboarding {
  id: string;
  clientId: string;
  clientName: string;
  dueDate: string;
}

/** The daily digest's part: open onboardings late and at risk today (at most 100 each). */
export async function listOnboardingsForDigest({ today = clockToday() }: { today?: string } = {}) {
  const rows = await queryRows<{
    id: string;
    client_id: string;
    client_name: string;
    due_date: string;
    late: boolean;
  }>(
    getDb(),
    sql`select o.id, o.client_id, c.name as client_name, o.due_date::text as due_date, o.due_date < ${today}::date as late
          from onboardings o join clients c on c.id = o.client_id
         where o.status <> 'publicado' and o.at_risk_on <= ${today}::date
         order by o.due_date, o.id
         limit 200`,
  );
  const pick = (late: boolean): DigestOnboarding[] =>
    rows
      .filter((r) => r.late === late)
      .slice(0, 100)
      .map((r) => ({ id: r.id, clientId: r.client_id, clientName: r.client_name, dueDate: r.due_date }));
  return { late: pick(true), atRisk: pick(false) };
}
