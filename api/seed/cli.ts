/**
 * `npm run seed [-- --products N] [-- --seed N] [-- --no-sample-reviews] [-- --force]`: replaces
 * the catalogue with a freshly generated one. `npm run seed -- --remove-sample-reviews` only
 * removes the seed's sample reviews from the shop there is (decision 047). Because orders, cart lines, wishlist and compare entries point at
 * products, they are removed too; users and their addresses stay. When shoppers have made any
 * of those, or have accounts, it refuses without --force: a shop in use is never emptied by accident.
 */
import { parseArgs } from "node:util";
import { readEnv } from "../config";
import type { DatabaseHandle } from "../db/client";
import { openShopDatabase } from "../db/connect";
import {
  DEFAULT_PRODUCTS,
  DEFAULT_SEED,
  MAX_PRODUCTS,
  type RemovedRows,
  type ShopperData,
  countShopperData,
  replaceCatalogue,
  vacuumCatalogue,
} from "./catalogue";
import { removeSampleReviews } from "./remove-samples";

const USAGE = `Usage: npm run seed -- [--products N] [--seed N] [--no-sample-reviews] [--force]
       npm run seed -- --remove-sample-reviews
  --products N             how many products to generate, 1 to ${MAX_PRODUCTS} (default ${DEFAULT_PRODUCTS})
  --seed N                 seed of the generator, 0 to 4294967295 (default ${DEFAULT_SEED}); the same seed gives the same catalogue
  --no-sample-reviews      seed no sample reviews
  --force                  replace the catalogue even when there are accounts, orders, carts, wishlists or compare lists
                           (every order, cart line, wishlist and compare entry is deleted; accounts stay)
  --remove-sample-reviews  only remove every sample review from the shop there is (shoppers' reviews, orders
                           and accounts stay); run it before opening the shop`;

class UsageError extends Error {}

function wholeNumber(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`--${name} must be a whole number, not "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new UsageError(`--${name} must be from ${min} to ${max}, not ${value}`);
  return value;
}

function parseOptions(argv: string[]) {
  let values: {
    products?: string;
    seed?: string;
    help?: boolean;
    force?: boolean;
    "no-sample-reviews"?: boolean;
    "remove-sample-reviews"?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        products: { type: "string" },
        seed: { type: "string" },
        help: { type: "boolean", short: "h" },
        force: { type: "boolean" },
        "no-sample-reviews": { type: "boolean" },
        "remove-sample-reviews": { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const removeSamples = values["remove-sample-reviews"] === true;
  const others = (["products", "seed", "force", "no-sample-reviews"] as const).filter(
    (name) => values[name] !== undefined,
  );
  if (removeSamples && others.length > 0) {
    throw new UsageError(`--remove-sample-reviews leaves the catalogue as it is: it takes no --${others.join(", --")}`);
  }
  return {
    help: values.help === true,
    force: values.force === true,
    removeSamples,
    sampleReviews: values["no-sample-reviews"] !== true,
    products: wholeNumber("products", values.products, DEFAULT_PRODUCTS, 1, MAX_PRODUCTS),
    seed: wholeNumber("seed", values.seed, DEFAULT_SEED, 0, 0xffffffff),
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 accounts, 1 order and 3 cart lines", or null when shoppers have made nothing. */
function describeShopperData(data: ShopperData): string | null {
  const parts = [
    data.accounts && plural(data.accounts, "account", "accounts"),
    data.orders && plural(data.orders, "order", "orders"),
    data.cartLines && plural(data.cartLines, "cart line", "cart lines"),
    data.wishlistEntries && plural(data.wishlistEntries, "wishlist entry", "wishlist entries"),
    data.comparedProducts && plural(data.comparedProducts, "compared product", "compared products"),
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

function describeRemoved(removed: RemovedRows): string {
  if (
    removed.products === 0 &&
    removed.merchants === 0 &&
    removed.orders === 0 &&
    removed.cartItems === 0 &&
    removed.wishlistItems === 0 &&
    removed.compareItems === 0
  ) {
    return "The catalogue was empty: nothing removed.";
  }
  return (
    `Removed the previous catalogue: ${removed.products} products (${removed.variants} variants), ${removed.merchants} merchants, ` +
    `${removed.orders} orders (${removed.orderItems} order lines), ${removed.cartItems} cart lines, ${removed.wishlistItems} wishlist entries and ${removed.compareItems} compared products.`
  );
}

async function main(argv: string[]): Promise<number> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`seed: ${error.message}\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }

  const started = performance.now();
  let handle: DatabaseHandle;
  let where: string;
  try {
    const env = readEnv();
    handle = await openShopDatabase(env);
    where = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `the embedded PostgreSQL in ${env.DATA_DIR}`;
  } catch (error) {
    // A bad DATABASE_URL or a DATA_DIR the server cannot use: the message says what to do, a stack trace would not.
    console.error(`seed: ${(error as Error).message}`);
    return 1;
  }
  try {
    if (options.removeSamples) {
      const removed = await removeSampleReviews(handle.db);
      console.log(
        removed.reviews === 0
          ? `There are no sample reviews in ${where}: nothing removed.`
          : `Removed ${plural(removed.reviews, "sample review", "sample reviews")} of ${plural(removed.products, "product", "products")} from ${where}.`,
      );
      return 0;
    }
    const inUse = describeShopperData(await countShopperData(handle.db));
    if (inUse && !options.force) {
      console.error(
        `seed: refused: ${where} holds ${inUse}. Reseeding deletes every order, cart line, wishlist and compare entry ` +
          "(accounts stay): run `npm run seed -- --force` to replace the catalogue anyway.",
      );
      return 1;
    }
    const samples = options.sampleReviews ? "" : ", no sample reviews";
    console.log(`Seeding ${options.products} products (seed ${options.seed}${samples}) into ${where}...`);
    const seeding = performance.now();
    const { removed, seeded } = await replaceCatalogue(handle.db, {
      products: options.products,
      seed: options.seed,
      sampleReviews: options.sampleReviews,
    });
    await vacuumCatalogue(handle.db);
    const done = performance.now();
    console.log(describeRemoved(removed));
    console.log(
      `Seeded ${seeded.products} products from ${seeded.merchants} merchants in ${seconds(done - seeding)} s ` +
        `(${seconds(done - started)} s with opening the database).`,
    );
    return 0;
  } catch (error) {
    console.error("seed: failed, the previous catalogue is unchanged:", error);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
