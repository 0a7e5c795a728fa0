CREATE TABLE "revenue_client_days" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"movement" text NOT NULL,
	"cents" bigint NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "revenue_client_days_client_id_day_movement_pk" PRIMARY KEY("client_id","day","movement")
);
--> statement-breakpoint
CREATE TABLE "revenue_days" (
	"day" date NOT NULL,
	"movement" text NOT NULL,
	"cents" bigint NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "revenue_days_day_movement_pk" PRIMARY KEY("day","movement")
);
--> statement-breakpoint
CREATE TABLE "revenue_months" (
	"month" date NOT NULL,
	"movement" text NOT NULL,
	"cents" bigint NOT NULL,
	"clients" integer NOT NULL,
	CONSTRAINT "revenue_months_month_movement_pk" PRIMARY KEY("month","movement")
);
--> statement-breakpoint
CREATE INDEX "revenue_client_days_day_idx" ON "revenue_client_days" USING btree ("movement","day");--> statement-breakpoint
-- Classifies again every movement of the given clients from all their events (the rules of
-- revenue.server.ts: a client's MRR before and after each event decides novo, reativação,
-- expansão, contração or churn) and moves revenue_days and revenue_months by the difference.
CREATE FUNCTION revenue_recompute(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Out with the clients' old movements (a deleted client's included).
  WITH old AS (
    DELETE FROM revenue_client_days d WHERE d.client_id = ANY(ids)
    RETURNING d.client_id, d.day, d.movement, d.cents, d.events
  ), by_day AS (
    INSERT INTO revenue_days AS t (day, movement, cents, events)
    SELECT day, movement, -sum(cents), -sum(events)::int FROM old GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, movement) DO UPDATE SET cents = t.cents + excluded.cents, events = t.events + excluded.events
    RETURNING 1
  )
  INSERT INTO revenue_months AS t (month, movement, cents, clients)
  SELECT month, movement, sum(cents), -count(*)::int
    FROM (SELECT client_id, date_trunc('month', day)::date AS month, movement, -sum(cents) AS cents
            FROM old GROUP BY 1, 2, 3) m
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, movement) DO UPDATE SET cents = t.cents + excluded.cents, clients = t.clients + excluded.clients;

  -- In with the movements their events make now.
  WITH r AS (
    SELECT e.client_id, e.effective_on, e.created_at, e.id, e.mrr_after_cents - e.mrr_before_cents AS d,
           sum(e.mrr_after_cents - e.mrr_before_cents)
             OVER (PARTITION BY e.client_id ORDER BY e.effective_on, e.created_at, e.id) AS after_c
      FROM subscription_events e WHERE e.client_id = ANY(ids)
  ), h AS (
    SELECT r.*, r.after_c - r.d AS before_c,
           coalesce(max(r.after_c) OVER (PARTITION BY r.client_id ORDER BY r.effective_on, r.created_at, r.id
                                         ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) > 0 AS had_before
      FROM r
  ), fresh AS (
    INSERT INTO revenue_client_days (client_id, day, movement, cents, events)
    SELECT client_id, effective_on,
           CASE WHEN before_c = 0 AND after_c > 0 THEN CASE WHEN had_before THEN 'reativacao' ELSE 'novo' END
                WHEN before_c > 0 AND after_c = 0 THEN 'churn'
                WHEN d > 0 THEN 'expansao'
                ELSE 'contracao' END,
           sum(abs(d)), count(*)::int
      FROM h WHERE d <> 0 GROUP BY 1, 2, 3
    RETURNING client_id, day, movement, cents, events
  ), by_day AS (
    INSERT INTO revenue_days AS t (day, movement, cents, events)
    SELECT day, movement, sum(cents), sum(events)::int FROM fresh GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, movement) DO UPDATE SET cents = t.cents + excluded.cents, events = t.events + excluded.events
    RETURNING 1
  )
  INSERT INTO revenue_months AS t (month, movement, cents, clients)
  SELECT month, movement, sum(cents), count(*)::int
    FROM (SELECT client_id, date_trunc('month', day)::date AS month, movement, sum(cents) AS cents
            FROM fresh GROUP BY 1, 2, 3) m
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, movement) DO UPDATE SET cents = t.cents + excluded.cents, clients = t.clients + excluded.clients;
END;
$$;--> statement-breakpoint
CREATE FUNCTION revenue_events_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'select client_id from new_events'
    WHEN 'DELETE' THEN 'select client_id from old_events'
    ELSE 'select client_id from new_events union select client_id from old_events' END;
  ids uuid[];
BEGIN
  EXECUTE format('select array_agg(distinct client_id order by client_id) from (%s) x', src) INTO ids;
  IF ids IS NOT NULL THEN
    PERFORM revenue_recompute(ids);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER revenue_events_insert AFTER INSERT ON "subscription_events"
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION revenue_events_sync();--> statement-breakpoint
CREATE TRIGGER revenue_events_update AFTER UPDATE ON "subscription_events"
  REFERENCING NEW TABLE AS new_events OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION revenue_events_sync();--> statement-breakpoint
CREATE TRIGGER revenue_events_delete AFTER DELETE ON "subscription_events"
  REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION revenue_events_sync();--> statement-breakpoint
-- "MRR em risco" looks up each subscription's latest suspension or return.
CREATE INDEX "subscription_events_suspension_idx" ON "subscription_events" ("subscription_id", "effective_on", "created_at")
  WHERE kind IN ('suspensao', 'reativacao');--> statement-breakpoint
SELECT revenue_recompute(array(SELECT DISTINCT client_id FROM subscription_events));
