import type { z } from "zod";
import { replyError, replyInvalid, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { parseForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

/**
 * The save action of a Configurações page, one way for all: read the form, validate it with the
 * page's schema (a refusal keeps what was typed, each field cut to `maxLength`, and says the
 * page's error in a toast), save, and go back to the page with its "saved" toast. A failing save
 * is logged and answers the page's error; nothing was changed.
 */
export async function saveSettingsForm<S extends z.ZodType>(
  request: Request,
  page: {
    schema: S;
    fields: readonly string[];
    maxLength: number;
    path: string;
    saved: string;
    error: string;
    save: (input: z.infer<S>) => Promise<unknown>;
  },
) {
  const form = await parseForm(request, page.schema, (errors, raw) => {
    const values = Object.fromEntries(
      page.fields.map((k) => [k, String(raw[k] ?? "").slice(0, page.maxLength)]),
    );
    return replyInvalid(errors, { values, toast: toast.error(page.error) });
  });
  if (!form.ok) return form.reply;
  try {
    await page.save(form.data);
  } catch (err) {
    log.error({ err, path: page.path }, "settings save failed");
    return replyError(page.error, { toastOnly: true });
  }
  return redirectWithToast(page.path, "success", page.saved);
}
