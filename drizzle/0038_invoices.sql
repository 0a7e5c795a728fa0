CREATE TABLE "invoice_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"tax_regime" text NOT NULL,
	"municipal_registration" text NOT NULL,
	"subscription_service_item" text NOT NULL,
	"subscription_service_code" text NOT NULL,
	"subscription_service_name" text NOT NULL,
	"activation_service_item" text NOT NULL,
	"activation_service_code" text NOT NULL,
	"activation_service_name" text NOT NULL,
	"iss_rate_bp" integer NOT NULL,
	"iss_withheld" boolean DEFAULT false NOT NULL,
	"pis_rate_bp" integer DEFAULT 0 NOT NULL,
	"cofins_rate_bp" integer DEFAULT 0 NOT NULL,
	"csll_rate_bp" integer DEFAULT 0 NOT NULL,
	"ir_rate_bp" integer DEFAULT 0 NOT NULL,
	"inss_rate_bp" integer DEFAULT 0 NOT NULL,
	"description_template" text NOT NULL,
	"issue_when" text DEFAULT 'pagamento' NOT NULL,
	"ibs_cbs_cst" text,
	"ibs_cbs_classification" text,
	"ibs_cbs_operation_indicator" text,
	"nbs_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_settings_single_row" CHECK ("invoice_settings"."id" = 1),
	CONSTRAINT "invoice_settings_regime_check" CHECK ("invoice_settings"."tax_regime" in ('mei', 'simples_nacional', 'lucro_presumido', 'lucro_real')),
	CONSTRAINT "invoice_settings_issue_when_check" CHECK ("invoice_settings"."issue_when" in ('pagamento', 'vencimento')),
	CONSTRAINT "invoice_settings_rates_check" CHECK ("invoice_settings"."iss_rate_bp" between 0 and 500 and "invoice_settings"."pis_rate_bp" between 0 and 2000
        and "invoice_settings"."cofins_rate_bp" between 0 and 2000 and "invoice_settings"."csll_rate_bp" between 0 and 2000
        and "invoice_settings"."ir_rate_bp" between 0 and 2000 and "invoice_settings"."inss_rate_bp" between 0 and 2000),
	CONSTRAINT "invoice_settings_ibs_cbs_check" CHECK ("invoice_settings"."tax_regime" not in ('lucro_presumido', 'lucro_real')
        or ("invoice_settings"."ibs_cbs_cst" is not null and "invoice_settings"."ibs_cbs_classification" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"provider" text,
	"provider_id" text,
	"status" text DEFAULT 'agendada' NOT NULL,
	"provider_status" text,
	"value_cents" integer NOT NULL,
	"service_description" text NOT NULL,
	"service_code" text NOT NULL,
	"effective_date" date NOT NULL,
	"number" text,
	"validation_code" text,
	"pdf_url" text,
	"xml_url" text,
	"error_reason" text,
	"issued_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('agendada', 'emitida', 'erro', 'cancelada', 'cancelamento_negado')),
	CONSTRAINT "invoices_value_check" CHECK ("invoices"."value_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_charge_unique" ON "invoices" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_unique" ON "invoices" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX "invoices_status_created_idx" ON "invoices" USING btree ("status","created_at" DESC NULLS LAST);