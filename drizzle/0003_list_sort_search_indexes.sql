DROP INDEX "referrals_business_name_idx";--> statement-breakpoint
DROP INDEX "referrals_status_created_idx";--> statement-breakpoint
CREATE INDEX "leads_phone_trgm_idx" ON "leads" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_phone_digits_trgm_idx" ON "leads" USING gin (regexp_replace("phone", '\D', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referrals_business_name_lower_idx" ON "referrals" USING btree (lower("business_name"),"created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_contact_name_lower_idx" ON "referrals" USING btree (lower("contact_name"),"created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_phone_trgm_idx" ON "referrals" USING gin ("contact_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referrals_status_created_idx" ON "referrals" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);