CREATE TABLE "commission_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"representative_id" uuid,
	"referral_id" uuid NOT NULL,
	"source_payout_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"netted_payout_id" uuid,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_adjustments_negative" CHECK ("commission_adjustments"."amount_cents" < 0)
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "commission_adjustments" ADD CONSTRAINT "commission_adjustments_representative_id_representatives_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."representatives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_adjustments" ADD CONSTRAINT "commission_adjustments_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_adjustments" ADD CONSTRAINT "commission_adjustments_source_payout_id_payouts_id_fk" FOREIGN KEY ("source_payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_adjustments" ADD CONSTRAINT "commission_adjustments_netted_payout_id_payouts_id_fk" FOREIGN KEY ("netted_payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_adjustments_rep_idx" ON "commission_adjustments" USING btree ("representative_id","created_at");--> statement-breakpoint
CREATE INDEX "commission_adjustments_netted_idx" ON "commission_adjustments" USING btree ("netted_payout_id");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_client_idx" ON "referrals" USING btree ("client_id");--> statement-breakpoint
-- Issue 30: referrals and leads made before the pipeline are linked where the phone's digits and
-- the business (ignoring case, accents and outer spaces) match one to one; a referral matching
-- two leads, or a lead matching two referrals, stays unlinked. A lead that already has a referral
-- (the ?ref= link's) is left alone.
WITH pairs AS (
  SELECT r.id AS referral_id, l.id AS lead_id
  FROM referrals r
  JOIN leads l
    ON regexp_replace(l.phone, '\D', '', 'g') = regexp_replace(r.contact_phone, '\D', '', 'g')
   AND lower(immutable_unaccent(btrim(l.business))) = lower(immutable_unaccent(btrim(r.business_name)))
  WHERE r.lead_id IS NULL
    AND length(regexp_replace(r.contact_phone, '\D', '', 'g')) >= 8
    AND NOT EXISTS (SELECT 1 FROM referrals o WHERE o.lead_id = l.id)
), unambiguous AS (
  SELECT p.referral_id, p.lead_id FROM pairs p
  WHERE (SELECT count(*) FROM pairs q WHERE q.referral_id = p.referral_id) = 1
    AND (SELECT count(*) FROM pairs q WHERE q.lead_id = p.lead_id) = 1
)
UPDATE referrals r SET lead_id = u.lead_id FROM unambiguous u WHERE r.id = u.referral_id;--> statement-breakpoint
UPDATE leads l SET referred_by_id = r.representative_id
FROM referrals r
WHERE r.lead_id = l.id AND l.referred_by_id IS NULL AND r.representative_id IS NOT NULL;--> statement-breakpoint
UPDATE referrals r SET client_id = l.converted_client_id
FROM leads l
WHERE r.lead_id = l.id AND r.client_id IS NULL AND l.converted_client_id IS NOT NULL;
