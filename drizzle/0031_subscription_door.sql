ALTER TABLE "subscription_events" DROP CONSTRAINT "subscription_events_kind_check";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD COLUMN "subscription_version" integer;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_kind_check" CHECK ("subscription_events"."kind" in ('inicio', 'troca_plano', 'troca_renovacao', 'suspensao', 'reativacao', 'cancelamento', 'fim', 'renovacao'));--> statement-breakpoint
-- Issue 44: a subscription whose plan, status, dates, renewal or billing changes must say so in
-- its history. The change bumps `version` (refused otherwise), and by the end of the transaction an
-- event of that version must exist (a deferred check, so the row and its event can be written in
-- either order). Receita is built from the history: a path that forgot it once left converted
-- clients out of MRR.
CREATE OR REPLACE FUNCTION subscription_version_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version = OLD.version
     AND (NEW.plan_id, NEW.status, NEW.start_date, NEW.end_date, NEW.cancel_at, NEW.renewal_type, NEW.no_billing)
         IS DISTINCT FROM
         (OLD.plan_id, OLD.status, OLD.start_date, OLD.end_date, OLD.cancel_at, OLD.renewal_type, OLD.no_billing) THEN
    RAISE EXCEPTION 'subscription % changed without its history event', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'subscription_history_guard';
  END IF;
  IF NEW.version <> OLD.version AND NEW.version <> OLD.version + 1 THEN
    RAISE EXCEPTION 'subscription % skipped a version', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'subscription_history_guard';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER subscription_version_guard BEFORE UPDATE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscription_version_guard();--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscription_history_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Checked at commit: a row deleted or changed again since is checked by its own later firing.
  IF EXISTS (SELECT 1 FROM subscriptions WHERE id = NEW.id AND version = NEW.version)
     AND NOT EXISTS (SELECT 1 FROM subscription_events
                      WHERE subscription_id = NEW.id AND subscription_version = NEW.version) THEN
    RAISE EXCEPTION 'subscription % version % has no history event', NEW.id, NEW.version
      USING ERRCODE = 'check_violation', CONSTRAINT = 'subscription_history_guard';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER subscription_history_on_insert AFTER INSERT ON subscriptions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION subscription_history_guard();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER subscription_history_on_update AFTER UPDATE ON subscriptions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.version <> OLD.version)
  EXECUTE FUNCTION subscription_history_guard();--> statement-breakpoint
-- Subscriptions that some path created without their start (a lead's conversion did): their start
-- at the plan's current price, as migration 0016 backfilled, and their end if they ended.
INSERT INTO subscription_events (client_id, subscription_id, kind, effective_on, mrr_before_cents, mrr_after_cents, plan_after_id, renewal_type, subscription_version)
SELECT s.client_id, s.id, 'inicio', s.start_date, 0, CASE WHEN s.no_billing THEN 0 ELSE p.price_cents END, s.plan_id, s.renewal_type, s.version
  FROM subscriptions s JOIN plans p ON p.id = s.plan_id
 WHERE NOT EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = s.id);--> statement-breakpoint
INSERT INTO subscription_events (client_id, subscription_id, kind, effective_on, mrr_before_cents, mrr_after_cents, plan_before_id, renewal_type)
SELECT s.client_id, s.id, 'fim', least(s.end_date, (now() AT TIME ZONE 'America/Sao_Paulo')::date), e.mrr_after_cents, 0, s.plan_id, s.renewal_type
  FROM subscriptions s JOIN subscription_events e ON e.subscription_id = s.id AND e.kind = 'inicio' AND e.subscription_version = s.version
 WHERE s.status NOT IN ('ativa', 'suspensa') AND e.mrr_after_cents > 0
   AND NOT EXISTS (SELECT 1 FROM subscription_events x WHERE x.subscription_id = s.id AND x.kind <> 'inicio');
