// The E2E suite's mail server: a real SMTP server (tests/support/smtp.ts) that the app under
// test sends to, plus a small HTTP API the specs read it through:
//   GET /messages → JSON list of received messages;  GET /healthz → "ok";
//   POST /refuse?address=… / POST /accept?address=… → that recipient gets 550 / is accepted again.
// Started by playwright.config.ts as a web server next to the app.
import { createServer } from "node:http";
import { mailSink } from "./mail-ports";
import { startSmtpServer } from "./smtp";

const { smtpPort, httpPort } = mailSink();
const smtp = await startSmtpServer({ port: smtpPort });

createServer((req, res) => {
  if (req.url === "/healthz") return res.end("ok");
  const url = new URL(req.url ?? "/", "http://sink");
  if (req.method === "POST" && (url.pathname === "/refuse" || url.pathname === "/accept")) {
    smtp.refuseRecipient(url.searchParams.get("address") ?? "", url.pathname === "/refuse");
    return res.end("ok");
  }
  if (req.url === "/messages") {
    res.setHeader("content-type", "application/json");
    return res.end(JSON.stringify(smtp.received.map(({ headers: _h, ...m }) => m)));
  }
  res.statusCode = 404;
  res.end();
}).listen(httpPort, "127.0.0.1");
