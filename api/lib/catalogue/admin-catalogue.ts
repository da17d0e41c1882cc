import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog, merchants, products, variants } from "../../db/schema";
import { sellingPrice } from "../../contract";
import { loadProductStates } from "./catalogue";
import { bumpCatalogueVersion, catalogueChanged } from "../../platform/catalogue-version";
import { fieldErrorsResponse, idPattern, notFound } from "../http/http";
import { newId } from "../ids";
import { buildSearchText } from "../search/search-text";
import {
  type ProductInput,
  type AdminProductJson,
  toAdminProduct,
  snapshotOf,
  snapshotAfter,
  sameSnapshot,
} from "./admin-product-schemas";

/**
 * Rows a statement writes (products, sizes, audit rows) or locks: a few hundred, so that an
 * import of 20,000 rows is neither one statement that holds the database for seconds nor
 * thousands of round trips, and the work of building each statement between them is short.
 */
const WRITE_BATCH = 250;

// The back office's catalogue writes (docs/decisions/008-catalogue-admin.md): creating, replacing
// and hiding products, the audit log, the listing deferred for bulk writes. The CSV import
// (api/lib/catalogue/catalogue-import.ts) applies its rows with the same functions.

export async function loadAdminProducts(db: Database, ids: readonly string[]): Promise<Map<string, AdminProductJson>> {
  const states = await loadProductStates(db, ids, { includeHidden: true });
  const codes =
    states.size === 0
      ? []
      : await db
          .select({ id: products.id, hsn: products.hsn })
          .from(products)
          .where(inArray(products.id, [...states.keys()]));
  const hsnOf = new Map(codes.map((row) => [row.id, row.hsn]));
  return new Map(
    [...states].map(([id, { product, hidden }]) => [id, toAdminProduct(product, hidden, hsnOf.get(id) ?? null)]),
  );
}

/** One product, hidden ones too; null for an unknown or malformed id. */
export async function loadAdminProduct(db: Database, id: string): Promise<AdminProductJson | null> {
  if (!idPattern.test(id)) return null;
  return (await loadAdminProducts(db, [id])).get(id) ?? null;
}

/** An array parameter of SQL type `type` (both drivers send a JavaScript array as one). */
const array = (values: readonly unknown[], type: string) => sql`${sql.param([...values])}::${sql.raw(type)}[]`;

export type AuditEntry = {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  at: Date;
};

/** Audit rows, written in the transaction of the change they record (docs/decisions/007). */
export async function writeAudit(tx: Database, entries: AuditEntry[]): Promise<void> {
  // A value absent is SQL null, as drizzle writes it.
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  for (let start = 0; start < entries.length; start += WRITE_BATCH) {
    const batch = entries.slice(start, start + WRITE_BATCH);
    // Each column one array parameter, as insertProducts.
    const column = (of: (entry: AuditEntry) => unknown, type: string) => array(batch.map(of), type);
    await tx.execute(sql`
      insert into ${auditLog} (actor_id, action, entity, entity_id, before, after, at)
      select * from unnest(${column((e) => e.actorId, "text")}, ${column((e) => e.action, "text")},
        ${column((e) => e.entity, "text")}, ${column((e) => e.entityId, "text")}, ${column((e) => json(e.before), "jsonb")},
        ${column((e) => json(e.after), "jsonb")}, ${column((e) => e.at.toISOString(), "timestamptz")})`);
  }
}

/** Which of `ids` name no merchant. */
export async function unknownMerchants(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids)];
  const known =
    wanted.length === 0
      ? []
      : await db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.id, wanted));
  const found = new Set(known.map((row) => row.id));
  return new Set(wanted.filter((id) => !found.has(id)));
}

/** The product row's columns that follow from its fields and variants. */
function productColumns(input: ProductInput) {
  const costs = input.variants.map((v) => sellingPrice(v.mrp, v.discount));
  const fields = {
    shortTitle: input.title.shortTitle,
    longTitle: input.title.longTitle,
    tagLine: input.tagLine,
    description: input.description,
    brand: input.brand,
    category: input.category,
    subCategory: input.subCategory,
    productType: input.productType,
    productSubType: input.productSubType,
    gender: input.gender,
  };
  return {
    ...fields,
    // undefined (not given) leaves the product's code as it is: no column written.
    hsn: input.hsn,
    merchantId: input.merchantId,
    price: Math.min(...costs),
    discount: Math.max(...input.variants.map((v) => v.discount)),
    searchText: buildSearchText(fields),
  };
}

/**
 * Inserts new products with their variants, WRITE_BATCH rows a statement (the caller refreshes
 * the listing: withListingDeferred). Each column is one array parameter, unnested: drizzle builds
 * a statement of 250 rows given as values, 5,000 parameters, in 50 to 150 ms of our event loop,
 * and this one in well under a millisecond.
 */
export async function insertProducts(
  tx: Database,
  created: { id: string; input: ProductInput; hidden: boolean; createdAt: Date }[],
): Promise<void> {
  for (let start = 0; start < created.length; start += WRITE_BATCH) {
    const batch = created.slice(start, start + WRITE_BATCH);
    const rows = batch.map(({ id, input, hidden, createdAt }) => ({
      id,
      hidden,
      createdAt: createdAt.toISOString(),
      ...productColumns(input),
    }));
    const column = <K extends keyof (typeof rows)[number]>(name: K, type: string) =>
      array(
        rows.map((row) => row[name] ?? null),
        type,
      );
    await tx.execute(sql`
      insert into ${products} (id, short_title, long_title, tag_line, description, brand, category, sub_category,
        product_type, product_sub_type, gender, hsn, merchant_id, price, discount, search_text, hidden, created_at,
        images, rating_value, rating_count)
      select *, '[]'::jsonb, null::real, null::integer from unnest(${column("id", "text")}, ${column("shortTitle", "text")},
        ${column("longTitle", "text")}, ${column("tagLine", "text")}, ${column("description", "text")},
        ${column("brand", "text")}, ${column("category", "text")}, ${column("subCategory", "text")},
        ${column("productType", "text")}, ${column("productSubType", "text")}, ${column("gender", "text")},
        ${column("hsn", "text")}, ${column("merchantId", "text")}, ${column("price", "integer")},
        ${column("discount", "integer")}, ${column("searchText", "text")}, ${column("hidden", "boolean")},
        ${column("createdAt", "timestamptz")})`);
    await insertVariants(
      tx,
      batch.flatMap(({ id, input }) =>
        input.variants.map((v, position) => ({
          productId: id,
          size: v.size,
          position,
          quantity: v.quantity,
          mrp: v.mrp,
          cost: sellingPrice(v.mrp, v.discount),
          discount: v.discount,
        })),
      ),
    );
  }
}

/** Inserts variants, WRITE_BATCH a statement, each column one array parameter (as insertProducts). */
async function insertVariants(tx: Database, rows: readonly (typeof variants.$inferInsert)[]): Promise<void> {
  for (let at = 0; at < rows.length; at += WRITE_BATCH) {
    const batch = rows.slice(at, at + WRITE_BATCH);
    const column = <K extends keyof (typeof batch)[number]>(name: K, type: string) =>
      array(
        batch.map((row) => row[name]),
        type,
      );
    await tx.execute(sql`
      insert into ${variants} (product_id, size, position, quantity, mrp, cost, discount)
      select * from unnest(${column("productId", "text")}, ${column("size", "text")}, ${column("position", "integer")},
        ${column("quantity", "integer")}, ${column("mrp", "integer")}, ${column("cost", "integer")},
        ${column("discount", "integer")})`);
  }
}

export type ProductRewrite = { id: string; input: ProductInput; hidden?: boolean };

/**
 * Rewrites products to their `input` (and `hidden`, when given): their fields, and their
 * variants matched by size (changed ones updated, new ones added, missing ones deleted; carts
 * and orders keep their own copies of what they hold). The caller has locked the products,
 * checked that each changes, and refreshes the listing after (withListingDeferred).
 *
 * A few statements for each WRITE_BATCH of them: one statement each costs about 2 ms on PGlite,
 * and an import rewriting 3,000 products one statement at a time took 35 s. The
 * variants are locked first in (product, size) order, the order orders take them in
 * (docs/decisions/007), so an import and an order never wait on each other in a circle.
 */
export async function rewriteProducts(tx: Database, rewrites: readonly ProductRewrite[]): Promise<void> {
  for (let start = 0; start < rewrites.length; start += WRITE_BATCH) {
    const batch = rewrites.slice(start, start + WRITE_BATCH);
    const ids = batch.map((rewrite) => rewrite.id);
    const current = await tx
      .select({
        productId: variants.productId,
        size: variants.size,
        position: variants.position,
        quantity: variants.quantity,
        mrp: variants.mrp,
        discount: variants.discount,
        cost: variants.cost,
      })
      .from(variants)
      .where(inArray(variants.productId, ids))
      .orderBy(asc(variants.productId), asc(variants.size))
      .for("no key update");
    const key = (productId: string, size: string) => `${productId}\u0000${size}`;
    const existing = new Map(current.map((v) => [key(v.productId, v.size), v]));
    const wanted = new Map<string, typeof variants.$inferInsert>();
    for (const { id, input } of batch) {
      input.variants.forEach((v, position) =>
        wanted.set(key(id, v.size), {
          productId: id,
          size: v.size,
          position,
          quantity: v.quantity,
          mrp: v.mrp,
          discount: v.discount,
          cost: sellingPrice(v.mrp, v.discount),
        }),
      );
    }
    const removed = current.filter((v) => !wanted.has(key(v.productId, v.size)));
    const added = [...wanted.values()].filter((v) => !existing.has(key(v.productId, v.size)));
    const changed = [...wanted.values()].filter((v) => {
      const was = existing.get(key(v.productId, v.size));
      return (
        was &&
        (was.position !== v.position ||
          was.quantity !== v.quantity ||
          was.mrp !== v.mrp ||
          was.discount !== v.discount ||
          was.cost !== v.cost)
      );
    });
    if (removed.length > 0) {
      await tx.execute(sql`
        delete from ${variants} where (${variants.productId}, ${variants.size}) in (
          select * from unnest(${array(
            removed.map((v) => v.productId),
            "text",
          )}, ${array(
            removed.map((v) => v.size),
            "text",
          )}))`);
    }
    if (changed.length > 0) {
      const column = <K extends keyof (typeof changed)[number]>(name: K) => changed.map((v) => v[name]);
      await tx.execute(sql`
        update ${variants} set position = u.position, quantity = u.quantity, mrp = u.mrp, discount = u.discount, cost = u.cost
        from unnest(${array(column("productId"), "text")}, ${array(column("size"), "text")}, ${array(column("position"), "integer")},
          ${array(column("quantity"), "integer")}, ${array(column("mrp"), "integer")}, ${array(column("discount"), "integer")},
          ${array(column("cost"), "integer")}) as u (product_id, size, position, quantity, mrp, discount, cost)
        where ${variants.productId} = u.product_id and ${variants.size} = u.size`);
    }
    await insertVariants(tx, added);

    const rows = batch.map(({ id, input, hidden }) => ({ id, hidden, ...productColumns(input) }));
    const text = (name: keyof (typeof rows)[number]) =>
      array(
        rows.map((row) => row[name]),
        "text",
      );
    await tx.execute(sql`
      update ${products} set short_title = u.short_title, long_title = u.long_title, tag_line = u.tag_line,
        description = u.description, brand = u.brand, category = u.category, sub_category = u.sub_category,
        product_type = u.product_type, product_sub_type = u.product_sub_type, gender = u.gender,
        merchant_id = u.merchant_id, price = u.price, discount = u.discount, search_text = u.search_text,
        hidden = coalesce(u.hidden, ${products.hidden}),
        hsn = case when u.hsn_given then u.hsn else ${products.hsn} end
      from unnest(${text("id")}, ${text("shortTitle")}, ${text("longTitle")}, ${text("tagLine")}, ${text("description")},
        ${text("brand")}, ${text("category")}, ${text("subCategory")}, ${text("productType")}, ${text("productSubType")},
        ${text("gender")}, ${text("merchantId")}, ${array(
          rows.map((row) => row.price),
          "integer",
        )},
        ${array(
          rows.map((row) => row.discount),
          "integer",
        )}, ${text("searchText")},
        ${array(
          rows.map((row) => row.hidden ?? null),
          "boolean",
        )},
        ${array(
          rows.map((row) => row.hsn ?? null),
          "text",
        )},
        ${array(
          rows.map((row) => row.hsn !== undefined),
          "boolean",
        )})
        as u (id, short_title, long_title, tag_line, description, brand, category, sub_category, product_type,
          product_sub_type, gender, merchant_id, price, discount, search_text, hidden, hsn, hsn_given)
      where ${products.id} = u.id`);
  }
}

/**
 * Runs `write` with the listing's triggers held back for this transaction (migration 0005), then
 * refreshes the listing rows of `ids` (read once `write` is done, so it may fill them), WRITE_BATCH
 * products a call: an import writing thousands of products and sizes would otherwise refresh
 * after each statement.
 */
export async function withListingDeferred<T>(
  tx: Database,
  ids: readonly string[],
  write: () => Promise<T>,
): Promise<T> {
  await tx.execute(sql`select set_config('product_listing.deferred', 'on', true)`);
  const result = await write();
  await tx.execute(sql`select set_config('product_listing.deferred', 'off', true)`);
  for (let start = 0; start < ids.length; start += WRITE_BATCH) {
    const batch = ids.slice(start, start + WRITE_BATCH);
    await tx.execute(sql`select product_listing_refresh(${sql.param(batch)}::text[])`);
  }
  return result;
}

/**
 * Locks products `ids` for a change (orders and carts may still reference them meanwhile) and
 * answers those that exist: in id order, a thousand a statement.
 */
export async function lockProducts(tx: Database, ids: readonly string[]): Promise<Set<string>> {
  const sorted = [...new Set(ids)].sort();
  const found = new Set<string>();
  for (let start = 0; start < sorted.length; start += 1000) {
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, sorted.slice(start, start + 1000)))
      .orderBy(asc(products.id))
      // NO KEY UPDATE: an order or a cart line being written for the product takes KEY SHARE on
      // it through its foreign key, which this lock does not block, so neither waits on the other.
      .for("no key update");
    for (const row of rows) found.add(row.id);
  }
  return found;
}

type Deps = { db: Database; now: () => Date };

/** Runs an admin's change of the catalogue: raises the catalogue version with it, and tells this process's caches once it committed. */
export async function changeCatalogue<T>(
  db: Database,
  change: (tx: Database) => Promise<{ result: T; changed: boolean }>,
): Promise<T> {
  const { result, changed } = await db.transaction(async (tx) => {
    const outcome = await change(tx as unknown as Database);
    if (outcome.changed) await bumpCatalogueVersion(tx as unknown as Database);
    return outcome;
  });
  if (changed) catalogueChanged();
  return result;
}

async function checkMerchant(db: Database, merchantId: string) {
  if ((await unknownMerchants(db, [merchantId])).size > 0) {
    throw fieldErrorsResponse([{ path: "merchantId", message: "No such merchant" }]);
  }
}

/** POST /userapp/admin/products. */
export async function createProduct(
  deps: Deps,
  actorId: string | null,
  input: ProductInput,
): Promise<AdminProductJson> {
  await checkMerchant(deps.db, input.merchantId);
  const id = newId();
  const now = deps.now();
  await changeCatalogue(deps.db, async (tx) => {
    await withListingDeferred(tx, [id], () => insertProducts(tx, [{ id, input, hidden: false, createdAt: now }]));
    const [product] = [...(await loadAdminProducts(tx, [id])).values()];
    await writeAudit(tx, [
      {
        actorId,
        action: "product.create",
        entity: "product",
        entityId: id,
        before: null,
        after: snapshotOf(product),
        at: now,
      },
    ]);
    return { result: null, changed: true };
  });
  return (await loadAdminProduct(deps.db, id))!;
}

/** PUT /userapp/admin/products/{id}: nothing is written (no audit row either) when nothing changes. */
export async function replaceProduct(
  deps: Deps,
  actorId: string | null,
  id: string,
  input: ProductInput,
): Promise<AdminProductJson> {
  if (!idPattern.test(id)) throw notFound("Product not found");
  await checkMerchant(deps.db, input.merchantId);
  await changeCatalogue(deps.db, async (tx) => {
    if (!(await lockProducts(tx, [id])).has(id)) throw notFound("Product not found");
    const before = snapshotOf((await loadAdminProducts(tx, [id])).get(id)!);
    const after = snapshotAfter(input, before.hidden, before.images, before.hsn);
    if (sameSnapshot(before, after)) return { result: null, changed: false };
    await withListingDeferred(tx, [id], () => rewriteProducts(tx, [{ id, input }]));
    await writeAudit(tx, [
      { actorId, action: "product.update", entity: "product", entityId: id, before, after, at: deps.now() },
    ]);
    return { result: null, changed: true };
  });
  return (await loadAdminProduct(deps.db, id))!;
}

/** PUT /userapp/admin/products/{id}/hide and /unhide; hiding a hidden product changes nothing. */
export async function setHidden(
  deps: Deps,
  actorId: string | null,
  id: string,
  hidden: boolean,
): Promise<AdminProductJson> {
  if (!idPattern.test(id)) throw notFound("Product not found");
  await changeCatalogue(deps.db, async (tx) => {
    if (!(await lockProducts(tx, [id])).has(id)) throw notFound("Product not found");
    const before = snapshotOf((await loadAdminProducts(tx, [id])).get(id)!);
    if (before.hidden === hidden) return { result: null, changed: false };
    // The products update trigger takes the listing row away, or writes it back (migration 0005).
    await tx.update(products).set({ hidden }).where(eq(products.id, id));
    await writeAudit(tx, [
      {
        actorId,
        action: hidden ? "product.hide" : "product.unhide",
        entity: "product",
        entityId: id,
        before: { hidden: before.hidden },
        after: { hidden },
        at: deps.now(),
      },
    ]);
    return { result: null, changed: true };
  });
  return (await loadAdminProduct(deps.db, id))!;
}
