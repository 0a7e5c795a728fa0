import { z } from "~/lib/zod";

/** A row id from a URL or form: anything else can match no row, so callers answer "not found". */
export const isId = (id: string) => z.guid().safeParse(id).success;
