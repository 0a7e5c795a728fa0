ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_status_check";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "suspension_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "reminder_offsets" integer[] DEFAULT '{-3,0,3,7}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "suspension_days" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('ativa', 'inativa', 'cancelada', 'suspensa'));--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_suspension_days_check" CHECK ("billing_settings"."suspension_days" between 1 and 90);--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_reminders_check" CHECK (coalesce(array_length("billing_settings"."reminder_offsets", 1), 0) <= 8 and -30 <= all("billing_settings"."reminder_offsets") and 60 >= all("billing_settings"."reminder_offsets"));