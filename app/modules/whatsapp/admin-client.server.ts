import { z } from "~/lib/zod";
import { formatPhone } from "~/lib/phone";
import type { Actor } from "~/modules/audit/index.server";
import { MESSAGE_PREFERENCES, type MessagePreference } from "~/modules/notifications/notifications.constants";
import { checkForm, type FormFields } from "~/server/http/form.server";
import { getDb } from "~/db/client.server";
import { openConsent, recordConsent, withdrawConsent } from "./consent.server";
import { clientWhatsAppMessages } from "./history.server";
import { messagePreferenceOf, setMessagePreference } from "./preference.server";
import { WHATSAPP_CONSENT_SOURCE_LABELS, WHATSAPP_MESSAGES } from "./whatsapp.constants";

// The admin client page's WhatsApp block: the open consent (or a form to record one given
// elsewhere, with where it was given), its withdrawal, the channel preference and the client's
// WhatsApp messages with their statuses. Every change is audited by the functions it calls.

export interface AdminWhatsAppView {
  consent: { phoneLabel: string; givenAt: Date; sourceLabel: string; sourceNote: string | null } | null;
  preference: MessagePreference;
  messages: Awaited<ReturnType<typeof clientWhatsAppMessages>>;
}

export async function adminWhatsAppView(clientId: string): Promise<AdminWhatsAppView> {
  const open = await openConsent(getDb(), clientId);
  return {
    consent: open
      ? {
          phoneLabel: formatPhone(open.phone.replace(/^55/, "")),
          givenAt: open.givenAt,
          sourceLabel: WHATSAPP_CONSENT_SOURCE_LABELS[open.source],
          sourceNote: open.sourceNote,
        }
      : null,
    preference: await messagePreferenceOf(clientId),
    messages: await clientWhatsAppMessages(clientId),
  };
}

export const ADMIN_CONSENT_NOTE_MAX = 500;

const AdminSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("whatsapp-registrar"),
    phone: z
      .string({ error: WHATSAPP_MESSAGES.invalidPhone })
      .trim()
      .min(1, WHATSAPP_MESSAGES.invalidPhone)
      .max(20, WHATSAPP_MESSAGES.invalidPhone),
    sourceNote: z
      .string({ error: WHATSAPP_MESSAGES.sourceNoteRequired })
      .trim()
      .min(3, WHATSAPP_MESSAGES.sourceNoteRequired)
      .max(ADMIN_CONSENT_NOTE_MAX, WHATSAPP_MESSAGES.sourceNoteTooLong),
  }),
  z.object({ intent: z.literal("whatsapp-retirar") }),
  z.object({
    intent: z.literal("whatsapp-preferencia"),
    preference: z.enum(MESSAGE_PREFERENCES, { error: WHATSAPP_MESSAGES.invalidPreference }),
  }),
]);

/** The block's forms; `form` comes from the route's one read of the request. */
export async function whatsappAdminAction(
  form: FormFields,
  { clientId, actor }: { clientId: string; actor: Actor },
): Promise<{ ok: boolean; message: string }> {
  const checked = checkForm(form, AdminSchema, (errors) => ({
    ok: false,
    message: Object.values(errors)[0] ?? WHATSAPP_MESSAGES.invalidPreference,
  }));
  if (!checked.ok) return checked.reply;
  const input = checked.data;
  if (input.intent === "whatsapp-retirar") {
    const done = await withdrawConsent({ clientId, source: "admin", actor });
    return { ok: done, message: done ? WHATSAPP_MESSAGES.consentWithdrawn : WHATSAPP_MESSAGES.noConsent };
  }
  if (input.intent === "whatsapp-preferencia") {
    const r = await setMessagePreference({ clientId, preference: input.preference, actor });
    return r.ok ? { ok: true, message: WHATSAPP_MESSAGES.preferenceSaved } : r;
  }
  const r = await recordConsent({
    clientId,
    phone: input.phone,
    source: "admin",
    sourceNote: input.sourceNote,
    actor,
  });
  return r.ok
    ? { ok: true, message: WHATSAPP_MESSAGES.consentRecorded }
    : {
        ok: false,
        message:
          r.reason === "telefone_invalido"
            ? WHATSAPP_MESSAGES.invalidPhone
            : WHATSAPP_MESSAGES.clientNotFound,
      };
}
