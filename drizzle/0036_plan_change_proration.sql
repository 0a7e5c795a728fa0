CREATE TABLE "client_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"subscription_id" uuid,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_credits_amount_check" CHECK ("client_credits"."amount_cents" > 0),
	CONSTRAINT "client_credits_description_check" CHECK (length(btrim("client_credits"."description")) > 0)
);
--> statement-breakpoint
ALTER TABLE "charge_lines" DROP CONSTRAINT "charge_lines_kind_check";--> statement-breakpoint
ALTER TABLE "charge_lines" DROP CONSTRAINT "charge_lines_amount_check";--> statement-breakpoint
ALTER TABLE "client_requests" ALTER COLUMN "reason" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "charge_lines" ADD COLUMN "credit_id" uuid;--> statement-breakpoint
ALTER TABLE "client_credits" ADD CONSTRAINT "client_credits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_credits" ADD CONSTRAINT "client_credits_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_credits_client_idx" ON "client_credits" USING btree ("client_id","created_at");--> statement-breakpoint
ALTER TABLE "charge_lines" ADD CONSTRAINT "charge_lines_credit_id_client_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."client_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charge_lines_credit_unique" ON "charge_lines" USING btree ("charge_id","credit_id") WHERE "charge_lines"."credit_id" is not null;--> statement-breakpoint
CREATE INDEX "charge_lines_credit_idx" ON "charge_lines" USING btree ("credit_id") WHERE "charge_lines"."credit_id" is not null;--> statement-breakpoint
ALTER TABLE "charge_lines" ADD CONSTRAINT "charge_lines_kind_check" CHECK ("charge_lines"."kind" in ('mensalidade', 'ativação', 'avulsa', 'ajuste', 'crédito'));--> statement-breakpoint
ALTER TABLE "charge_lines" ADD CONSTRAINT "charge_lines_amount_check" CHECK (case when "charge_lines"."kind" = 'crédito' then "charge_lines"."amount_cents" < 0 and "charge_lines"."credit_id" is not null
               else "charge_lines"."amount_cents" >= 0 and "charge_lines"."credit_id" is null end);--> statement-breakpoint
-- A charge's line kinds as bits, now with the prorated difference (ajuste 8) and a credit taken off
-- (crédito 16): 0021's function counted every kind past the first two as avulsa.
CREATE OR REPLACE FUNCTION charge_line_kinds_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'select charge_id from new_lines'
    WHEN 'DELETE' THEN 'select charge_id from old_lines'
    ELSE 'select charge_id from new_lines union select charge_id from old_lines' END;
BEGIN
  EXECUTE format($q$
    update charges c set line_kinds = coalesce(k.kinds, 0)
      from (select t.charge_id,
                   (select bit_or(case l.kind when 'mensalidade' then 1 when 'ativação' then 2 when 'avulsa' then 4
                                              when 'ajuste' then 8 when 'crédito' then 16 end)::smallint
                      from charge_lines l where l.charge_id = t.charge_id) as kinds
              from (%s) t) k
     where c.id = k.charge_id and c.line_kinds is distinct from coalesce(k.kinds, 0)$q$, src);
  RETURN NULL;
END;
$$;
