import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: ParsedMail["headers"];
  /** Attachments and inline images, their bytes as base64 (JSON-safe for the E2E sink). */
  attachments: { filename: string; contentType: string; cid: string; inline: boolean; base64: string }[];
  /** performance.now() when the message was accepted. */
  at: number;
}

/**
 * A real SMTP server on loopback for tests: what the app sends arrives here over SMTP and is
 * parsed with mailparser. `refuse` makes it answer 4xx (temporarily unavailable) or 5xx
 * (recipient refused) to every message.
 */
export async function startSmtpServer({ port = 0, parse = true }: { port?: number; parse?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  let count = 0;
  const state: { refuse: null | 421 | 550 } = { refuse: null };
  /** Addresses answered 550 (unknown recipient) one by one, whatever `refuse` says. */
  const refusedRecipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (state.refuse === 550 || refusedRecipients.has(address.address.toLowerCase())) {
        const err = Object.assign(new Error("Destinatário recusado"), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      if (state.refuse === 421) {
        stream.resume();
        const err = Object.assign(new Error("Serviço indisponível"), { responseCode: 451 });
        return stream.on("end", () => callback(err));
      }
      const at = performance.now();
      if (!parse) {
        // Count only (benchmarks): what a real mail server does with the bytes is not ours.
        stream.resume();
        return stream.on("end", () => {
          count++;
          callback();
        });
      }
      // keepCidLinks: the HTML as sent (`cid:…`), not rewritten into data: URIs by the parser.
      simpleParser(stream, { keepCidLinks: true })
        .then((mail) => {
          received.push({
            at,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            text: mail.text ?? "",
            headers: mail.headers,
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? "",
              contentType: a.contentType,
              cid: a.cid ?? "",
              inline: a.contentDisposition === "inline",
              base64: a.content.toString("base64"),
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** Messages accepted without parsing (parse: false). */
    get count() {
      return count;
    },
    refuse(code: null | 421 | 550) {
      state.refuse = code;
    },
    /** Refuses (550) or accepts again one recipient only: safe next to specs running in parallel. */
    refuseRecipient(address: string, refused: boolean) {
      if (refused) refusedRecipients.add(address.toLowerCase());
      else refusedRecipients.delete(address.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
