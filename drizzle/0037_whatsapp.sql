CREATE TABLE "message_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"error_title" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_status_events_status_check" CHECK ("message_status_events"."status" in ('sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"consent_text" text NOT NULL,
	"source" text NOT NULL,
	"source_note" text,
	"recorded_by_id" text,
	"given_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawal_source" text,
	"withdrawn_by_id" text,
	CONSTRAINT "whatsapp_consents_source_check" CHECK ("whatsapp_consents"."source" in ('area_do_cliente', 'admin', 'mensagem_recebida')),
	CONSTRAINT "whatsapp_consents_withdrawal_check" CHECK (("whatsapp_consents"."withdrawn_at" is null) = ("whatsapp_consents"."withdrawal_source" is null)
        and ("whatsapp_consents"."withdrawal_source" is null
          or "whatsapp_consents"."withdrawal_source" in ('area_do_cliente', 'admin', 'mensagem_recebida', 'substituido'))),
	CONSTRAINT "whatsapp_consents_admin_note_check" CHECK ("whatsapp_consents"."source" <> 'admin' or length(trim(coalesce("whatsapp_consents"."source_note", ''))) > 0),
	CONSTRAINT "whatsapp_consents_phone_check" CHECK ("whatsapp_consents"."phone" ~ '^[0-9]{12,13}$')
);
--> statement-breakpoint
CREATE TABLE "whatsapp_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"phone" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "whatsapp_events_kind_check" CHECK ("whatsapp_events"."kind" in ('status', 'inbound', 'template_status'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_template_statuses" (
	"name" text NOT NULL,
	"language" text NOT NULL,
	"template_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_status_check";--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "message_status_events" ADD CONSTRAINT "message_status_events_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD CONSTRAINT "whatsapp_consents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD CONSTRAINT "whatsapp_consents_recorded_by_id_user_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD CONSTRAINT "whatsapp_consents_withdrawn_by_id_user_id_fk" FOREIGN KEY ("withdrawn_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_status_events_unique" ON "message_status_events" USING btree ("message_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_consents_open_unique" ON "whatsapp_consents" USING btree ("client_id") WHERE "whatsapp_consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "whatsapp_consents_phone_open_idx" ON "whatsapp_consents" USING btree ("phone") WHERE "whatsapp_consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "whatsapp_consents_client_idx" ON "whatsapp_consents" USING btree ("client_id","given_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_events_event_unique" ON "whatsapp_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "whatsapp_events_received_idx" ON "whatsapp_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_template_statuses_pk" ON "whatsapp_template_statuses" USING btree ("name","language");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_provider_message_unique" ON "mail_messages" USING btree ("provider_message_id") WHERE "mail_messages"."provider_message_id" is not null;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_channel_check" CHECK ("mail_messages"."channel" in ('email', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('pendente', 'enviado', 'falhou', 'sem_smtp', 'demonstracao', 'entregue', 'lido', 'sem_whatsapp'));