CREATE TABLE "client_email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_email_changes_client_unique" UNIQUE("client_id"),
	CONSTRAINT "client_email_changes_token_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "client_email_changes" ADD CONSTRAINT "client_email_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Pending e-mail changes used to be rows of better-auth's verification table (value {"clientId":…,"newEmail":…}): their links stop working here, and the rows, which name the new address, go.
DELETE FROM "verification" WHERE "value" LIKE '{"clientId":%';
