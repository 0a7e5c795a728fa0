import type { Actor } from "~/modules/audit/audit.server";
import type { FormSubmitResult } from "~/lib/form-reply";
import { log } from "~/server/logging/logger.server";
import { fieldErrors, formToObject } from "~/lib/validation";
import { CLIENT_MESSAGES, ClientSchema } from "./clients.schema";
import {
  ClientEmailTakenError,
  createClient,
  PlanNotFoundError,
  updateClient,
  type Client,
} from "./clients.server";
import { today } from "~/server/clock.server";

const FIELDS = ["name", "email", "phone", "businessName", "document", "planId", "status"] as const;

export type ClientFormValues = Record<(typeof FIELDS)[number], string>;
export type ClientFormResult = FormSubmitResult<Client, ClientFormValues>;

/**
 * The client form's submit, shared by /admin/clients/new and /admin/clients/edit/{id}:
 * validates, saves, and turns every refusal into field errors plus the spec's toast, keeping
 * what the user typed.
 */
export async function submitClientForm({
  form,
  id,
  actor = null,
}: {
  form: FormData;
  id?: string;
  actor?: Actor | null;
}): Promise<ClientFormResult> {
  const raw = formToObject(form);
  const values = Object.fromEntries(FIELDS.map((k) => [k, (raw[k] ?? "").slice(0, 300)])) as ClientFormValues;
  const failed = id ? CLIENT_MESSAGES.updateFailed : CLIENT_MESSAGES.createFailed;
  const parsed = ClientSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      fieldErrors: fieldErrors(parsed.error),
      formError: null,
      toast: null,
      values,
    };
  }
  if (!id && parsed.data.planId === null) {
    // "Sem plano" is for clients that came from a lead; the spec's new-client form needs a plan.
    return {
      ok: false,
      status: 400,
      fieldErrors: { planId: CLIENT_MESSAGES.planRequired },
      formError: null,
      toast: null,
      values,
    };
  }
  try {
    if (id) {
      const client = await updateClient({ id, input: parsed.data, actor });
      return client ? { ok: true, saved: client } : { ok: false, notFound: true };
    }
    return { ok: true, saved: await createClient({ input: parsed.data, today: today(), actor }) };
  } catch (err) {
    if (err instanceof ClientEmailTakenError) {
      return {
        ok: false,
        status: 409,
        fieldErrors: { email: CLIENT_MESSAGES.emailTaken },
        formError: null,
        toast: failed,
        values,
      };
    }
    if (err instanceof PlanNotFoundError) {
      return {
        ok: false,
        status: 400,
        fieldErrors: { planId: CLIENT_MESSAGES.planRequired },
        formError: null,
        toast: failed,
        values,
      };
    }
    log.error({ err }, id ? "client update failed" : "client create failed");
    return { ok: false, status: 500, fieldErrors: {}, formError: failed, toast: failed, values };
  }
}
