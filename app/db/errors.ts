/**
 * PostgreSQL error codes behind a failed query. Drizzle wraps the driver's error (PGlite and
 * node-postgres alike) in `cause`, so both places are read.
 */
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.cause?.code ?? e?.code;
}

/** A unique index refused the row (e-mail, slug…). */
export const isUniqueViolation = (err: unknown) => pgCode(err) === "23505";

/** A foreign key refused the row (the referenced row is gone). */
export const isForeignKeyViolation = (err: unknown) => pgCode(err) === "23503";
