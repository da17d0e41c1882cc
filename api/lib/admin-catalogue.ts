import { and, asc, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { auditLog, merchants, type ProductImage, products, variants } from "../db/schema";
import { sellingPrice } from "../contract";
import { loadProductStates, NO_PHOTO, type ProductJson } from "./catalogue";
import { bumpCatalogueVersion, catalogueChanged } from "./catalogue-version";
import { gstRuleFor, HSN_PATTERN } from "./gst";
import { fieldErrorsResponse, idPattern, notFound } from "./http";
import { newId } from "./ids";
import { paginator } from "./paging";
import { buildSearchText } from "./search-text";

// The back office's catalogue (docs/api.md, /userapp/admin/products and after;
// docs/decisions/008-catalogue-admin.md): the product body, creating and replacing products,
// hiding them, and the lists. The routes are api/routes/admin-catalogue.ts; the CSV import
// (api/lib/catalogue-csv.ts) applies its rows with the same functions.

/** Sizes one product may have. */
export const MAX_VARIANTS = 30;
/**
 * Rows a statement writes (products, sizes, audit rows) or locks: a few hundred, so that an
 * import of 20,000 rows is neither one statement that holds the database for seconds nor
 * thousands of round trips, and the work of building each statement between them is short.
 */
const WRITE_BATCH = 250;
export const MAX_MRP = 10_000_000;
export const MAX_QUANTITY = 1_000_000;
/** The storefront's gender filter knows these (app/lib/shop-params.ts). */
export const GENDERS = ["men", "women", "unisex"] as const;

const SINGLE_LINE = /^[^\r\n]*$/;

/** Text on one line, trimmed, `min` to `max` characters. */
const line = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`)
    .regex(SINGLE_LINE, `${label} must be one line`);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const variantInputSchema = z.object({
  size: line("Size", 20),
  mrp: wholeNumber("MRP", 1, MAX_MRP),
  discount: wholeNumber("Discount", 0, 99),
  quantity: wholeNumber("Quantity", 0, MAX_QUANTITY),
});

/** The product's own fields, as the body of POST and PUT /userapp/admin/products has them. */
export const productFieldsSchema = z.object({
  title: z.object(
    {
      shortTitle: line("Short title", 100),
      longTitle: line("Long title", 250),
    },
    { error: "title must be {shortTitle, longTitle}" },
  ),
  tagLine: line("Tag line", 200, 0).default(""),
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(5000, "Description is at most 5000 characters")
    .default(""),
  brand: line("Brand", 60),
  category: line("Category", 60),
  subCategory: line("Subcategory", 60),
  productType: line("Product type", 60),
  productSubType: line("Product subtype", 60),
  /**
   * The HSN code; its GST rate follows from the rate table (api/lib/gst.ts). Blank or null: from
   * the product's classification (hsnForClassification); absent: unchanged (new products: blank).
   */
  hsn: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || null : value),
    z
      .string({ error: "HSN code must be text" })
      .regex(HSN_PATTERN, { message: "HSN code is 4, 6 or 8 digits", abort: true })
      .refine((hsn) => gstRuleFor(hsn) !== null, "The GST rate table has no rate for this HSN code")
      .nullable()
      .optional(),
  ),
  gender: z.enum(GENDERS, { error: `gender must be one of ${GENDERS.join(", ")}` }),
  merchantId: z.string({ error: "merchantId is required" }).regex(idPattern, "Not a merchant id"),
});

export const productInputSchema = productFieldsSchema
  .extend({
    variants: z
      .array(variantInputSchema, { error: "variants must be a list" })
      .min(1, "Add at least one size")
      .max(MAX_VARIANTS, `A product has at most ${MAX_VARIANTS} sizes`),
  })
  .superRefine((input, ctx) => {
    // Case-insensitively: "M" and "m" side by side would read as one size to a shopper.
    const seen = new Map<string, number>();
    input.variants.forEach((variant, index) => {
      const key = variant.size.toLowerCase();
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else
        ctx.addIssue({
          code: "custom",
          path: ["variants", index, "size"],
          message: `Size ${variant.size} is listed twice (also variants.${first}.size)`,
        });
    });
  });

export type ProductInput = z.output<typeof productInputSchema>;

export type AdminVariantJson = { size: string; mrp: number; discount: number; cost: number; quantity: number };

/** One product in the back office's list: the storefront's shape (api/lib/catalogue.ts) and `hidden`. */
export type AdminListProductJson = ProductJson & { hidden: boolean };

/**
 * One product as the back office edits it: the storefront's fields, `merchantId`, `hidden`, its
 * `images` (the same entries as `productImages`) and its variants flat, as the body sends them.
 */
export type AdminProductJson = Omit<ProductJson, "variants"> & {
  merchantId: string;
  /** Its own HSN code; null when it takes its classification's (api/lib/gst.ts). */
  hsn: string | null;
  hidden: boolean;
  images: ProductImage[];
  variants: AdminVariantJson[];
};

export function toAdminProduct(product: ProductJson, hidden: boolean, hsn: string | null = null): AdminProductJson {
  return {
    ...product,
    merchantId: product.merchant.id,
    hsn,
    hidden,
    // The shop's stand-in picture for a product without photos is not one of its photos.
    images: product.productImages.filter((image) => image.path !== NO_PHOTO.path),
    variants: product.variants.map((v) => ({
      size: v.size,
      mrp: v.price.mrp,
      discount: v.price.discount,
      cost: v.price.cost,
      quantity: v.quantity,
    })),
  };
}

/** What an admin can change of a product: the audit log's before and after. */
export type ProductSnapshot = {
  title: { shortTitle: string; longTitle: string };
  tagLine: string;
  description: string;
  brand: string;
  category: string;
  subCategory: string;
  productType: string;
  productSubType: string;
  hsn: string | null;
  gender: string;
  merchantId: string;
  hidden: boolean;
  variants: AdminVariantJson[];
  images: ProductImage[];
};

export function snapshotOf(product: AdminProductJson): ProductSnapshot {
  return {
    title: product.title,
    tagLine: product.tagLine,
    description: product.description,
    brand: product.brand,
    category: product.category,
    subCategory: product.subCategory,
    productType: product.productType,
    productSubType: product.productSubType,
    hsn: product.hsn,
    gender: product.gender,
    merchantId: product.merchantId,
    hidden: product.hidden,
    variants: product.variants,
    images: product.images,
  };
}

/** The snapshot a product would have after `input` (its images unchanged; its HSN code too when `input` has none). */
export function snapshotAfter(
  input: ProductInput,
  hidden: boolean,
  images: ProductImage[],
  hsn: string | null,
): ProductSnapshot {
  return {
    title: input.title,
    tagLine: input.tagLine,
    description: input.description,
    brand: input.brand,
    category: input.category,
    subCategory: input.subCategory,
    productType: input.productType,
    productSubType: input.productSubType,
    hsn: input.hsn === undefined ? hsn : input.hsn,
    gender: input.gender,
    merchantId: input.merchantId,
    hidden,
    // Keys in toAdminProduct's order: sameSnapshot compares the JSON.
    variants: input.variants.map((v) => ({
      size: v.size,
      mrp: v.mrp,
      discount: v.discount,
      cost: sellingPrice(v.mrp, v.discount),
      quantity: v.quantity,
    })),
    images,
  };
}

export const sameSnapshot = (a: ProductSnapshot, b: ProductSnapshot) => JSON.stringify(a) === JSON.stringify(b);

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

export const VISIBILITIES = ["all", "visible", "hidden"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /userapp/admin/products: every product, hidden ones too, newest first. `search` finds
 * products whose text (titles, tag line, brand, classification) holds every word, or the
 * product with that id. It reads products, not the shop's product_listing, which leaves hidden
 * products out; a back office's few requests can afford the scan.
 */
export async function listAdminProducts(
  db: Database,
  query: { search?: string; visibility: Visibility; page: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (query.visibility !== "all") conditions.push(eq(products.hidden, query.visibility === "hidden"));
  const words = (query.search ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 1 && idPattern.test(words[0])) {
    conditions.push(eq(products.id, words[0]));
  } else {
    for (const word of words) conditions.push(sql`${products.searchText} like ${`%${likeEscaped(word)}%`}`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ itemCount }] = await db
    .select({ itemCount: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const states = await loadProductStates(
    db,
    rows.map((row) => row.id),
    { includeHidden: true },
  );
  const data: AdminListProductJson[] = rows.flatMap((row) => {
    const state = states.get(row.id);
    return state ? [{ ...state.product, hidden: state.hidden }] : [];
  });
  return { data, paginator: paginator(itemCount, query.page, query.limit) };
}

export type LowStockJson = {
  productId: string;
  title: { shortTitle: string; longTitle: string };
  brand: string;
  hidden: boolean;
  size: string;
  quantity: number;
  mrp: number;
  discount: number;
  cost: number;
};

/** GET /userapp/admin/stock/low: sizes with `threshold` units or fewer, fewest first, hidden products' too. */
export async function lowStock(db: Database, query: { threshold: number; page: number; limit: number }) {
  const where = lte(variants.quantity, query.threshold);
  const [{ itemCount }] = await db
    .select({ itemCount: sql<number>`count(*)::int` })
    .from(variants)
    .where(where);
  const rows = await db
    .select({
      productId: products.id,
      shortTitle: products.shortTitle,
      longTitle: products.longTitle,
      brand: products.brand,
      hidden: products.hidden,
      size: variants.size,
      quantity: variants.quantity,
      mrp: variants.mrp,
      discount: variants.discount,
      cost: variants.cost,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(where)
    .orderBy(asc(variants.quantity), asc(products.id), asc(variants.position))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const data: LowStockJson[] = rows.map(({ shortTitle, longTitle, ...row }) => ({
    productId: row.productId,
    title: { shortTitle, longTitle },
    brand: row.brand,
    hidden: row.hidden,
    size: row.size,
    quantity: row.quantity,
    mrp: row.mrp,
    discount: row.discount,
    cost: row.cost,
  }));
  return { data, paginator: paginator(itemCount, query.page, query.limit) };
}

/** GET /userapp/admin/merchants: every merchant, for the product form's select. */
export async function listMerchants(db: Database) {
  const rows = await db
    .select({ _id: merchants.id, name: merchants.name, companyName: merchants.companyName })
    .from(merchants)
    .orderBy(asc(merchants.companyName), asc(merchants.id));
  return rows;
}

export type CatalogueOptions = {
  categories: string[];
  subCategories: string[];
  productTypes: string[];
  productSubTypes: string[];
  genders: string[];
  sizes: string[];
  brands: string[];
};

const byText = (a: string, b: string) =>
  a.localeCompare(b, "en", { numeric: true, sensitivity: "base" }) || (a < b ? -1 : a > b ? 1 : 0);

/** GET /userapp/admin/catalogue/options: the values the catalogue holds (hidden products' too), for the form's lists. */
export async function catalogueOptions(db: Database): Promise<CatalogueOptions> {
  const distinct = async (column: SQL) =>
    (
      (await db.execute(sql`select distinct ${column} as "value" from ${products}`)) as unknown as {
        rows: { value: string }[];
      }
    ).rows
      .map((row) => row.value)
      .sort(byText);
  const sizes = (
    (await db.execute(sql`select distinct ${variants.size} as "value" from ${variants}`)) as unknown as {
      rows: { value: string }[];
    }
  ).rows
    .map((row) => row.value)
    .sort(byText);
  const genders = await distinct(sql`${products.gender}`);
  return {
    categories: await distinct(sql`${products.category}`),
    subCategories: await distinct(sql`${products.subCategory}`),
    productTypes: await distinct(sql`${products.productType}`),
    productSubTypes: await distinct(sql`${products.productSubType}`),
    // Every gender the shop's filter knows, whether or not a product has it yet.
    genders: [...new Set([...GENDERS, ...genders])],
    sizes,
    brands: await distinct(sql`${products.brand}`),
  };
}
