ALTER TABLE "clients" ADD COLUMN "address_cep" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_number" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_complement" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_district" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_city_ibge" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_uf" text;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_address_cep_check" CHECK ("clients"."address_cep" is null or "clients"."address_cep" ~ '^[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_address_city_ibge_check" CHECK ("clients"."address_city_ibge" is null or "clients"."address_city_ibge" ~ '^[0-9]{7}$');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_address_uf_check" CHECK ("clients"."address_uf" is null or "clients"."address_uf" ~ '^[A-Z]{2}$');