import { performance } from "node:perf_hooks";
import { orderMessage } from "../api/lib/messages/order-messages";
import type { OrderJson } from "../api/lib/orders/order-json";

/**
 * What rendering one order message costs (BENCH_ONLY=messages): the first render in a fresh
 * process (modules warmed by nothing else), then `runs` more of an order of three lines, as
 * recordOrderMessage renders them inside the transaction of the change that causes them.
 */
export type MessageRenderFigures = { firstMs: number; runs: number; p50: number; p95: number; max: number };

const shop = {
  name: "Storefront",
  origin: "https://shop.example",
  supportEmail: "support@shop.example",
  from: "Storefront <support@shop.example>",
  gst: { name: "Storefront", gstin: null, address: null, state: null },
};

const order = {
  id: "0000000000000000000000ab",
  products: [1, 2, 3].map((n) => ({
    title: `Linen Kurta ${n} <b>"with" 'quotes'</b>`,
    size: "M",
    qty: n,
    amount: 1200 * n,
  })),
  itemsAmount: 7200,
  platformFee: 20,
  totalAmount: 7220,
  paymentMethod: "cod",
  status: "shipped",
  paymentStatus: "payOnDelivery",
  paymentDueAt: null,
  paymentReference: null,
  cancelReason: null,
  returnReason: null,
  refundReference: null,
  returnableUntil: null,
  address: { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560001", country: "India" },
} as unknown as OrderJson;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

export async function measureMessageRender(runs = 500): Promise<MessageRenderFigures> {
  const render = () => orderMessage("order.shipped", order, "shopper@example.com", shop, "user");
  let started = performance.now();
  await render();
  const firstMs = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    await render();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { firstMs, runs, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times[times.length - 1] };
}

export function printMessageRender(r: MessageRenderFigures) {
  console.log("\nRendering one order message (order.shipped, three lines), in-process:\n");
  console.log("| first (ms) | runs | p50 (ms) | p95 (ms) | max (ms) |");
  console.log("|---:|---:|---:|---:|---:|");
  console.log(
    `| ${r.firstMs.toFixed(1)} | ${r.runs} | ${r.p50.toFixed(3)} | ${r.p95.toFixed(3)} | ${r.max.toFixed(1)} |`,
  );
}
