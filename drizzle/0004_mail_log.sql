CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"redacted_html" text,
	"redacted_text" text,
	"status" text DEFAULT 'pendente' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"dedupe_key" text,
	"entity_type" text,
	"entity_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_messages_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('pendente', 'enviado', 'falhou', 'sem_smtp'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "lead_alert_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_messages_status_created_idx" ON "mail_messages" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_messages_entity_idx" ON "mail_messages" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "mail_messages_to_idx" ON "mail_messages" USING btree (lower("to_address"));