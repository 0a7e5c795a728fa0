CREATE TABLE "charge_totals" (
	"basis" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"line_kinds" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"charges" integer NOT NULL,
	CONSTRAINT "charge_totals_basis_day_status_payment_method_line_kinds_pk" PRIMARY KEY("basis","day","status","payment_method","line_kinds"),
	CONSTRAINT "charge_totals_basis_check" CHECK ("charge_totals"."basis" in ('due', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "line_kinds" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill: each charge's line kinds as bits, then the totals of every existing charge.
UPDATE "charges" c SET "line_kinds" = k.kinds
  FROM (SELECT charge_id, bit_or(CASE kind WHEN 'mensalidade' THEN 1 WHEN 'ativação' THEN 2 ELSE 4 END)::smallint AS kinds
        FROM "charge_lines" GROUP BY charge_id) k
  WHERE k.charge_id = c.id;--> statement-breakpoint
INSERT INTO "charge_totals" (basis, day, status, payment_method, line_kinds, amount_cents, charges)
  SELECT 'due', due_date, status, coalesce(payment_method, ''), line_kinds, sum(amount_cents), count(*)
    FROM "charges" GROUP BY 2, 3, 4, 5
  UNION ALL
  SELECT 'paid', paid_on, status, coalesce(payment_method, ''), line_kinds, sum(amount_paid_cents), count(*)
    FROM "charges" WHERE status = 'paga' AND paid_on IS NOT NULL GROUP BY 2, 3, 4, 5;--> statement-breakpoint
-- A charge's line kinds follow its lines. Statement level: one update per statement, however many
-- lines it wrote (the renewal batch and the bench seed write thousands at once).
CREATE FUNCTION charge_line_kinds_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'select charge_id from new_lines'
    WHEN 'DELETE' THEN 'select charge_id from old_lines'
    ELSE 'select charge_id from new_lines union select charge_id from old_lines' END;
BEGIN
  EXECUTE format($q$
    update charges c set line_kinds = coalesce(k.kinds, 0)
      from (select t.charge_id,
                   (select bit_or(case l.kind when 'mensalidade' then 1 when 'ativação' then 2 else 4 end)::smallint
                      from charge_lines l where l.charge_id = t.charge_id) as kinds
              from (%s) t) k
     where c.id = k.charge_id and c.line_kinds is distinct from coalesce(k.kinds, 0)$q$, src);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER charge_line_kinds_insert AFTER INSERT ON "charge_lines"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION charge_line_kinds_sync();--> statement-breakpoint
CREATE TRIGGER charge_line_kinds_update AFTER UPDATE ON "charge_lines"
  REFERENCING NEW TABLE AS new_lines OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION charge_line_kinds_sync();--> statement-breakpoint
CREATE TRIGGER charge_line_kinds_delete AFTER DELETE ON "charge_lines"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION charge_line_kinds_sync();--> statement-breakpoint
-- The totals follow every change of a charge, in its transaction, whichever code path makes it.
-- Old rows count negatively and new rows positively; keys whose net change is nil are skipped
-- (an update of updated_at alone writes nothing), and keys are upserted in a fixed order so two
-- transactions lock shared total rows in the same order.
CREATE FUNCTION charge_totals_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
                   c.sign * c.amount_paid_cents::bigint, c.sign
              from (%1$s) c where c.status = 'paga' and c.paid_on is not null) d
     group by 1, 2, 3, 4, 5
    having sum(amount) <> 0 or sum(n) <> 0
     order by 1, 2, 3, 4, 5
    on conflict (basis, day, status, payment_method, line_kinds) do update
      set amount_cents = t.amount_cents + excluded.amount_cents, charges = t.charges + excluded.charges$q$, src);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER charge_totals_insert AFTER INSERT ON "charges"
  REFERENCING NEW TABLE AS new_charges FOR EACH STATEMENT EXECUTE FUNCTION charge_totals_sync();--> statement-breakpoint
CREATE TRIGGER charge_totals_update AFTER UPDATE ON "charges"
  REFERENCING NEW TABLE AS new_charges OLD TABLE AS old_charges FOR EACH STATEMENT EXECUTE FUNCTION charge_totals_sync();--> statement-breakpoint
CREATE TRIGGER charge_totals_delete AFTER DELETE ON "charges"
  REFERENCING OLD TABLE AS old_charges FOR EACH STATEMENT EXECUTE FUNCTION charge_totals_sync();
