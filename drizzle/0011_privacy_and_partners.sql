CREATE TABLE "payout_items" (
	"payout_id" uuid NOT NULL,
	"referral_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"representative_id" uuid,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"amount_cents" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	CONSTRAINT "payouts_method_check" CHECK ("payouts"."method" in ('pix', 'transferencia')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" text,
	"contact_email" text,
	"privacy_policy" text,
	"terms_of_use" text,
	"lead_retention_months" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_settings_single_row" CHECK ("privacy_settings"."id" = 1),
	CONSTRAINT "privacy_settings_retention_check" CHECK ("privacy_settings"."lead_retention_months" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "commission_cents" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "privacy_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "plan_name" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "representatives" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "representatives" ADD COLUMN "pix_key_type" text;--> statement-breakpoint
ALTER TABLE "representatives" ADD COLUMN "pix_key" text;--> statement-breakpoint
ALTER TABLE "representatives" ADD COLUMN "document" text;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_representative_id_representatives_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."representatives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_cancelled_by_user_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_items_payout_idx" ON "payout_items" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_active_referral_unique" ON "payout_items" USING btree ("referral_id") WHERE "payout_items"."active";--> statement-breakpoint
CREATE INDEX "payouts_rep_created_idx" ON "payouts" USING btree ("representative_id","created_at");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_commission_check" CHECK ("plans"."commission_cents" >= 0);--> statement-breakpoint
ALTER TABLE "representatives" ADD CONSTRAINT "representatives_pix_key_type_check" CHECK ("representatives"."pix_key_type" is null or "representatives"."pix_key_type" in ('cpf', 'cnpj', 'email', 'telefone', 'aleatoria'));--> statement-breakpoint
-- custom: backfill (issue 14). Each plan's commission follows the spec's rule (name contains
-- "básico", ignoring case and accents → R$ 50,00; otherwise R$ 100,00). Each existing referral
-- snapshots its plan's name and commission; an amount already fixed at completion is kept.
UPDATE "plans" SET "commission_cents" = CASE WHEN immutable_unaccent(lower("name")) LIKE '%basico%' THEN 5000 ELSE 10000 END;--> statement-breakpoint
UPDATE "referrals" AS r SET "plan_name" = p."name", "commission_cents" = coalesce(r."commission_cents", p."commission_cents") FROM "plans" AS p WHERE p."id" = r."plan_id" AND r."plan_name" IS NULL;--> statement-breakpoint
UPDATE "referrals" SET "commission_cents" = 10000 WHERE "commission_cents" IS NULL;--> statement-breakpoint
UPDATE "referrals" SET "completed_at" = "updated_at" WHERE "status" = 'concluido';
