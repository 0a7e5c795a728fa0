DROP INDEX "clients_name_trgm_idx";--> statement-breakpoint
DROP INDEX "clients_business_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_name_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_business_trgm_idx";--> statement-breakpoint
DROP INDEX "blog_posts_title_trgm_idx";--> statement-breakpoint
DROP INDEX "blog_posts_excerpt_trgm_idx";--> statement-breakpoint
DROP INDEX "referrals_business_trgm_idx";--> statement-breakpoint
DROP INDEX "referrals_contact_trgm_idx";--> statement-breakpoint
DROP INDEX "representatives_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "clients_name_unaccent_trgm_idx" ON "clients" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_business_unaccent_trgm_idx" ON "clients" USING gin (immutable_unaccent("business_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_name_unaccent_trgm_idx" ON "leads" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_business_unaccent_trgm_idx" ON "leads" USING gin (immutable_unaccent("business") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_posts_title_unaccent_trgm_idx" ON "blog_posts" USING gin (immutable_unaccent("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_posts_excerpt_unaccent_trgm_idx" ON "blog_posts" USING gin (immutable_unaccent("excerpt") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referrals_business_unaccent_trgm_idx" ON "referrals" USING gin (immutable_unaccent("business_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referrals_contact_unaccent_trgm_idx" ON "referrals" USING gin (immutable_unaccent("contact_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "representatives_name_unaccent_trgm_idx" ON "representatives" USING gin (immutable_unaccent("name") gin_trgm_ops);