import type { Actor } from "~/modules/audit/index.server";
import { toast, type FormSubmitResult, type Toast } from "~/lib/form-reply";
import { log } from "~/server/logging/logger.server";
import { ADDRESS_KEYS } from "~/lib/br-address";
import { checkForm, type FormFields } from "~/server/http/form.server";
import { CLIENT_MESSAGES, ClientEditSchema, ClientSchema } from "./clients.schema";
import {
  ClientEmailTakenError,
  createClient,
  findSameBusinessName,
  PlanNotFoundError,
  updateClient,
  type Client,
} from "./clients.server";
import { today } from "~/server/clock.server";

const FIELDS = [
  "name",
  "email",
  "phone",
  "businessName",
  "document",
  "planId",
  "status",
  ...ADDRESS_KEYS,
] as const;

export type ClientFormValues = Record<(typeof FIELDS)[number], string>;
/** Saved: the toast to show says so, or warns of another client with the same business name. */
export type ClientFormResult =
  | Exclude<FormSubmitResult<Client, ClientFormValues>, { ok: true }>
  | { ok: true; saved: Client; toast: Toast };

/**
 * The spec's success message, followed by a warning when another client has the same business
 * name: two units of a chain may be two clients, so it never stops the save, but a repeated
 * sign-up is caught when it is made. A failed look-up only loses the warning.
 */
async function savedToast(client: Client, created: boolean): Promise<Toast> {
  const done = created ? CLIENT_MESSAGES.created : CLIENT_MESSAGES.updated;
  const other = await findSameBusinessName({ businessName: client.businessName, exceptId: client.id }).catch(
    (err: unknown) => {
      log.error({ err }, "same business name look-up failed");
      return null;
    },
  );
  return other
    ? toast.warning(`${done} ${CLIENT_MESSAGES.sameBusiness(client.businessName, other)}`)
    : toast.success(done);
}

/**
 * The client form's submit, shared by /admin/clients/new and /admin/clients/edit/{id}:
 * validates, saves, and turns every refusal into field errors plus the spec's toast, keeping
 * what the user typed.
 */
export async function submitClientForm({
  fields: raw,
  id,
  actor = null,
}: {
  /** The form's fields, read by the route through the form pipeline (readForm). */
  fields: FormFields;
  id?: string;
  actor?: Actor | null;
}): Promise<ClientFormResult> {
  const values = Object.fromEntries(FIELDS.map((k) => [k, (raw[k] ?? "").slice(0, 300)])) as ClientFormValues;
  const failed = id ? CLIENT_MESSAGES.updateFailed : CLIENT_MESSAGES.createFailed;
  // Editing never touches the plan: it is chosen in one place, the subscription, and the client's
  // plan follows it. Creating needs one ("Sem plano" is for converted leads).
  const parsed = checkForm(raw, ClientEditSchema, (errors) => errors);
  const plan = id ? null : ClientSchema.shape.planId.safeParse(raw.planId);
  const planMissing = plan !== null && (!plan.success || plan.data === null);
  if (!parsed.ok || planMissing) {
    return {
      ok: false,
      status: 400,
      fieldErrors: {
        ...(parsed.ok ? {} : parsed.reply),
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
      return client
        ? { ok: true, saved: client, toast: await savedToast(client, false) }
        : { ok: false, notFound: true };
    }
    const input = { ...parsed.data, planId: plan?.success ? plan.data : null };
    const client = await createClient({ input, today: today(), actor });
    return { ok: true, saved: client, toast: await savedToast(client, true) };
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
