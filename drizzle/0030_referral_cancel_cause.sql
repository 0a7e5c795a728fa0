ALTER TABLE "referrals" ADD COLUMN "cancel_cause" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_cancel_cause_check" CHECK ("referrals"."cancel_cause" is null or "referrals"."cancel_cause" in ('representante', 'lead_perdido'));--> statement-breakpoint
-- Issue 45: the cause of the referrals already cancelled, from the audit entry that cancelled
-- them last: the representative's "referral.cancelled", or the system's move when the lead was
-- lost. A row with no such entry predates the pipeline: only its representative could cancel it.
UPDATE referrals r SET cancel_cause = coalesce((
  SELECT CASE WHEN a.action = 'referral.cancelled' THEN 'representante' ELSE 'lead_perdido' END
  FROM audit_log a
  WHERE a.entity_type = 'referral'
    AND a.entity_id = r.id::text
    AND a.changes -> 'status' ->> 1 = 'cancelada'
  ORDER BY a.at DESC, a.id DESC
  LIMIT 1
), 'representante')
WHERE r.status = 'cancelada';
