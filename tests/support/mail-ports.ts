/**
 * The E2E mail server's ports: beside the app's E2E port (3210 → 4210 SMTP, 4211 HTTP), so
 * two E2E runs on different ports do not share a mailbox.
 */
export function mailSink() {
  const app = Number(process.env.E2E_PORT ?? 3210);
  return {
    smtpPort: Number(process.env.MAIL_SINK_SMTP_PORT ?? app + 1000),
    httpPort: Number(process.env.MAIL_SINK_HTTP_PORT ?? app + 1001),
  };
}
