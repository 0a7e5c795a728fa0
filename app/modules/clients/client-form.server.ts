import type { Actor } from "~/modules/audit/index.server";
import type { FormSubmitResult } from "~/lib/form-reply";
import { log } from "~/server/logging/logger.server";
import { fieldErrors, formToObject } from "~/lib/validation";
import { CLIENT_MESSAGES, ClientEditSchema, ClientSchema } from "./clients.schema";
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
  // Editing never touches the plan: it is chosen in one place, the subscription, and the client's
  // plan follows it (issue 28 item 9). Creating needs one ("Sem plano" is for converted leads).
  const parsed = ClientEditSchema.safeParse(raw);
  const plan = id ? null : ClientSchema.shape.planId.safeParse(raw.planId);
  const planMissing = plan !== null && (!plan.success || plan.data === null);
  if (!parsed.success || planMissing) {
    return {
      ok: false,
      status: 400,
      fieldErrors: {
        ...(parsed.success ? {} : fieldErrors(parsed.error)),
        ...(planMissing ? { planId: CLIENT_MESSAGES.planRequired } : {}),
      },
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
    const input = { ...parsed.data, planId: plan?.success ? plan.data : null };
    return { ok: true, saved: await createClient({ input, today: today(), actor }) };
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
