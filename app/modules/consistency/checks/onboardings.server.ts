import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { formatIsoDate } from "~/lib/format";
import type { Difference } from "../consistency.constants";

/**
 * Onboardings against first payments (app/modules/onboarding/onboarding.server.ts): the client's
 * first paid charge opens the onboarding, in the payment's transaction, dated ("pagamento
 * confirmado") on the day the payment was recorded. An onboarding opened by hand ("Pagamento
 * confirmado" for a client billed elsewhere) needs no charge.
 */
export async function checkOnboardings(): Promise<Difference[]> {
  // first: each client's first paid charge (by payment date), with the São Paulo day its payment
  // was recorded. refunded: clients with a refunded charge, whose first payment may be gone (a
  // refunded charge keeps no payment date), so their dates are not compared.
  const rows = await queryRows<{
    client_id: string;
    client_name: string;
    charge_id: string | null;
    charge_number: string | null;
    paid_on: string | null;
    recorded_on: string | null;
    refunded: boolean;
    onboarding_id: string | null;
    source: "automatica" | "manual" | null;
    opened_on: string | null;
  }>(
    getDb(),
    sql`with first as (
          select distinct on (client_id) client_id, id, number, paid_on,
                 (payment_recorded_at at time zone 'America/Sao_Paulo')::date as recorded_on
            from charges where status = 'paga'
           order by client_id, paid_on, payment_recorded_at, id
        ), refunded as (
          select distinct client_id from charges where refunded_at is not null
        )
        select cl.id as client_id, cl.name as client_name, f.id as charge_id, f.number as charge_number,
               to_char(f.paid_on, 'YYYY-MM-DD') as paid_on, to_char(f.recorded_on, 'YYYY-MM-DD') as recorded_on,
               rf.client_id is not null as refunded,
               o.id as onboarding_id, o.source, to_char(o.opened_on, 'YYYY-MM-DD') as opened_on
          from clients cl
          left join first f on f.client_id = cl.id
          left join refunded rf on rf.client_id = cl.id
          left join onboardings o on o.client_id = cl.id
         where f.id is not null or o.id is not null
         order by cl.name, cl.id`,
  );
  const out: Difference[] = [];
  for (const r of rows) {
    const who = `Cliente "${r.client_name}"`;
    if (r.charge_id && !r.onboarding_id)
      out.push({
        check: "implantacoes.primeiro_pagamento",
        message: `${who}: primeira cobrança (${r.charge_number}) paga em ${formatIsoDate(r.paid_on!)}, sem implantação`,
        ids: [r.client_id, r.charge_id],
      });
    if (r.onboarding_id && !r.charge_id && r.source === "automatica" && !r.refunded)
      out.push({
        check: "implantacoes.primeiro_pagamento",
        message: `${who}: implantação aberta pelo pagamento em ${formatIsoDate(r.opened_on!)}, mas o cliente não tem cobrança paga`,
        ids: [r.onboarding_id, r.client_id],
      });
    // Opened by the payment, it cannot precede it; and no onboarding opens after the first
    // payment was recorded (that payment opened one then). One opened by hand for a client
    // billed elsewhere may well precede the first charge paid here.
    if (
      r.onboarding_id &&
      r.charge_id &&
      !r.refunded &&
      ((r.source === "automatica" && r.opened_on! < r.paid_on!) ||
        (r.recorded_on !== null && r.opened_on! > r.recorded_on))
    )
      out.push({
        check: "implantacoes.primeiro_pagamento",
        message: `${who}: implantação com pagamento confirmado em ${formatIsoDate(r.opened_on!)}, mas a primeira cobrança (${r.charge_number}) foi paga em ${formatIsoDate(r.paid_on!)}`,
        ids: [r.onboarding_id, r.client_id, r.charge_id],
      });
  }
  return out;
}
