CREATE TABLE "payment_divergences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider" text,
	"provider_payment_id" text DEFAULT '' NOT NULL,
	"expected_cents" integer NOT NULL,
	"received_cents" integer NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"resolved_by_id" text,
	"resolved_by_name" text,
	CONSTRAINT "payment_divergences_kind_check" CHECK ("payment_divergences"."kind" in ('parcial', 'excedente', 'cobranca_cancelada', 'duplicidade', 'pagamento_nao_vinculado')),
	CONSTRAINT "payment_divergences_resolution_check" CHECK (("payment_divergences"."resolved_at" is null) = ("payment_divergences"."resolution" is null)
        and ("payment_divergences"."resolution" is null or "payment_divergences"."resolution" in ('devolvido', 'aplicado', 'quitada', 'sem_acao')))
);
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_status_check";--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_paid_check";--> statement-breakpoint
-- The amount actually paid (it was written only when it equalled the charge's amount).
ALTER TABLE "charges" RENAME COLUMN "amount_paid_cents" TO "paid_amount_cents";--> statement-breakpoint
-- Financeiro's totals now also keep, by due date, what open charges have received in part
-- ("partial"), so "A receber" is what is still owed; "paid" counts every payment, whole or partial.
ALTER TABLE "charge_totals" DROP CONSTRAINT "charge_totals_basis_check";--> statement-breakpoint
ALTER TABLE "charge_totals" ADD CONSTRAINT "charge_totals_basis_check" CHECK ("charge_totals"."basis" in ('due', 'paid', 'partial'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION charge_totals_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'select 1 as sign, * from new_charges'
    WHEN 'DELETE' THEN 'select -1 as sign, * from old_charges'
    ELSE 'select 1 as sign, * from new_charges union all select -1 as sign, * from old_charges' END;
BEGIN
  EXECUTE format($q$
    insert into charge_totals as t (basis, day, status, payment_method, line_kinds, amount_cents, charges)
    select basis, day, status, payment_method, line_kinds, sum(amount), sum(n)
      from (select 'due' as basis, c.due_date as day, c.status, coalesce(c.payment_method, '') as payment_method,
                   c.line_kinds, c.sign * c.amount_cents::bigint as amount, c.sign as n
              from (%1$s) c
            union all
            select 'paid', c.paid_on, c.status, coalesce(c.payment_method, ''), c.line_kinds,
                   c.sign * c.paid_amount_cents::bigint, c.sign
              from (%1$s) c where c.paid_on is not null
            union all
            select 'partial', c.due_date, c.status, coalesce(c.payment_method, ''), c.line_kinds,
                   c.sign * c.paid_amount_cents::bigint, c.sign
              from (%1$s) c where c.paid_on is not null and c.status in ('pendente', 'vencida')) d
     group by 1, 2, 3, 4, 5
    having sum(amount) <> 0 or sum(n) <> 0
     order by 1, 2, 3, 4, 5
    on conflict (basis, day, status, payment_method, line_kinds) do update
      set amount_cents = t.amount_cents + excluded.amount_cents, charges = t.charges + excluded.charges$q$, src);
  RETURN NULL;
END;
$$;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "payment_source" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "provider_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_divergences" ADD CONSTRAINT "payment_divergences_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_divergences_unique" ON "payment_divergences" USING btree ("charge_id","kind","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payment_divergences_open_idx" ON "payment_divergences" USING btree ("detected_at","id") WHERE "payment_divergences"."resolved_at" is null;--> statement-breakpoint
-- Who recorded the payments made so far: the provider when a provider that confirms payments
-- has the charge, otherwise an admin.
UPDATE "charges" SET "payment_source" = CASE WHEN "provider" IS NOT NULL AND "provider" <> 'pix-estatico'
    THEN 'provedor' ELSE 'manual' END
  WHERE "paid_on" IS NOT NULL;--> statement-breakpoint
-- What the provider's payment holds is what we sent it: the amount at creation or last update.
UPDATE "charges" SET "provider_amount_cents" = "amount_cents" WHERE "provider_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payment_source_check" CHECK ("charges"."payment_source" is null or "charges"."payment_source" in ('manual', 'provedor'));--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_status_check" CHECK ("charges"."status" in ('pendente', 'paga', 'vencida', 'cancelada', 'estornada', 'contestada'));--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_paid_check" CHECK (("charges"."paid_on" is null) = ("charges"."paid_amount_cents" is null)
        and ("charges"."paid_on" is null or ("charges"."payment_method" is not null and "charges"."payment_source" is not null and "charges"."paid_amount_cents" > 0))
        and ("charges"."status" <> 'paga' or ("charges"."paid_on" is not null and "charges"."paid_amount_cents" >= "charges"."amount_cents"))
        and ("charges"."status" in ('paga', 'pendente', 'vencida') or "charges"."paid_on" is null)
        and ("charges"."status" not in ('pendente', 'vencida') or "charges"."paid_on" is null or "charges"."paid_amount_cents" < "charges"."amount_cents"));--> statement-breakpoint
-- The charge's state machine (app/modules/billing/charge-state.ts), enforced for every writer.
CREATE FUNCTION charge_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ((OLD.status = 'pendente' AND NEW.status IN ('paga', 'vencida', 'cancelada'))
       OR (OLD.status = 'vencida' AND NEW.status IN ('paga', 'cancelada'))
       OR (OLD.status = 'paga' AND NEW.status IN ('estornada', 'contestada'))
       OR (OLD.status = 'estornada' AND NEW.status = 'paga')
       OR (OLD.status = 'contestada' AND NEW.status IN ('paga', 'cancelada'))) THEN
    RAISE EXCEPTION 'transição de cobrança recusada: % → %', OLD.status, NEW.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'charges_status_transition';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER charges_status_transition BEFORE UPDATE OF status ON "charges"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION charge_status_transition();--> statement-breakpoint
DELETE FROM "charge_totals";--> statement-breakpoint
INSERT INTO "charge_totals" (basis, day, status, payment_method, line_kinds, amount_cents, charges)
  SELECT 'due', due_date, status, coalesce(payment_method, ''), line_kinds, sum(amount_cents), count(*)
    FROM "charges" GROUP BY 2, 3, 4, 5
  UNION ALL
  SELECT 'paid', paid_on, status, coalesce(payment_method, ''), line_kinds, sum(paid_amount_cents), count(*)
    FROM "charges" WHERE paid_on IS NOT NULL GROUP BY 2, 3, 4, 5
  UNION ALL
  SELECT 'partial', due_date, status, coalesce(payment_method, ''), line_kinds, sum(paid_amount_cents), count(*)
    FROM "charges" WHERE paid_on IS NOT NULL AND status IN ('pendente', 'vencida') GROUP BY 2, 3, 4, 5;