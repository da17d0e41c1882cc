import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { eq } from "drizzle-orm";
import type { Task } from "graphile-worker";
import type { Database } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { guardedLookup, urlProblem } from "./webhook-urls";

/** The header that signs a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/webhooks.md). */
export const SIGNATURE_HEADER = "Storefront-Signature";
/** How long one attempt waits for the endpoint's answer, connecting included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of an endpoint's answer read, for the delivery's last error; the rest is dropped. */
export const MAX_RESPONSE_BYTES = 1024;

/** The value of SIGNATURE_HEADER for `body`, sent at `timestamp` (unix seconds), with `secret`. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

type Answer = { status: number; text: string };

/**
 * POSTs `body` to `url` once: no redirect is followed (a 3xx is an answer like any other), the
 * name is resolved and checked as the connection is made, the whole exchange is cut off after
 * WEBHOOK_TIMEOUT_MS, and at most MAX_RESPONSE_BYTES of the answer are read.
 */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<Answer> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          response.destroy();
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8").slice(0, MAX_RESPONSE_BYTES),
          });
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_RESPONSE_BYTES) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    request.on("error", (error: Error) =>
      reject(error.name === "AbortError" ? new Error(`No answer within ${options.timeoutMs / 1000} s`) : error),
    );
    request.end(body);
  });
}

/** One line of an answer's text for the last error: control characters and runs of space squeezed. */
const oneLine = (text: string) =>
  text
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim()
    .slice(0, 200);

export type WebhookDeliveryOptions = {
  db: Database;
  /** WEBHOOKS_ALLOW_PRIVATE: endpoints on loopback and private addresses may be sent to. */
  allowPrivate: boolean;
  /** How long one attempt waits (WEBHOOK_TIMEOUT_MS unless a test is in a hurry). */
  timeoutMs?: number;
};

/**
 * The queue's task: POSTs one delivery to its endpoint, signed, and records how it went. A 2xx
 * answer delivers it; anything else (another status, a redirect, a refused address, no answer in
 * time) is recorded and thrown, so the queue tries again later; the last attempt's failure marks
 * it failed. A delivery delivered already, or whose endpoint was deleted, is left alone; one
 * whose endpoint is disabled fails at once (an admin may try it again once it is enabled).
 */
export function deliverWebhookTask(options: WebhookDeliveryOptions): Task {
  const { db, allowPrivate } = options;
  const now = () => new Date();
  return async (payload, helpers) => {
    const id = (payload as { id?: unknown })?.id;
    if (typeof id !== "string") return;
    const [row] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id));
    if (!row || row.delivery.state !== "queued") return;
    const { delivery, endpoint } = row;
    const attempts = helpers.job.attempts;
    const final = attempts >= helpers.job.max_attempts;
    const fail = async (lastError: string, lastStatus: number | null, forGood = final) => {
      await db
        .update(webhookDeliveries)
        .set({ attempts, lastError, lastStatus, lastAttemptAt: now(), ...(forGood && { state: "failed" as const }) })
        .where(eq(webhookDeliveries.id, id));
    };
    if (!endpoint.enabled) {
      await fail("The endpoint is disabled", null, true);
      return;
    }
    const problem = urlProblem(endpoint.url, allowPrivate);
    if (problem) {
      await fail(problem, null);
      throw new Error(problem);
    }
    const timestamp = Math.floor(now().getTime() / 1000);
    let answer: Answer;
    try {
      answer = await post(
        new URL(endpoint.url),
        {
          "content-type": "application/json",
          "user-agent": "Storefront-Webhooks/1",
          [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, timestamp, delivery.body),
          "Storefront-Event-Id": delivery.eventId,
          "Storefront-Event-Type": delivery.eventType,
          "Storefront-Delivery-Id": delivery.id,
        },
        delivery.body,
        { allowPrivate, timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS },
      );
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      await fail(lastError, null);
      throw error;
    }
    if (answer.status < 200 || answer.status > 299) {
      const lastError = `HTTP ${answer.status}${answer.text ? `: ${oneLine(answer.text)}` : ""}`;
      await fail(lastError, answer.status);
      throw new Error(lastError);
    }
    await db
      .update(webhookDeliveries)
      .set({
        state: "delivered",
        attempts,
        lastStatus: answer.status,
        lastError: null,
        lastAttemptAt: now(),
        deliveredAt: now(),
      })
      .where(eq(webhookDeliveries.id, id));
  };
}
