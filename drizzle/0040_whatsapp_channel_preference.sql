ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_status_check";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "message_preference" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "fallback_mail_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_message_preference_check" CHECK ("clients"."message_preference" is null or "clients"."message_preference" in ('ambos', 'email', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('pendente', 'enviado', 'falhou', 'sem_smtp', 'demonstracao', 'entregue', 'lido', 'sem_whatsapp', 'reserva'));