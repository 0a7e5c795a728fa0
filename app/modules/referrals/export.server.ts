import { eq, and, sql } from "drizzle-orm";
import { plans, referrals, representatives, type StoredReferralStatus } from "~/db/schema";
import { csvDate, csvMoney, type CsvColumn } from "~/server/http/csv.server";
import { isoText, streamRows } from "~/server/db-tools/stream-rows.server";
import { REFERRAL_SORT_COLUMNS, referralSearch, type ReferralSort } from "./admin.server";
import { referralStatusLabel } from "./referrals.schema";

export interface ReferralExportRow extends Record<string, unknown> {
  businessName: string;
  contactName: string;
  contactPhone: string;
  representativeName: string | null;
  representativeEmail: string | null;
  planName: string | null;
  status: StoredReferralStatus;
  commissionCents: number | null;
  createdAt: string;
}

const REFERRAL_COLUMNS: CsvColumn<ReferralExportRow>[] = [
  { header: "Negócio", value: (r) => r.businessName },
  { header: "Contato", value: (r) => r.contactName },
  { header: "Telefone", value: (r) => r.contactPhone },
  { header: "Representante", value: (r) => r.representativeName },
  { header: "E-mail do representante", value: (r) => r.representativeEmail },
  { header: "Plano", value: (r) => r.planName },
  { header: "Status", value: (r) => referralStatusLabel(r.status) },
  { header: "Comissão (R$)", value: (r) => csvMoney(r.commissionCents) },
  { header: "Enviada em", value: (r) => csvDate(r.createdAt) },
];

/** Sort keys whose value may be NULL (a referral without representative or plan). */
const NULLABLE_SORTS: ReferralSort[] = ["representative", "plan"];

/**
 * The referrals list as CSV rows: the list's search, status filter and sort
 * (ties by id in the same direction), read in batches.
 */
export function exportReferrals({
  q = "",
  status = null,
  sort = "created_at",
  dir = "desc",
  batchSize,
}: {
  q?: string;
  status?: StoredReferralStatus | null;
  sort?: ReferralSort;
  dir?: "asc" | "desc";
  /** Rows per database read (tests use small ones to cross batch boundaries). */
  batchSize?: number;
}) {
  const rows = streamRows<ReferralExportRow>({
    columns: sql`${referrals.businessName} as "businessName", ${referrals.contactName} as "contactName",
      ${referrals.contactPhone} as "contactPhone", ${representatives.name} as "representativeName",
      ${representatives.email} as "representativeEmail", ${plans.name} as "planName",
      ${referrals.status} as "status", ${referrals.commissionCents} as "commissionCents",
      ${isoText(referrals.createdAt)} as "createdAt"`,
    from: sql`${referrals}
      left join ${representatives} on ${representatives.id} = ${referrals.representativeId}
      left join ${plans} on ${plans.id} = ${referrals.planId}`,
    where: and(status ? eq(referrals.status, status) : undefined, referralSearch(q)),
    keys: [
      {
        expr: REFERRAL_SORT_COLUMNS[sort] ?? referrals.createdAt,
        type: sort === "created_at" ? "timestamptz" : "text",
        nullable: NULLABLE_SORTS.includes(sort),
      },
      { expr: referrals.id, type: "uuid" },
    ],
    dir,
    batchSize,
  });
  return { columns: REFERRAL_COLUMNS, rows };
}
