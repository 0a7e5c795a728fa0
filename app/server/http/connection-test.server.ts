import { replyError, toast } from "~/lib/form-reply";
import { log } from "~/server/logging/logger.server";

/**
 * A settings page's "Testar conexão" (Asaas, WhatsApp): runs `test`, which only reads from the
 * provider, and answers with a toast: its message on success, 409 with its reason when the provider
 * refuses, and `unreachable` when the call itself failed (logged as `what`, never shown).
 */
export async function connectionTestReply(
  test: () => Promise<{ ok: boolean; message: string }>,
  { unreachable, what }: { unreachable: string; what: string },
) {
  try {
    const result = await test();
    return result.ok
      ? { toast: toast.success(result.message) }
      : replyError(result.message, { status: 409, toastOnly: true });
  } catch (err) {
    log.error({ err }, `${what} connection test failed`);
    return replyError(unreachable, { toastOnly: true });
  }
}
