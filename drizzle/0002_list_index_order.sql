DROP INDEX "client_notes_client_idx";--> statement-breakpoint
DROP INDEX "clients_created_at_idx";--> statement-breakpoint
DROP INDEX "clients_status_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_client_idx";--> statement-breakpoint
DROP INDEX "leads_stage_created_idx";--> statement-breakpoint
DROP INDEX "leads_created_idx";--> statement-breakpoint
DROP INDEX "blog_posts_created_idx";--> statement-breakpoint
DROP INDEX "blog_posts_published_created_idx";--> statement-breakpoint
DROP INDEX "referrals_rep_created_idx";--> statement-breakpoint
DROP INDEX "referrals_created_idx";--> statement-breakpoint
DROP INDEX "referrals_status_created_idx";--> statement-breakpoint
DROP INDEX "materials_created_idx";--> statement-breakpoint
DROP INDEX "representatives_created_idx";--> statement-breakpoint
CREATE INDEX "clients_business_name_idx" ON "clients" USING btree ("business_name","id");--> statement-breakpoint
CREATE INDEX "referrals_business_name_idx" ON "referrals" USING btree ("business_name","id");--> statement-breakpoint
CREATE INDEX "client_notes_client_idx" ON "client_notes" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "clients_created_at_idx" ON "clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clients_status_created_idx" ON "clients" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_client_idx" ON "subscriptions" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_stage_created_idx" ON "leads" USING btree ("status_funil","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "blog_posts_created_idx" ON "blog_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "blog_posts_published_created_idx" ON "blog_posts" USING btree ("created_at","id") WHERE "blog_posts"."published";--> statement-breakpoint
CREATE INDEX "referrals_rep_created_idx" ON "referrals" USING btree ("representative_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_status_created_idx" ON "referrals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "materials_created_idx" ON "representative_materials" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "representatives_created_idx" ON "representatives" USING btree ("created_at");