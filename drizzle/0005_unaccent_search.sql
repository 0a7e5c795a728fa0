-- custom: accent-insensitive search (issue 17 item 7). `unaccent()` is only STABLE (its dictionary
-- could change), so an index expression cannot use it: this IMMUTABLE wrapper names the dictionary
-- explicitly, the documented way to index unaccented text. The next migration rebuilds the
-- name-like trigram indexes on immutable_unaccent(column).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
