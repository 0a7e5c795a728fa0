CREATE TABLE "onboarding_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_answers_kind_check" CHECK ("onboarding_answers"."kind" in ('horarios', 'entrega', 'pix', 'observacao'))
);
--> statement-breakpoint
CREATE TABLE "onboarding_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"step" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_files_step_check" CHECK ("onboarding_files"."step" in ('cardapio', 'logo')),
	CONSTRAINT "onboarding_files_mime_check" CHECK ("onboarding_files"."mime" in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "onboarding_files_size_check" CHECK ("onboarding_files"."size_bytes" between 1 and 10485760 and "onboarding_files"."size_bytes" = octet_length("onboarding_files"."content"))
);
--> statement-breakpoint
ALTER TABLE "onboarding_items" ADD COLUMN "client_step" text;--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD CONSTRAINT "onboarding_answers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_files" ADD CONSTRAINT "onboarding_files_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_answers_client_kind_unique" ON "onboarding_answers" USING btree ("client_id","kind");--> statement-breakpoint
CREATE INDEX "onboarding_files_client_idx" ON "onboarding_files" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_items_client_step_unique" ON "onboarding_items" USING btree ("onboarding_id","client_step");--> statement-breakpoint
ALTER TABLE "onboarding_items" ADD CONSTRAINT "onboarding_items_client_step_check" CHECK ("onboarding_items"."client_step" is null or "onboarding_items"."client_step" in ('cardapio', 'logo', 'horarios', 'entrega', 'pix'));--> statement-breakpoint
-- Open onboardings get the client's steps (decision 041): the template's "Cardápio recebido"
-- becomes the menu step, the others are added after the last item. Published ones do not change.
UPDATE "onboarding_items" SET "client_step" = 'cardapio'
WHERE "id" IN (
  SELECT DISTINCT ON (i."onboarding_id") i."id"
  FROM "onboarding_items" i JOIN "onboardings" o ON o."id" = i."onboarding_id"
  WHERE o."status" <> 'publicado' AND i."label" = 'Cardápio recebido'
  ORDER BY i."onboarding_id", i."position"
);--> statement-breakpoint
INSERT INTO "onboarding_items" ("onboarding_id", "position", "label", "client_step")
SELECT o."id",
       (SELECT coalesce(max(x."position"), 0) FROM "onboarding_items" x WHERE x."onboarding_id" = o."id") + s.n,
       s.label, s.step
FROM "onboardings" o
CROSS JOIN (VALUES
  (1, 'cardapio', 'Cardápio recebido'),
  (2, 'logo', 'Logo recebido'),
  (3, 'horarios', 'Horários de funcionamento recebidos'),
  (4, 'entrega', 'Áreas e taxas de entrega recebidas'),
  (5, 'pix', 'Chave PIX do restaurante recebida')
) AS s(n, step, label)
WHERE o."status" <> 'publicado'
  AND NOT EXISTS (
    SELECT 1 FROM "onboarding_items" y WHERE y."onboarding_id" = o."id" AND y."client_step" = s.step
  );
