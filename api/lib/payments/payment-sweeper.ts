import type { ApiDeps } from "../context";
import { stockChanged } from "../catalogue/catalogue-cache";
import { expireLocked, lockOverdueOrders, putBack } from "../orders/order-changes";

/**
 * The sweep: expires every order past its deadline (a UPI payment window that has passed, or a
 * Cash on Delivery confirmation not given in time) and puts its stock back, a batch per transaction. Safe to run in several processes at once (each skips the rows
 * another holds). Answers how many orders it expired.
 */
export async function expireOverdueOrders(
  deps: Pick<ApiDeps, "db" | "now" | "shop">,
  batchSize = 100,
): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.now();
    const count = await deps.db.transaction(async (tx) => {
      const rows = await lockOverdueOrders(tx, now, { limit: batchSize });
      await putBack(tx, await expireLocked(tx, rows, now, deps.shop));
      return rows.length;
    });
    if (count > 0) stockChanged();
    total += count;
    if (count < batchSize) return total;
  }
}

/**
 * How often the server runs the sweep. Each order's own expiry job (payment-jobs.ts,
 * cod-confirmation.ts) runs at its deadline; the sweep is the backstop, for orders placed before
 * those jobs existed, a job that was lost, and a queue that is behind.
 */
export const paymentSweepIntervalMs = 5 * 60_000;

/**
 * Runs `expireOverdueOrders` now and then every `intervalMs` (never two at once in this process);
 * a failed sweep is logged and the next one tries again. Answers the function that stops it,
 * whose promise settles once a sweep under way has finished (close the database after it).
 */
export function startPaymentSweeper(
  deps: Pick<ApiDeps, "db" | "now" | "logger" | "shop">,
  intervalMs = paymentSweepIntervalMs,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (running || stopped) return;
    running = expireOverdueOrders(deps)
      .then(
        (expired) => {
          if (expired > 0) deps.logger.info({ expired }, "expired unpaid orders");
        },
        (error: unknown) => deps.logger.error({ err: error }, "payment sweep failed"),
      )
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  // The sweep alone must not keep a stopping process alive.
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
