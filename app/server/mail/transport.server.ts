import nodemailer, { type Transporter } from "nodemailer";
import { baseUrl, env } from "~/lib/env.server";

/**
 * The SMTP transport built from SMTP_URL (null without it: messages stay in the mail log as
 * "sem SMTP"). Pooled, with short timeouts: a dead server fails a delivery job in seconds and
 * the job retries later; no request ever waits on SMTP.
 */
let cached: { url: string | undefined; transport: Transporter | null } | undefined;

export function mailTransport(): Transporter | null {
  const url = env().SMTP_URL;
  if (cached && cached.url === url) return cached.transport;
  cached?.transport?.close();
  const transport = url
    ? nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: 8,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;
  cached = { url, transport };
  return transport;
}

/** Closes the pooled connections (shutdown, tests that change SMTP_URL). */
export function closeMailTransport() {
  cached?.transport?.close();
  cached = undefined;
}

export function mailFrom(): string {
  const configured = env().MAIL_FROM;
  if (configured) return configured;
  const host = new URL(baseUrl()).hostname;
  return `"CardápioDigital" <nao-responda@${host}>`;
}

/** Whether messages leave at all: without SMTP_URL they only wait in the mail log ("sem SMTP"). */
export function smtpConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}
