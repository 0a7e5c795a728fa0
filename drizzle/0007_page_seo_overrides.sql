ALTER TABLE "settings" ADD COLUMN "home_title" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "home_description" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "blog_title" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "blog_description" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "contact_title" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "contact_description" text;