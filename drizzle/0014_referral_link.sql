ALTER TABLE "leads" ADD COLUMN "referred_by_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "representatives" ADD COLUMN "referral_code" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 8) NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_phone_digits_idx" ON "referrals" USING btree (regexp_replace("contact_phone", '\D', '', 'g'));--> statement-breakpoint
CREATE INDEX "referrals_business_folded_idx" ON "referrals" USING btree (lower(immutable_unaccent(btrim("business_name"))));--> statement-breakpoint
CREATE INDEX "referrals_lead_idx" ON "referrals" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "representatives" ADD CONSTRAINT "representatives_referral_code_unique" UNIQUE("referral_code");