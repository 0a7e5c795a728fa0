DROP INDEX "referrals_business_name_idx";--> statement-breakpoint
CREATE INDEX "referrals_business_name_lower_idx" ON "referrals" USING btree (lower("business_name"),"created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_contact_name_lower_idx" ON "referrals" USING btree (lower("contact_name"),"created_at","id");