import type { AppLoadContext } from "react-router";
import { HIGHEST_PRICE_BODY, highestPriceOf } from "./shop-params";

/**
 * Prices change when an admin changes them, and an answer from before such a change is not used
 * (api/platform/catalogue-version.ts): one made in this process at once, one made by another process
 * (another worker, `npm run catalogue -- import`) as soon as its NOTIFY arrives, on PostgreSQL.
 * A minute bounds how stale it can be when nothing tells this process (a storefront on a remote API).
 */
const KEEP_MS = 60_000;

/** `highest` is null for an empty catalogue; `ok` is false when the API failed. */
export type CataloguePrice = { ok: boolean; highest: number | null };

type Kept = { at: number; version: number; highest: Promise<CataloguePrice> };

// Keyed by the API the context calls (not by its per-request `userapp`), so each API (each
// test's database) has its own.
const kept = new WeakMap<object, Kept>();

/**
 * The highest selling price in the catalogue (the top of the shop's price slider). Asked of the API at most once a minute per process; callers in between share
 * the answer, and a failure is not kept.
 */
export function highestCataloguePrice(
  context: AppLoadContext,
  now = Date.now(),
  version = context.catalogueVersion(),
): Promise<CataloguePrice> {
  const entry = kept.get(context.apiIdentity);
  if (entry && now - entry.at < KEEP_MS && entry.version === version) return entry.highest;
  const highest = context.api.public.productList(HIGHEST_PRICE_BODY).then((answer) => {
    if (answer.ok) return { ok: true, highest: highestPriceOf(answer.data.data) };
    if (kept.get(context.apiIdentity)?.highest === highest) kept.delete(context.apiIdentity);
    return { ok: false, highest: null };
  });
  kept.set(context.apiIdentity, { at: now, version, highest });
  return highest;
}
