CREATE TABLE "funnel_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"lost_reasons" text[] NOT NULL,
	"lost_reason_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_settings_single_row" CHECK ("funnel_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"note" text NOT NULL,
	"author_id" text,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_notes_nonempty" CHECK (length(btrim("lead_notes"."note")) > 0)
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_note" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_next_contact_idx" ON "leads" USING btree ("next_contact_at") WHERE "leads"."next_contact_at" is not null and "leads"."status_funil" not in ('convertido', 'perdido');--> statement-breakpoint
CREATE INDEX "leads_lost_reason_idx" ON "leads" USING btree ("lost_reason") WHERE "leads"."status_funil" = 'perdido';