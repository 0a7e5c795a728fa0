ALTER TABLE "charges" DROP CONSTRAINT "charges_status_check";--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_status_check" CHECK ("charges"."status" in ('pendente', 'paga', 'vencida', 'cancelada', 'estornada'));--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "provider_payment_url" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "provider_pix_payload" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "provider_error" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "provider_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_provider_event_unique" ON "provider_events" USING btree ("provider","event_id");
--> statement-breakpoint
CREATE INDEX "provider_events_received_idx" ON "provider_events" USING btree ("received_at");
