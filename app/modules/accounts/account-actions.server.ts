import { replyError, replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { type AuthSession, passwordProblem } from "~/modules/auth/index.server";
import { BAD_FORM_MESSAGE, checkForm, readForm, type FormFields } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import {
  changeName,
  changePassword,
  endOtherSessions,
  listSessions,
  WrongPasswordError,
} from "./account.server";
import { ACCOUNT_MESSAGES, ChangeNameSchema, ChangePasswordSchema } from "./accounts.schema";

/** The data of "Minha conta" (admins and representatives alike). */
export async function accountPageData(me: AuthSession) {
  return { name: me.user.name, email: me.user.email, sessions: await listSessions(me) };
}

/**
 * The action of "Minha conta", shared by /admin/account and /representante/conta (each route
 * calls its own guard first): change name, change password (ends the other sessions), end the
 * other sessions. `fields`: the form, when the route has read it for forms of its own.
 */
export async function accountAction(request: Request, me: AuthSession, path: string, fields?: FormFields) {
  const form = fields ?? (await readForm(request));
  try {
    if (form.intent === "name") {
      const parsed = checkForm(form, ChangeNameSchema, (errors) =>
        replyInvalid(errors, { extra: { intent: "name" } }),
      );
      if (!parsed.ok) return parsed.reply;
      await changeName(me, parsed.data.name);
      return redirectWithToast(path, "success", ACCOUNT_MESSAGES.nameSaved);
    }
    if (form.intent === "password") {
      const parsed = checkForm(form, ChangePasswordSchema, (errors) =>
        replyInvalid(errors, { extra: { intent: "password" } }),
      );
      if (!parsed.ok) return parsed.reply;
      // The common-password list is server-only (password-policy.server), like registration's.
      const weak = passwordProblem(parsed.data.password);
      if (weak) return replyInvalid({ password: weak }, { extra: { intent: "password" } });
      try {
        const headers = await changePassword(request, me, {
          currentPassword: parsed.data.currentPassword,
          newPassword: parsed.data.password,
        });
        return redirectWithToast(path, "success", ACCOUNT_MESSAGES.passwordChanged, { headers });
      } catch (err) {
        if (err instanceof WrongPasswordError) {
          return replyInvalid(
            { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong },
            { extra: { intent: "password" } },
          );
        }
        throw err;
      }
    }
    if (form.intent === "endOthers") {
      const n = await endOtherSessions(me);
      return redirectWithToast(
        path,
        "success",
        n > 0 ? ACCOUNT_MESSAGES.otherSessionsEnded : ACCOUNT_MESSAGES.noOtherSessions,
      );
    }
  } catch (err) {
    log.error({ err, intent: form.intent }, "account action failed");
    return replyError(ACCOUNT_MESSAGES.actionFailed, { toastOnly: true });
  }
  return replyError(BAD_FORM_MESSAGE, { status: 400, toastOnly: true });
}
