import net from "node:net";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { SMTPServer } from "smtp-server";
import { createUserapp } from "../api/app";
import { users, webhookDeliveries, webhookEndpoints } from "../api/db/schema";
import { defaultDeps } from "../api/lib/context";
import { newId } from "../api/lib/ids";
import { mailTransport, startDeliveryWorker } from "../api/lib/messages/delivery";
import { queueWebhookDeliveries } from "../api/lib/webhooks/webhook-events";
import { logger } from "../api/platform/logger";
import { openBenchDatabase } from "./database";

/**
 * A reset email while webhook endpoints never answer (BENCH_ONLY=lanes; issue 43, decision 054):
 * 20 endpoints (the most a shop may register) that accept the connection and never answer, each
 * sent a fresh delivery before every sample; then a shopper asks for a reset link, and the sample is
 * how long until a real SMTP server on loopback has the email. The webhook timeout is the shop's
 * (10 s). BENCH_LANES_RUNS sets the samples (10); BENCH_LANES_CAP_MS gives up on one after that long.
 */
export type LaneFigures = { endpoints: number; samples: number[]; median: number; gaveUp: number };

export async function measureQueueLanes(): Promise<LaneFigures> {
  const runs = Number(process.env.BENCH_LANES_RUNS ?? 10);
  const capMs = Number(process.env.BENCH_LANES_CAP_MS ?? 300_000);
  const endpoints = 20;
  const handle = await openBenchDatabase();
  // Endpoints that never answer: the connection is accepted and left open.
  const sockets = new Set<net.Socket>();
  const dead = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
  const deadPort = (dead.address() as AddressInfo).port;
  const arrived = new Map<string, number>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      arrived.set(address.address.toLowerCase(), performance.now());
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const db = handle.db;
  const endpointIds = Array.from({ length: endpoints }, () => newId());
  await db.insert(webhookEndpoints).values(
    endpointIds.map((id, n) => ({
      id,
      url: `http://127.0.0.1:${deadPort}/dead-${n}`,
      events: ["order.placed"],
      secret: "bench-secret-0123456789",
    })),
  );
  const app = createUserapp({ db, webhooksAllowPrivate: true });
  const worker = await startDeliveryWorker({
    db,
    databaseUrl: handle.url,
    transport: mailTransport(`smtp://127.0.0.1:${smtpPort}`),
    shop: defaultDeps(db).shop,
    logger,
    webhooksAllowPrivate: true,
  });
  const samples: number[] = [];
  let gaveUp = 0;
  try {
    for (let run = 0; run < runs; run++) {
      // A fresh delivery to every dead endpoint, queued before the email is asked for.
      const ids = endpointIds.map(() => newId());
      await db.insert(webhookDeliveries).values(
        ids.map((id, n) => ({
          id,
          eventId: `bench-${run}`,
          eventType: "order.placed",
          endpointId: endpointIds[n],
          body: "{}",
        })),
      );
      await queueWebhookDeliveries(db, ids);
      const email = `reset${run}.${newId().slice(0, 6)}@example.test`;
      await db.insert(users).values({ id: newId(), email, passwordHash: "not-a-real-hash", name: `Shopper ${run}` });
      const asked = performance.now();
      const answer = await app.request(
        "/userapp/auth/forgot-password",
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) },
        { clientAddress: `198.51.100.${run + 1}` },
      );
      if (answer.status !== 200) throw new Error(`forgot-password answered ${answer.status}`);
      while (!arrived.has(email) && performance.now() - asked < capMs) await new Promise((r) => setTimeout(r, 10));
      const at = arrived.get(email);
      if (at === undefined) gaveUp++;
      samples.push((at ?? performance.now()) - asked);
    }
  } finally {
    for (const socket of sockets) socket.destroy();
    dead.close();
    await worker.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await handle.close();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const median = (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
  return { endpoints, samples, median, gaveUp };
}

export function printQueueLanes(f: LaneFigures): void {
  console.log(
    `\nA reset email while ${f.endpoints} webhook endpoints never answer (a fresh delivery to each before every sample; webhook timeout 10 s), ${f.samples.length} samples:\n`,
  );
  console.log("| median (ms) | fastest (ms) | slowest (ms) | gave up |");
  console.log("|---:|---:|---:|---:|");
  console.log(
    `| ${f.median.toFixed(0)} | ${Math.min(...f.samples).toFixed(0)} | ${Math.max(...f.samples).toFixed(0)} | ${f.gaveUp} |`,
  );
}
