import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildIfNeeded } from "../server/build";
import { createBenchDatabase } from "./database";
import { buildTreeIfNeeded } from "./soak";

/**
 * How many /userapp calls and SQL statements one shopper's intent costs: add to cart, change a
 * quantity, place an order (to a saved address and to a new one), and a signed-in /shop. Each is
 * a real request through the whole site in one process, as a browser without JavaScript sends
 * it; the redirect's page afterwards is not counted (it is the page's own reload).
 *
 * The calls are counted at the storefront's door to the API, the statements at node-postgres's
 * client (BEGIN and COMMIT count as statements). Each intent is measured on its second run, with
 * the catalogue's caches warm. BENCH_TREE measures another checkout (built, with node_modules)
 * instead of this one, so an older commit's figures come from the same script: figures only.
 */
const root = path.resolve(import.meta.dirname, "..");
const tree = path.resolve(process.env.BENCH_TREE ?? root);
const fromTree = (file: string) => import(path.join(tree, file));

let statements = 0;
/** BENCH_SQL=1 prints each statement counted (its first line), to see where they go. */
const showSql = process.env.BENCH_SQL === "1";
let recording = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  if (showSql && recording) {
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string })?.text;
    console.error(`  sql: ${String(text).replace(/\s+/g, " ").slice(0, 160)}`);
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

export type RoundTrips = { intent: string; status: number; apiCalls: string[]; statements: number };

export async function measureRoundTrips(): Promise<RoundTrips[]> {
  process.env.SESSION_SECRET ??= "round-trips-bench";
  if (process.env.BENCH_TREE) buildTreeIfNeeded(tree);
  else buildIfNeeded(tree);
  const scratch = await createBenchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "round-trips-"));
  const { openShopDatabase } = await fromTree("api/db/connect.ts");
  const { seedCatalogue } = await fromTree("api/seed/catalogue.ts");
  const { createUserapp } = await fromTree("api/app.ts");
  const { defaultOrderSettings } = await fromTree("api/lib/orders/order-states.ts");
  const { createSite } = await fromTree("server/site.ts");
  const handle = await openShopDatabase({ DATABASE_URL: scratch.url, DATA_DIR: dataDir }, { shop: true });
  try {
    await seedCatalogue(handle.db, {});
    // One shopper places four Cash on Delivery orders here, over the default open-order limit (2).
    const api = createUserapp({ db: handle.db, orders: { ...defaultOrderSettings, maxOpenCodOrders: 10 } });
    let calls: string[] = [];
    const storefrontUserapp = (request: Request, bindings: unknown) => {
      calls.push(`${request.method} ${new URL(request.url).pathname.replace(/[0-9a-f]{24}/g, ":id")}`);
      return api.fetch(request, bindings);
    };
    const build = await import(path.join(tree, "build/server/index.js"));
    const site = createSite({ userapp: api.fetch, storefrontUserapp, build, mode: "production" });
    const origin = "http://shop.bench";
    const send = async (pathname: string, init: RequestInit = {}) => {
      const response: Response = await site.fetch(new Request(origin + pathname, init));
      return { status: response.status, headers: response.headers, body: await response.text() };
    };
    const form = (pathname: string, fields: Record<string, string>, cookie: string) =>
      send(pathname, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
        body: new URLSearchParams(fields),
      });

    const email = `round-trips-${Date.now()}@example.test`;
    const password = "correct horse battery";
    const json = { "content-type": "application/json" };
    await send("/userapp/auth/register", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password, firstName: "Asha", lastName: "Rao" }),
    });
    const login = await form("/login", { email, password }, "");
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const list = await send("/userapp/product/list", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ query: {}, options: { page: 1, limit: 20 }, isCountOnly: false }),
    });
    type Listed = { _id: string; variants: { size: string; quantity: number }[] };
    const products = (JSON.parse(list.body).data.data as Listed[])
      .map((p) => ({ id: p._id, size: p.variants.find((v) => v.quantity >= 5)?.size }))
      .filter((p): p is { id: string; size: string } => Boolean(p.size));
    const home = { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560038", country: "India" };

    const results: RoundTrips[] = [];
    const measure = async (intent: string, run: (round: number) => Promise<{ status: number }>) => {
      for (const round of [0, 1]) {
        calls = [];
        statements = 0;
        recording = round === 1;
        if (recording && showSql) console.error(`${intent}:`);
        const response = await run(round);
        recording = false;
        if (round === 1) results.push({ intent, status: response.status, apiCalls: calls, statements });
      }
    };
    const cart = (fields: Record<string, string>) => form("/cart", { redirectTo: "/mycart", ...fields }, cookie);
    await measure("add to cart", (round) =>
      cart({ intent: "add", productId: products[round].id, size: products[round].size, qty: "1" }),
    );
    await measure("update quantity", (round) =>
      cart({ intent: "update", productId: products[round].id, size: products[round].size, qty: "3" }),
    );
    let key = 0;
    const checkout = (fields: Record<string, string>) =>
      form("/checkout", { idempotencyKey: `round-trips-${++key}`, paymentMethod: "cod", ...fields }, cookie);
    const refill = () =>
      cart({ intent: "add", productId: products[2 + key].id, size: products[2 + key].size, qty: "1" });
    await measure("place order, new address", async () => {
      await refill();
      calls = [];
      statements = 0;
      return checkout({ ...home, locality: `${key} MG Road` });
    });
    const token = JSON.parse(
      (
        await send("/userapp/auth/login", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ username: email, password }),
        })
      ).body,
    ).data.token as string;
    const me = JSON.parse((await send("/userapp/user/me", { headers: { authorization: `Bearer ${token}` } })).body);
    const addressId = me.data.address[0]._id as string;
    await measure("place order, saved address", async () => {
      await refill();
      calls = [];
      statements = 0;
      return checkout({ addressId });
    });
    await measure("signed-in /shop", () => send("/shop", { headers: { cookie } }));
    return results;
  } finally {
    await handle.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printRoundTrips(rows: RoundTrips[]) {
  console.log(`\n## Round trips per intent (${tree === root ? "this tree" : tree})`);
  console.log("| intent | answer | /userapp calls | SQL statements | calls |");
  console.log("| --- | ---: | ---: | ---: | --- |");
  for (const row of rows) {
    console.log(
      `| ${row.intent} | ${row.status} | ${row.apiCalls.length} | ${row.statements} | ${row.apiCalls.join(", ")} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printRoundTrips(await measureRoundTrips());
  process.exit(0);
}
