ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_status_check";--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('pendente', 'enviado', 'falhou', 'sem_smtp', 'demonstracao'));--> statement-breakpoint
-- Issue 44: a suspension is churn in Receita. Subscriptions suspended today were recorded under
-- the old rule (MRR kept, "em risco"): their suspension now takes the MRR to 0 from its day, so a
-- later payment brings it back as a reactivation. The rollup trigger reclassifies their clients.
UPDATE subscription_events e SET mrr_after_cents = 0
  FROM subscriptions s
 WHERE e.subscription_id = s.id AND s.status = 'suspensa' AND e.kind = 'suspensao'
   AND e.id = (SELECT x.id FROM subscription_events x
                WHERE x.subscription_id = s.id AND x.kind IN ('suspensao', 'reativacao')
                ORDER BY x.effective_on DESC, x.created_at DESC, x.id DESC LIMIT 1);
