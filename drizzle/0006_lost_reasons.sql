CREATE TABLE "funnel_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"lost_reasons" text[] NOT NULL,
	"lost_reason_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_settings_single_row" CHECK ("funnel_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_note" text;--> statement-breakpoint
CREATE INDEX "leads_lost_reason_idx" ON "leads" USING btree ("lost_reason") WHERE "leads"."status_funil" = 'perdido';