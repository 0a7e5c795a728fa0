CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pix_key" text,
	"pix_name" text,
	"pix_city" text,
	"pix_key_is_demo" boolean DEFAULT false NOT NULL,
	"renewal_days_before" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_single_row" CHECK ("billing_settings"."id" = 1),
	CONSTRAINT "billing_settings_days_check" CHECK ("billing_settings"."renewal_days_before" between 1 and 60),
	CONSTRAINT "billing_settings_pix_name_check" CHECK ("billing_settings"."pix_name" is null or length("billing_settings"."pix_name") <= 25),
	CONSTRAINT "billing_settings_pix_city_check" CHECK ("billing_settings"."pix_city" is null or length("billing_settings"."pix_city") <= 15)
);
--> statement-breakpoint
CREATE TABLE "charge_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "charge_lines_kind_check" CHECK ("charge_lines"."kind" in ('mensalidade', 'ativação', 'avulsa')),
	CONSTRAINT "charge_lines_amount_check" CHECK ("charge_lines"."amount_cents" >= 0),
	CONSTRAINT "charge_lines_description_check" CHECK (length(btrim("charge_lines"."description")) > 0)
);
--> statement-breakpoint
CREATE TABLE "charge_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "charge_number_counters_last_check" CHECK ("charge_number_counters"."last" >= 0)
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"client_id" uuid NOT NULL,
	"subscription_id" uuid,
	"origin" text NOT NULL,
	"period_start" date,
	"period_end" date,
	"due_date" date NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"extends_subscription" boolean DEFAULT false NOT NULL,
	"extended_at" timestamp with time zone,
	"paid_on" date,
	"amount_paid_cents" integer,
	"payment_method" text,
	"payment_recorded_at" timestamp with time zone,
	"provider" text,
	"provider_id" text,
	"pix_txid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_number_unique" UNIQUE("number"),
	CONSTRAINT "charges_status_check" CHECK ("charges"."status" in ('pendente', 'paga', 'vencida', 'cancelada')),
	CONSTRAINT "charges_origin_check" CHECK ("charges"."origin" in ('assinatura', 'avulsa')),
	CONSTRAINT "charges_method_check" CHECK ("charges"."payment_method" is null or "charges"."payment_method" in ('pix', 'boleto', 'cartão', 'dinheiro', 'transferência')),
	CONSTRAINT "charges_number_format" CHECK ("charges"."number" ~ '^[0-9]{4}-[0-9]{6,}$'),
	CONSTRAINT "charges_amounts_check" CHECK ("charges"."subtotal_cents" >= 0 and "charges"."discount_cents" >= 0 and "charges"."amount_cents" = "charges"."subtotal_cents" - "charges"."discount_cents" and "charges"."amount_cents" >= 0),
	CONSTRAINT "charges_period_check" CHECK (("charges"."period_start" is null) = ("charges"."period_end" is null)
      and ("charges"."period_end" is null or "charges"."period_end" >= "charges"."period_start")),
	CONSTRAINT "charges_subscription_period_check" CHECK ("charges"."origin" <> 'assinatura' or "charges"."period_start" is not null),
	CONSTRAINT "charges_cancel_check" CHECK (("charges"."status" = 'cancelada') = ("charges"."cancel_reason" is not null)),
	CONSTRAINT "charges_paid_check" CHECK (("charges"."status" = 'paga') = ("charges"."paid_on" is not null)
        and ("charges"."paid_on" is null or ("charges"."amount_paid_cents" is not null and "charges"."payment_method" is not null)))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "document" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "no_billing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "charge_lines" ADD CONSTRAINT "charge_lines_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charge_lines_position_unique" ON "charge_lines" USING btree ("charge_id","position");--> statement-breakpoint
CREATE INDEX "charge_lines_kind_idx" ON "charge_lines" USING btree ("kind","charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_subscription_period_unique" ON "charges" USING btree ("subscription_id","period_start") WHERE "charges"."origin" = 'assinatura';--> statement-breakpoint
CREATE UNIQUE INDEX "charges_provider_unique" ON "charges" USING btree ("provider","provider_id") WHERE "charges"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "charges_due_idx" ON "charges" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "charges_status_due_idx" ON "charges" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "charges_client_due_idx" ON "charges" USING btree ("client_id","due_date","id");--> statement-breakpoint
CREATE INDEX "charges_method_due_idx" ON "charges" USING btree ("payment_method","due_date","id");--> statement-breakpoint
CREATE INDEX "charges_paid_on_idx" ON "charges" USING btree ("paid_on","id") WHERE "charges"."paid_on" is not null;--> statement-breakpoint
CREATE INDEX "charges_created_idx" ON "charges" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "charges_amount_idx" ON "charges" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "charges_subscription_idx" ON "charges" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "clients_document_idx" ON "clients" USING btree ("document");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_document_check" CHECK ("clients"."document" is null or "clients"."document" ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$');