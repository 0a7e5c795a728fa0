import { and, eq, sql } from "drizzle-orm";
import { leads } from "~/db/schema";
import { csvDate, csvDateTime, csvYesNo, type CsvColumn } from "~/server/http/csv.server";
import { isoText, streamRows } from "~/server/db-tools/stream-rows.server";
import { followUpFilter, searchFilter } from "./funnel.server";
import { STAGE_LABELS, type FollowUpFilter, type Stage } from "./leads.schema";

export interface LeadExportRow extends Record<string, unknown> {
  name: string;
  email: string;
  phone: string;
  business: string;
  plan: string;
  stage: Stage;
  lostReason: string | null;
  lostNote: string | null;
  nextContactAt: string | null;
  isRepresentative: boolean;
  message: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
  landingPage: string | null;
  createdAt: string;
}

const LEAD_COLUMNS: CsvColumn<LeadExportRow>[] = [
  { header: "Nome", value: (r) => r.name },
  { header: "E-mail", value: (r) => r.email },
  { header: "Telefone", value: (r) => r.phone },
  { header: "Negócio", value: (r) => r.business },
  { header: "Plano de interesse", value: (r) => r.plan },
  { header: "Etapa", value: (r) => STAGE_LABELS[r.stage] ?? r.stage },
  { header: "Motivo da perda", value: (r) => r.lostReason },
  { header: "Detalhe da perda", value: (r) => r.lostNote },
  { header: "Próximo contato", value: (r) => csvDateTime(r.nextContactAt) },
  { header: "Representante", value: (r) => csvYesNo(r.isRepresentative) },
  { header: "Mensagem", value: (r) => r.message },
  { header: "Origem (utm_source)", value: (r) => r.utmSource },
  { header: "Mídia (utm_medium)", value: (r) => r.utmMedium },
  { header: "Campanha (utm_campaign)", value: (r) => r.utmCampaign },
  { header: "Site de origem", value: (r) => r.referrer },
  { header: "Página de entrada", value: (r) => r.landingPage },
  { header: "Recebido em", value: (r) => csvDate(r.createdAt) },
];

/**
 * The funnel's leads as CSV rows: the board's search (`q`) and, when one
 * column is shown, its stage; newest first as on the board. Read in batches (streamRows).
 */
export function exportLeads({
  q = "",
  stage = null,
  followUp = null,
  batchSize,
}: {
  q?: string;
  stage?: Stage | null;
  /** The funnel's ?contato= filter. */
  followUp?: FollowUpFilter | null;
  /** Rows per database read (tests use small ones to cross batch boundaries). */
  batchSize?: number;
}) {
  const rows = streamRows<LeadExportRow>({
    columns: sql`${leads.name} as "name", ${leads.email} as "email", ${leads.phone} as "phone",
      ${leads.business} as "business", ${leads.plan} as "plan", ${leads.statusFunil} as "stage",
      ${leads.lostReason} as "lostReason", ${leads.lostNote} as "lostNote",
      ${isoText(leads.nextContactAt)} as "nextContactAt", ${leads.isRepresentative} as "isRepresentative",
      ${leads.message} as "message", ${leads.utmSource} as "utmSource", ${leads.utmMedium} as "utmMedium",
      ${leads.utmCampaign} as "utmCampaign", ${leads.referrer} as "referrer",
      ${leads.landingPage} as "landingPage", ${isoText(leads.createdAt)} as "createdAt"`,
    from: sql`${leads}`,
    where: and(stage ? eq(leads.statusFunil, stage) : undefined, searchFilter(q), followUpFilter(followUp)),
    keys: [
      { expr: leads.createdAt, type: "timestamptz" },
      { expr: leads.id, type: "uuid" },
    ],
    dir: "desc",
    batchSize,
  });
  return { columns: LEAD_COLUMNS, rows };
}
