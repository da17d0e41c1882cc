/**
 * A real SMTP server on loopback for the message tests (smtp-server, read back with mailparser),
 * closed when the test file ends.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll } from "vitest";

export type SmtpHooks = {
  /** Runs as a client connects; if it throws, the connection is refused. */
  connect?: () => Promise<void>;
  /** Runs once a message has arrived, before the server answers; if it throws, the message is refused (not kept). */
  reply?: (mail: ParsedMail) => Promise<void>;
};

export async function smtpServer(hooks: SmtpHooks = {}) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      (hooks.connect?.() ?? Promise.resolve()).then(() => callback(), callback);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await hooks.reply?.(mail);
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A client gone in the middle of a message (a shop killed while it sends: hosts-balancer.test.ts)
  // is a connection error the server emits; the message was never acknowledged, so the shop's queue
  // sends it again. Unheard, that event was an unhandled error of the whole test run.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, url: `smtp://127.0.0.1:${port}` };
}

/** Polls `read` until it gives a value. */
export async function until<T>(
  what: string,
  read: () => Promise<T | undefined> | T | undefined,
  ms = 40_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
