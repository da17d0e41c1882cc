/**
 * The end-to-end shop's mail server: an SMTP server (smtp-server, read with mailparser) that keeps
 * every message in memory, and a small HTTP server on the next port that lets the specs read
 * them (`GET /messages?to=address`, newest last). Playwright starts it before the shop
 * (playwright.config.ts), and the shop sends to it through SMTP_URL.
 */
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.MAILBOX_SMTP_PORT ?? 3101);
const httpPort = Number(process.env.MAILBOX_HTTP_PORT ?? 3102);

type Kept = { to: string[]; subject: string; text: string; html: string; messageId: string };
const kept: Kept[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((list) =>
          list.value.map((address) => (address.address ?? "").toLowerCase()),
        );
        kept.push({
          to,
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: typeof mail.html === "string" ? mail.html : "",
          messageId: mail.messageId ?? "",
        });
        callback();
      })
      .catch(callback);
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${httpPort}`);
  if (url.pathname === "/healthz") return void response.end("ok");
  if (url.pathname !== "/messages") return void response.writeHead(404).end();
  const to = (url.searchParams.get("to") ?? "").toLowerCase();
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(kept.filter((mail) => !to || mail.to.includes(to))));
});

smtp.listen(smtpPort, "127.0.0.1", () => {
  http.listen(httpPort, "127.0.0.1", () => console.log(`Mailbox: SMTP on ${smtpPort}, messages on ${httpPort}.`));
});
const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
