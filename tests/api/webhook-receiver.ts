/**
 * A real HTTP server on loopback that receives webhooks for the tests (node:http, port 0), and
 * the signature check a receiver writes from docs/webhooks.md. Closed when the test file ends.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/** What the receiver answers a request with: a status, headers and a body (200 by default). */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | "hang";

export async function webhookReceiver(reply: (request: Received) => Reply = () => ({ status: 200 })) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = { path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(entry);
      const answer = reply(entry);
      if (answer === "hang") return; // never answers: the sender's timeout ends it
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { received, url: (path = "/hooks") => `http://127.0.0.1:${port}${path}`, port };
}

/**
 * Checks a Storefront-Signature header as docs/webhooks.md tells a receiver to: `t` and every
 * `v1`, the HMAC-SHA256 of "<t>.<raw body>" with the secret, compared in constant time, and `t`
 * within `toleranceSeconds` of now. Written here from the documentation, not imported.
 */
export function verifySignature(
  header: string | undefined,
  body: string,
  secret: string,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.split("=", 2) as [string, string]);
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  return parts
    .filter(([key]) => key === "v1")
    .some(([, value]) => {
      const given = Buffer.from(value, "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
