import { data } from "react-router";
import type { FieldErrors } from "./validation";

/**
 * The one answer shape of every action (and of the 400/429 refusals around them):
 *
 *   { ok, fieldErrors, formError, toast, values? } (+ typed extras such as `intent`, `clientId`)
 *
 * - `fieldErrors`: pt-BR message per field, shown next to it;
 * - `formError`: a message for the alert above the form (null when the form shows none);
 * - `toast`: what the toast says (null for none), built only by `toast.*` below;
 * - `values`: what was typed, so a refused form keeps it.
 *
 * Client-safe (components import the types); redirects with a flash toast are in
 * form-reply.server.ts.
 */

/** `warning`: done, but something deserves a look (shown longer than the others). */
export type ToastKind = "success" | "error" | "info" | "warning";
export interface Toast {
  type: ToastKind;
  message: string;
}

/** Every toast object is made here. */
export const toast = {
  success: (message: string): Toast => ({ type: "success", message }),
  error: (message: string): Toast => ({ type: "error", message }),
  info: (message: string): Toast => ({ type: "info", message }),
  warning: (message: string): Toast => ({ type: "warning", message }),
};

export interface ReplyBody<Values = never> {
  ok: boolean;
  fieldErrors: FieldErrors;
  formError: string | null;
  toast: Toast | null;
  values?: Values;
}

/** An action's reply as components read it: the body plus the extras that action adds. */
export type FormReply<Values = never, Extra extends object = object> = ReplyBody<Values> & Extra;

/** The base builder; the others fill it in. Neither success nor refusal: a step of a wizard. */
export function reply<Values = never, Extra extends object = object>(
  body: Partial<ReplyBody<Values>> & Extra,
  init: { status?: number; headers?: HeadersInit } = {},
) {
  const full = { ok: false, fieldErrors: {}, formError: null, toast: null, ...body } as ReplyBody<Values> &
    Extra;
  return data(full, { status: init.status ?? 200, headers: init.headers });
}

/** Done: `replyOk(toast.success(MSG), { clientId })`. */
export function replyOk<Extra extends object = object>(t?: Toast | null, extra?: Extra) {
  return reply({ ...(extra as Extra), ok: true, toast: t ?? null });
}

/** Refused input: field errors (400 unless said otherwise), keeping what was typed. */
export function replyInvalid<Values = never, Extra extends object = object>(
  fieldErrors: FieldErrors,
  opts: {
    values?: Values;
    toast?: Toast | null;
    formError?: string | null;
    status?: number;
    extra?: Extra;
  } = {},
) {
  const { values, status = 400, extra } = opts;
  return reply<Values, Extra>(
    {
      ...(extra as Extra),
      fieldErrors,
      formError: opts.formError ?? null,
      toast: opts.toast ?? null,
      ...(values === undefined ? {} : { values }),
    },
    { status },
  );
}

/**
 * A failure with a pt-BR message (500 unless said otherwise): as the form's alert and as an
 * error toast, or only as the toast (`toastOnly`) where the page has no alert for it.
 */
export function replyError<Values = never, Extra extends object = object>(
  message: string,
  opts: {
    status?: number;
    toastOnly?: boolean;
    fieldErrors?: FieldErrors;
    values?: Values;
    headers?: HeadersInit;
    extra?: Extra;
  } = {},
) {
  const { status = 500, values, extra } = opts;
  return reply<Values, Extra>(
    {
      ...(extra as Extra),
      fieldErrors: opts.fieldErrors ?? {},
      formError: opts.toastOnly ? null : message,
      toast: toast.error(message),
      ...(values === undefined ? {} : { values }),
    },
    { status, headers: opts.headers },
  );
}

/** A form refused by a shared submit function (FormSubmitResult), as the action's reply. */
export interface FormRefusal<Values> {
  ok: false;
  notFound?: false;
  status: number;
  fieldErrors: FieldErrors;
  formError: string | null;
  /** An error toast's message, or null. */
  toast: string | null;
  values: Values;
}

/**
 * What a form's shared submit (create and edit share it) returns to its routes: saved, the
 * record is gone, or refused with what to show.
 */
export type FormSubmitResult<Saved, Values> =
  { ok: true; saved: Saved } | { ok: false; notFound: true } | FormRefusal<Values>;

export function replyRefused<Values, Extra extends object = object>(r: FormRefusal<Values>, extra?: Extra) {
  return replyInvalid<Values, Extra>(r.fieldErrors, {
    values: r.values,
    formError: r.formError,
    toast: r.toast ? toast.error(r.toast) : null,
    status: r.status,
    extra,
  });
}
