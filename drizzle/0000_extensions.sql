-- Case-insensitive contains-search (ILIKE %q%) is served by GIN trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
