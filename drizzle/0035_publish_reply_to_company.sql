CREATE TABLE "held_receipt_mails" (
	"charge_id" uuid PRIMARY KEY NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "company_legal_name" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "company_cnpj" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "company_address" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "company_district" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "company_city" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "company_uf" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "company_cep" text;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "menu_url" text;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "android_url" text;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "ios_url" text;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "open_steps_at_publish" integer;--> statement-breakpoint
ALTER TABLE "held_receipt_mails" ADD CONSTRAINT "held_receipt_mails_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Publications before this one: a published checklist no longer changes, so its open items now are the ones open when it was published.
UPDATE "onboardings" o SET "open_steps_at_publish" = (SELECT count(*) FROM "onboarding_items" i WHERE i."onboarding_id" = o."id" AND i."done_at" IS NULL) WHERE o."status" = 'publicado';
