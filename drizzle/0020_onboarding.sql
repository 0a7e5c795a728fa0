CREATE TABLE "onboarding_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"onboarding_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by_id" text,
	"done_by_name" text,
	CONSTRAINT "onboarding_items_label_check" CHECK (length(btrim("onboarding_items"."label")) > 0)
);
--> statement-breakpoint
CREATE TABLE "onboarding_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"due_days" integer DEFAULT 5 NOT NULL,
	"target_days" integer DEFAULT 3 NOT NULL,
	"checklist" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_settings_single_row" CHECK ("onboarding_settings"."id" = 1),
	CONSTRAINT "onboarding_settings_days_check" CHECK ("onboarding_settings"."target_days" between 1 and 30 and "onboarding_settings"."due_days" between 1 and 30 and "onboarding_settings"."target_days" <= "onboarding_settings"."due_days")
);
--> statement-breakpoint
CREATE TABLE "onboardings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"source" text NOT NULL,
	"charge_id" uuid,
	"opened_on" date NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by_id" text,
	"opened_by_name" text,
	"due_date" date NOT NULL,
	"target_date" date NOT NULL,
	"at_risk_on" date NOT NULL,
	"status" text DEFAULT 'a_fazer' NOT NULL,
	"published_at" timestamp with time zone,
	"published_on" date,
	"published_by_id" text,
	"published_by_name" text,
	"business_days_taken" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboardings_status_check" CHECK ("onboardings"."status" in ('a_fazer', 'em_andamento', 'publicado')),
	CONSTRAINT "onboardings_source_check" CHECK ("onboardings"."source" in ('automatica', 'manual')),
	CONSTRAINT "onboardings_published_check" CHECK (("onboardings"."status" = 'publicado') = ("onboardings"."published_at" is not null)
        and ("onboardings"."published_at" is null or ("onboardings"."published_on" is not null and "onboardings"."business_days_taken" >= 0))),
	CONSTRAINT "onboardings_dates_check" CHECK ("onboardings"."target_date" >= "onboardings"."opened_on" and "onboardings"."due_date" >= "onboardings"."target_date" and "onboardings"."at_risk_on" <= "onboardings"."due_date")
);
--> statement-breakpoint
CREATE TABLE "promise_alerts" (
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promise_alerts_kind_subject_id_pk" PRIMARY KEY("kind","subject_id"),
	CONSTRAINT "promise_alerts_kind_check" CHECK ("promise_alerts"."kind" in ('implantacao.atrasada', 'lead.sem_contato'))
);
--> statement-breakpoint
ALTER TABLE "onboarding_items" ADD CONSTRAINT "onboarding_items_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_items_position_unique" ON "onboarding_items" USING btree ("onboarding_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "onboardings_client_unique" ON "onboardings" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "onboardings_status_due_idx" ON "onboardings" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "onboardings_published_idx" ON "onboardings" USING btree ("published_on") WHERE "onboardings"."published_on" is not null;