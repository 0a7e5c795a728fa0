import { resetEnvCache } from "~/lib/env.server";
import { closeMailTransport } from "~/server/mail/transport.server";

/**
 * Points the app's mail transport at `url` (a test SMTP server, tests/support/smtp.ts), or at none:
 * the env cache and the pooled transport are reset so the next message uses it.
 */
export function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetEnvCache();
  closeMailTransport();
}
