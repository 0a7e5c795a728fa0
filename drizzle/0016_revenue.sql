CREATE TABLE "subscription_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"subscription_id" uuid,
	"kind" text NOT NULL,
	"effective_on" date NOT NULL,
	"mrr_before_cents" integer NOT NULL,
	"mrr_after_cents" integer NOT NULL,
	"plan_before_id" uuid,
	"plan_after_id" uuid,
	"renewal_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_events_kind_check" CHECK ("subscription_events"."kind" in ('inicio', 'troca_plano', 'troca_renovacao', 'suspensao', 'reativacao', 'cancelamento', 'fim')),
	CONSTRAINT "subscription_events_mrr_check" CHECK ("subscription_events"."mrr_before_cents" >= 0 and "subscription_events"."mrr_after_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_plan_before_id_plans_id_fk" FOREIGN KEY ("plan_before_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_plan_after_id_plans_id_fk" FOREIGN KEY ("plan_after_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_effective_idx" ON "subscription_events" USING btree ("effective_on","client_id");--> statement-breakpoint
CREATE INDEX "subscription_events_client_idx" ON "subscription_events" USING btree ("client_id","effective_on");--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id");--> statement-breakpoint
-- Backfill (decision 023): each existing subscription starts on its start date at its plan's
-- current monthly price (the history of earlier price edits was never stored), 0 when it is
-- "sem cobrança"; one that is no longer ativa ends on its end date, or today if that is later.
INSERT INTO "subscription_events" ("client_id", "subscription_id", "kind", "effective_on", "mrr_before_cents", "mrr_after_cents", "plan_after_id", "renewal_type", "created_at")
SELECT s."client_id", s."id", 'inicio', s."start_date", 0,
       CASE WHEN s."no_billing" THEN 0 ELSE p."price_cents" END, s."plan_id", s."renewal_type", s."created_at"
  FROM "subscriptions" s JOIN "plans" p ON p."id" = s."plan_id";--> statement-breakpoint
INSERT INTO "subscription_events" ("client_id", "subscription_id", "kind", "effective_on", "mrr_before_cents", "mrr_after_cents", "plan_before_id", "renewal_type", "created_at")
SELECT s."client_id", s."id", 'fim',
       greatest(s."start_date", least(s."end_date", (now() AT TIME ZONE 'America/Sao_Paulo')::date)),
       p."price_cents", 0, s."plan_id", s."renewal_type", s."updated_at"
  FROM "subscriptions" s JOIN "plans" p ON p."id" = s."plan_id"
 WHERE s."status" <> 'ativa' AND NOT s."no_billing" AND p."price_cents" > 0;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at" date;
