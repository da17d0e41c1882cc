import type { ProductJson } from "./catalogue";
import { localCatalogueVersion } from "../../platform/catalogue-version";

/**
 * The catalogue's read cache (docs/decisions/009-render-profile.md): the public product calls
 * (`product/list`, `product/count`, `product/get`) read the same few pages again and again, and on
 * PGlite every query waits for the one before it. Two parts, with their own rules:
 *
 * - Lists: a query's page of product ids and its count, keyed by the parsed query. What a list
 *   holds and in which order depends on the products' fields, not on their stock (except a query
 *   with `inStock`, whose entry a stock change drops too), so an entry holds until the catalogue
 *   version changes (an admin's change, api/platform/catalogue-version.ts) or
 *   LIST_TTL_MS passes (the bound for a change made by another process that this one did not hear of).
 * - Products: each product as the API answers it, stock included. Dropped on any catalogue
 *   change, and also on any stock change of this process: every order placed, cancelled, returned
 *   or expired calls `stockChanged()` once its transaction has committed. Another process's orders
 *   are seen after PRODUCT_TTL_MS, while one read replaces what it holds, and after
 *   PRODUCT_TTL_MS + PRODUCT_STALE_MS at most; the stock shown is then at most that old, which is
 *   safe because an order never trusts it: placing one takes the units with a conditional UPDATE
 *   (api/lib/orders/orders.ts) and answers 409 when they are gone.
 *
 * An answer read while a change committed is stored under the versions from before the read
 * began, so it is never served after that change. Failures are not kept. A module counter for
 * stock, like the catalogue's, so one call reaches the caches of every API in the process.
 */
export const LIST_TTL_MS = 60_000;
export const PRODUCT_TTL_MS = 5_000;
export const PRODUCT_STALE_MS = 5_000;
const MAX_LISTS = 2_000;
const MAX_PRODUCTS = 10_000;
/** A longer key (a query of dozens of filter values) is read, not kept: it bounds the memory a key may take. */
const MAX_KEY_LENGTH = 1_000;

let localStockVersion = 0;

/** Call after a transaction that changed stock has committed: no cached product is served after it. */
export function stockChanged(): void {
  localStockVersion++;
}

type Versions = { catalogue: number; stock: number };
type Kept<T> = { at: number; versions: Versions; value: T };
const sameVersions = (a: Versions, b: Versions) => a.catalogue === b.catalogue && a.stock === b.stock;

export type CatalogueCacheOptions = {
  now?: () => number;
  listTtlMs?: number;
  productTtlMs?: number;
  productStaleMs?: number;
  /** The catalogue version (localCatalogueVersion by default; tests pass their own). */
  catalogueVersion?: () => number;
};

export function createCatalogueCache(options: CatalogueCacheOptions = {}) {
  const now = options.now ?? Date.now;
  const listTtlMs = options.listTtlMs ?? LIST_TTL_MS;
  const productTtlMs = options.productTtlMs ?? PRODUCT_TTL_MS;
  const productStaleMs = options.productStaleMs ?? PRODUCT_STALE_MS;
  const catalogueVersion = options.catalogueVersion ?? localCatalogueVersion;
  const lists = new Map<string, Kept<Promise<unknown>>>();
  const products = new Map<string, Kept<ProductJson>>();
  const versions = (): Versions => ({ catalogue: catalogueVersion(), stock: localStockVersion });

  /** Reads of products under way, by id, with the versions they began under. */
  const loading = new Map<string, { versions: Versions; value: Promise<ProductJson | undefined> }>();

  /** Reads `ids` and keeps what it found under the versions from before the read: a change that committed meanwhile drops it. */
  function read(ids: string[], current: Versions, load: (missing: string[]) => Promise<Map<string, ProductJson>>) {
    const at = now();
    const batch = load(ids).then((loaded) => {
      for (const [id, product] of loaded) {
        products.delete(id);
        products.set(id, { at, versions: current, value: product });
      }
      bound(products, MAX_PRODUCTS);
      return loaded;
    });
    const mine = ids.map((id) => {
      const value = batch.then((loaded) => loaded.get(id));
      value.catch(() => undefined); // its waiters see the failure; unwaited, it is not an unhandled one
      loading.set(id, { versions: current, value });
      return [id, value] as const;
    });
    const done = () => {
      for (const [id, value] of mine) if (loading.get(id)?.value === value) loading.delete(id);
    };
    batch.then(done, done);
    return batch;
  }

  /** Keeps at most `max` entries: the oldest stored go first (a Map iterates in insertion order). */
  function bound<T>(map: Map<string, T>, max: number) {
    for (const key of map.keys()) {
      if (map.size <= max) break;
      map.delete(key);
    }
  }

  return {
    /**
     * A list's answer (ids and count, or a count): from the cache while the catalogue is unchanged,
     * and, for a list that depends on stock (`byStock`), while this process changed no stock either.
     */
    list<T>(key: string, load: () => Promise<T>, byStock = false): Promise<T> {
      if (key.length > MAX_KEY_LENGTH) return load();
      const current = versions();
      const kept = lists.get(key);
      const fresh =
        kept && (byStock ? sameVersions(kept.versions, current) : kept.versions.catalogue === current.catalogue);
      if (kept && fresh && now() - kept.at < listTtlMs) return kept.value as Promise<T>;
      // Shared while it loads, so a burst of the same query costs one read.
      const value = load();
      const entry = { at: now(), versions: current, value };
      lists.delete(key);
      lists.set(key, entry);
      bound(lists, MAX_LISTS);
      value.catch(() => {
        if (lists.get(key) === entry) lists.delete(key);
      });
      return value;
    },

    /**
     * Products by id, from the cache while this process changed neither the catalogue nor stock:
     * fresh for PRODUCT_TTL_MS; for PRODUCT_STALE_MS more, answered while one read in the
     * background replaces them. The others are read by one `load` of the ids no read under way
     * already covers, so a burst of pages sharing products reads each once.
     */
    async products(ids: readonly string[], load: (missing: string[]) => Promise<Map<string, ProductJson>>) {
      const current = versions();
      const at = now();
      const found = new Map<string, ProductJson>();
      const missing: string[] = [];
      const stale: string[] = [];
      const waits: Promise<void>[] = [];
      for (const id of new Set(ids)) {
        const kept = products.get(id);
        const age = kept && sameVersions(kept.versions, current) ? at - kept.at : Infinity;
        if (age < productTtlMs + productStaleMs) {
          found.set(id, kept!.value);
          if (age >= productTtlMs) stale.push(id);
          continue;
        }
        const pending = loading.get(id);
        if (pending && sameVersions(pending.versions, current)) {
          waits.push(pending.value.then((product) => void (product && found.set(id, product))));
        } else missing.push(id);
      }
      const refresh = stale.filter((id) => !loading.has(id));
      if (refresh.length > 0) read(refresh, current, load).catch(() => undefined);
      if (missing.length > 0) for (const [id, product] of await read(missing, current, load)) found.set(id, product);
      await Promise.all(waits);
      return found;
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
