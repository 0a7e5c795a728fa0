import { eq } from "drizzle-orm";
import { z } from "~/lib/zod";
import { getDb } from "~/db/client.server";
import { clients } from "~/db/schema";
import { formatPhone } from "~/lib/phone";
import type { Actor } from "~/modules/audit/index.server";
import { MESSAGE_PREFERENCES, type MessagePreference } from "~/modules/notifications/notifications.constants";
import { checkForm, type FormFields } from "~/server/http/form.server";
import { consentPhone, openConsent, recordConsent, withdrawConsent } from "./consent.server";
import { setMessagePreference } from "./preference.server";
import { consentTextFor, WHATSAPP_MESSAGES } from "./whatsapp.constants";

// The WhatsApp card of the client area ("Seus dados"): the consent asked with the exact text
// that is stored (the client's registered number in it), its withdrawal in one click, and the
// channel preference. Plain forms, each with an `intent` starting with "whatsapp-".

export interface WhatsAppAreaView {
  consent: { phoneLabel: string; givenAt: Date } | null;
  /** The registered number as a consent stores it, or null when it is not a Brazilian mobile. */
  phone: string | null;
  phoneLabel: string;
  /** The text shown next to the opt-in, word for word what is stored. */
  consentText: string | null;
  preference: MessagePreference;
}

const label = (phone: string) => formatPhone(phone.replace(/^55/, ""));

export async function whatsappAreaView(clientId: string): Promise<WhatsAppAreaView> {
  const [c] = await getDb()
    .select({ phone: clients.phone, preference: clients.messagePreference })
    .from(clients)
    .where(eq(clients.id, clientId));
  const open = await openConsent(getDb(), clientId);
  const phone = c ? consentPhone(c.phone) : null;
  return {
    consent: open ? { phoneLabel: label(open.phone), givenAt: open.givenAt } : null,
    phone,
    phoneLabel: phone ? label(phone) : formatPhone(c?.phone ?? ""),
    consentText: phone ? consentTextFor(label(phone)) : null,
    preference: c?.preference ?? "ambos",
  };
}

const AreaSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("whatsapp-autorizar"), phone: z.string().max(20) }),
  z.object({ intent: z.literal("whatsapp-retirar") }),
  z.object({ intent: z.literal("whatsapp-preferencia"), preference: z.enum(MESSAGE_PREFERENCES) }),
]);

export type WhatsAppAreaReply = { ok: boolean; message: string };

/** The card's forms. `form` comes from readForm (the one form pipeline). */
export async function whatsappAreaAction(
  form: FormFields,
  { clientId, actor }: { clientId: string; actor: Actor },
): Promise<WhatsAppAreaReply> {
  const checked = checkForm(form, AreaSchema, () => ({
    ok: false,
    message:
      form.intent === "whatsapp-preferencia"
        ? WHATSAPP_MESSAGES.invalidPreference
        : WHATSAPP_MESSAGES.invalidPhone,
  }));
  if (!checked.ok) return checked.reply;
  const input = checked.data;
  if (input.intent === "whatsapp-retirar") {
    const done = await withdrawConsent({ clientId, source: "area_do_cliente", actor });
    return done
      ? { ok: true, message: WHATSAPP_MESSAGES.consentWithdrawn }
      : { ok: false, message: WHATSAPP_MESSAGES.noConsent };
  }
  if (input.intent === "whatsapp-preferencia") {
    const r = await setMessagePreference({ clientId, preference: input.preference, actor });
    return r.ok ? { ok: true, message: WHATSAPP_MESSAGES.preferenceSaved } : r;
  }
  // The number agreed to must be the one the text showed: the registered one, now.
  const view = await whatsappAreaView(clientId);
  if (!view.phone || consentPhone(input.phone) !== view.phone)
    return { ok: false, message: WHATSAPP_MESSAGES.phoneChanged };
  const r = await recordConsent({ clientId, phone: view.phone, source: "area_do_cliente", actor });
  return r.ok
    ? { ok: true, message: WHATSAPP_MESSAGES.consentRecorded }
    : { ok: false, message: WHATSAPP_MESSAGES.invalidPhone };
}
