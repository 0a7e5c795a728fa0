import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { formatIsoDate } from "~/lib/format";
import { REFERRAL_STATUS_LABELS } from "~/modules/referrals/referrals.schema";
import type { Difference } from "../consistency.constants";

/**
 * Referral statuses against their clients' payments and onboardings (the referral pipeline,
 * app/modules/referrals/pipeline.server.ts): the first paid charge moves a referral from
 * "Aguardando pagamento" to "Em produção" and opens the onboarding in the same transaction; the
 * onboarding's publication completes it; a reversal with no paid charge left sends it back. Only
 * referrals linked to a client (a converted lead) are checked: the others move by hand.
 */
export async function checkReferrals(): Promise<Difference[]> {
  // first_paid: the client's earliest payment of a charge still paid (a refunded one no longer
  // counts, as referralOnChargeReversed decides); completed_on: the São Paulo day it completed.
  const rows = await queryRows<{
    id: string;
    business_name: string;
    status: "aguardando_pagamento" | "producao" | "concluido";
    client_id: string;
    first_paid: string | null;
    completed_on: string | null;
    onboarding_id: string | null;
  }>(
    getDb(),
    sql`select r.id, r.business_name, r.status, r.client_id,
               to_char((select min(c.paid_on) from charges c where c.client_id = r.client_id and c.status = 'paga'),
                       'YYYY-MM-DD') as first_paid,
               to_char((r.completed_at at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as completed_on,
               o.id as onboarding_id
          from referrals r
          left join onboardings o on o.client_id = r.client_id
         where r.client_id is not null and r.status in ('aguardando_pagamento', 'producao', 'concluido')
         order by r.created_at, r.id`,
  );
  const out: Difference[] = [];
  for (const r of rows) {
    const label = `Indicação "${r.business_name}" (${REFERRAL_STATUS_LABELS[r.status]})`;
    const ids = [r.id, r.client_id];
    if (r.status === "aguardando_pagamento" && r.first_paid)
      out.push({
        check: "indicacoes.status",
        message: `${label}: o cliente já pagou em ${formatIsoDate(r.first_paid)}`,
        ids,
      });
    if (r.status !== "aguardando_pagamento" && !r.onboarding_id)
      out.push({ check: "indicacoes.status", message: `${label}: o cliente não tem implantação`, ids });
    if (r.status === "concluido" && !r.first_paid)
      out.push({ check: "indicacoes.status", message: `${label}: o cliente não tem cobrança paga`, ids });
    if (r.status === "concluido" && r.first_paid && r.completed_on && r.completed_on < r.first_paid)
      out.push({
        check: "indicacoes.status",
        message: `${label}: concluída em ${formatIsoDate(r.completed_on)}, antes do primeiro pagamento do cliente em ${formatIsoDate(r.first_paid)}`,
        ids,
      });
  }
  return out;
}
