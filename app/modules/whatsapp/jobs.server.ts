import { whatsappFallbackJob } from "./fallback.server";
import { chargePaidWhatsAppJob } from "./moments.server";
import { deliverWhatsAppJob } from "./send.server";
import { applyWhatsAppEventJob } from "./webhook.server";

/** The WhatsApp channel's jobs (listed in app/jobs.server.ts). */
export const WHATSAPP_JOBS = [
  deliverWhatsAppJob,
  applyWhatsAppEventJob,
  chargePaidWhatsAppJob,
  whatsappFallbackJob,
] as const;
