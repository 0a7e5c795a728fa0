// The front door of the billing module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { createOneOffCharge, firstChargeLines, issueRenewalCharges, linesTotal } from "./billing.server";
export type { FirstChargeLine } from "./billing.server";
export { clientChargesView } from "./charge-pix.server";
export { companyDataWarning } from "./company.server";
export { listDivergencesForDigest, openDivergencesCount } from "./divergences.server";
export { chargeTotals, getBillingFigures, listChargeRows, overdueChargesCount } from "./list.server";
export type { BillingFigures, ChargeFilters, ChargeListRow } from "./list.server";
export { nextCharge } from "./next-charge.server";
export { markOverdueCharges } from "./overdue.server";
export { recordPayment } from "./payments.server";
export { previewPlanChange } from "./plan-change.server";
export { prorationSummary } from "./proration";
export { getChargeReceipt } from "./receipt.server";
export { cancelCharge } from "./reversals.server";
export { isDemoPixKeyInUse } from "./settings.server";
export { daysOverdue, listSuspensionsForDigest, suspendOverdueSubscriptions } from "./suspension.server";
