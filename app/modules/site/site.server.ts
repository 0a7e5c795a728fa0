import { env } from "~/lib/env.server";

/** Public, non-secret configuration the public shell needs. */
export function publicConfig() {
  const e = env();
  return { whatsappNumber: e.WHATSAPP_NUMBER, demoUrl: e.DEMO_URL };
}
