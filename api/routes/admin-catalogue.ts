import { z } from "@hono/zod-openapi";
import {
  catalogueOptions,
  listAdminProducts,
  listMerchants,
  lowStock,
  VISIBILITIES,
} from "../lib/catalogue/admin-catalogue-reads";
import { createProduct, loadAdminProduct, replaceProduct, setHidden } from "../lib/catalogue/admin-catalogue";
import { MAX_QUANTITY, productInputSchema } from "../lib/catalogue/admin-product-schemas";
import {
  adminListProductSchema,
  adminProductSchema,
  auditEntrySchema,
  catalogueOptionsSchema,
  importResultSchema,
  listPage,
  lowStockSchema,
  merchantSchema,
} from "../lib/http/api-schemas";
import { requireAdmin, requireUser } from "../lib/accounts/auth";
import { exportCatalogueCsv } from "../lib/catalogue/catalogue-csv";
import { importCatalogueCsv } from "../lib/catalogue/catalogue-import";
import { ImportRefused, MAX_REPORTED_ERRORS } from "../lib/catalogue/catalogue-import-rows";
import type { ApiDeps } from "../lib/context";
import { fieldErrorsResponse, notFound, ok, readBody, validate } from "../lib/http/http";
import { apiRoute, failure, fieldErrorSchema, jsonBody, mount, routeGroup, success } from "../lib/http/openapi";
import { paginator } from "../lib/http/paging";
import { addProductImage, MAX_IMAGE_BYTES, removeProductImage } from "../lib/catalogue/product-images";
import { listAuditEntries } from "../lib/audit-log";
import { formFile, isMultipart, uploadedFile } from "../lib/http/uploads";
import { pageQuerySchema } from "./orders";

const listQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200, "search is at most 200 characters").optional(),
  visibility: z.enum(VISIBILITIES, { error: `visibility must be one of ${VISIBILITIES.join(", ")}` }).default("all"),
});

const lowStockQuerySchema = pageQuerySchema.extend({
  threshold: z.coerce
    .number({ error: "threshold must be a number" })
    .int("threshold must be a whole number")
    .min(0, "threshold must be at least 0")
    .max(MAX_QUANTITY, `threshold must be at most ${MAX_QUANTITY}`)
    .default(5),
});

const auditQuerySchema = pageQuerySchema.extend({
  /** "product", "order", "catalogue". */
  entity: z.string().trim().max(40, "entity is at most 40 characters").optional(),
  entityId: z.string().trim().max(100, "entityId is at most 100 characters").optional(),
  /** e.g. "product.update". */
  action: z.string().trim().max(60, "action is at most 60 characters").optional(),
  /** The admin's id, or part of their email. */
  actor: z.string().trim().max(254, "actor is at most 254 characters").optional(),
});

const tags = ["admin: catalogue"];
const productId = z.object({ id: z.string().openapi({ description: "The product id (24 hex digits)" }) });
const binary = z.string().openapi({ format: "binary" });

const listRoute = apiRoute({
  method: "get",
  path: "/products",
  tags,
  summary: "The catalogue, hidden products too, newest first",
  access: "admin",
  request: { query: listQuerySchema },
  responses: { 200: success("A page of products", listPage(adminListProductSchema)) },
});

const getRoute = apiRoute({
  method: "get",
  path: "/products/{id}",
  tags,
  summary: "One product as the product form edits it",
  access: "admin",
  request: { params: productId },
  failures: [404],
  responses: { 200: success("The product", adminProductSchema) },
});

const createProductRoute = apiRoute({
  method: "post",
  path: "/products",
  tags,
  summary: "Create a product",
  access: "admin",
  request: { body: jsonBody(productInputSchema) },
  failures: [400],
  responses: { 201: success("The product is created.", adminProductSchema) },
});

const replaceRoute = apiRoute({
  method: "put",
  path: "/products/{id}",
  tags,
  summary: "Save a product: every field, its variants as a whole list",
  access: "admin",
  request: { params: productId, body: jsonBody(productInputSchema) },
  failures: [400, 404],
  responses: { 200: success("The product is saved.", adminProductSchema) },
});

const hideRoute = apiRoute({
  method: "put",
  path: "/products/{id}/hide",
  tags,
  summary: "Hide a product from the shop (carts and orders keep it)",
  access: "admin",
  request: { params: productId },
  failures: [404],
  responses: { 200: success("The product is hidden from the shop.", adminProductSchema) },
});

const unhideRoute = apiRoute({
  method: "put",
  path: "/products/{id}/unhide",
  tags,
  summary: "Show a hidden product in the shop again",
  access: "admin",
  request: { params: productId },
  failures: [404],
  responses: { 200: success("The product is back in the shop.", adminProductSchema) },
});

const addImageRoute = apiRoute({
  method: "post",
  path: "/products/{id}/images",
  tags,
  summary: `Add a photo (JPEG, PNG or WebP, at most ${MAX_IMAGE_BYTES} bytes), kept as WebP in three widths`,
  access: "admin",
  request: {
    params: productId,
    body: { content: { "multipart/form-data": { schema: z.object({ image: binary }) } } },
  },
  failures: [404, 409],
  responses: {
    201: success("The image is added.", adminProductSchema),
    409: failure(409, "FAILURE: the product already has this image, or has ten"),
  },
});

const removeImageRoute = apiRoute({
  method: "delete",
  path: "/products/{id}/images/{index}",
  tags,
  summary: "Remove a photo by its place in the product's images (from 0)",
  access: "admin",
  request: { params: productId.extend({ index: z.string().openapi({ example: "0" }) }) },
  failures: [404],
  responses: { 200: success("The image is removed.", adminProductSchema) },
});

const merchantsRoute = apiRoute({
  method: "get",
  path: "/merchants",
  tags,
  summary: "Every merchant, for the product form",
  access: "admin",
  responses: { 200: success("The merchants", z.array(merchantSchema)) },
});

const optionsRoute = apiRoute({
  method: "get",
  path: "/catalogue/options",
  tags,
  summary: "The values the catalogue holds, for the product form's lists",
  access: "admin",
  responses: { 200: success("The options", catalogueOptionsSchema) },
});

const exportRoute = apiRoute({
  method: "get",
  path: "/catalogue/export",
  tags,
  summary: "The whole catalogue as CSV, a row per variant",
  access: "admin",
  responses: {
    200: {
      description: "The CSV file (`Content-Disposition: attachment`)",
      content: { "text/csv": { schema: z.string() } },
    },
  },
});

/** The import's refusal: the rows' first errors and how many there are, or the form's field error. */
const importRefusal = {
  description: `VALIDATION_ERROR: nothing was imported; \`data\` lists the first ${MAX_REPORTED_ERRORS} errors by line and field, \`errorCount\` counts them all`,
  content: {
    "application/json": {
      schema: z.object({
        status: z.literal("VALIDATION_ERROR"),
        message: z.string(),
        data: z
          .array(
            z.union([z.object({ line: z.number().int(), field: z.string(), message: z.string() }), fieldErrorSchema]),
          )
          .max(MAX_REPORTED_ERRORS),
        errorCount: z
          .number()
          .int()
          .optional()
          .openapi({ description: "The file's errors in all (absent when the request had no file)", example: 320001 }),
      }),
    },
  },
};

const importRoute = apiRoute({
  method: "post",
  path: "/catalogue/import",
  tags,
  summary: "Import a catalogue CSV: every row is checked before any is written",
  access: "admin",
  request: {
    body: {
      content: {
        "text/csv": { schema: z.string() },
        "multipart/form-data": { schema: z.object({ file: binary }) },
      },
    },
  },
  responses: {
    200: success("Imported: N created, N updated, N unchanged.", importResultSchema),
    422: importRefusal,
  },
});

const lowStockRoute = apiRoute({
  method: "get",
  path: "/stock/low",
  tags,
  summary: "Sizes with `threshold` units or fewer, fewest first",
  access: "admin",
  request: { query: lowStockQuerySchema },
  responses: { 200: success("A page of sizes", listPage(lowStockSchema)) },
});

const auditRoute = apiRoute({
  method: "get",
  path: "/audit",
  tags,
  summary: "The audit log, newest first, filtered and paged",
  access: "admin",
  request: { query: auditQuerySchema },
  responses: { 200: success("A page of audit entries", listPage(auditEntrySchema)) },
});

/** The back office's catalogue calls, mounted at /userapp/admin; every one is for admins only. */
export function adminCatalogueRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  app.use("*", requireUser(deps), requireAdmin(deps));

  mount(app, listRoute, async (c) => {
    const query = validate(listQuerySchema, c.req.query());
    return ok(c, await listAdminProducts(db, query));
  });

  mount(app, getRoute, async (c) => {
    const product = await loadAdminProduct(db, c.req.param("id"));
    if (!product) throw notFound("Product not found");
    return ok(c, product);
  });

  mount(app, createProductRoute, async (c) => {
    const input = await readBody(c, productInputSchema);
    return ok(c, await createProduct(deps, c.var.user.id, input), "The product is created.", 201);
  });

  mount(app, replaceRoute, async (c) => {
    const id = c.req.param("id");
    // An unknown product is 404 before its body is judged.
    if (!(await loadAdminProduct(db, id))) throw notFound("Product not found");
    const input = await readBody(c, productInputSchema);
    return ok(c, await replaceProduct(deps, c.var.user.id, id, input), "The product is saved.");
  });

  mount(app, hideRoute, async (c) => {
    return ok(c, await setHidden(deps, c.var.user.id, c.req.param("id"), true), "The product is hidden from the shop.");
  });

  mount(app, unhideRoute, async (c) => {
    return ok(c, await setHidden(deps, c.var.user.id, c.req.param("id"), false), "The product is back in the shop.");
  });

  mount(app, addImageRoute, async (c) => {
    const id = c.req.param("id");
    if (!(await loadAdminProduct(db, id))) throw notFound("Product not found");
    const file = await uploadedFile(c, "image", "image");
    return ok(c, await addProductImage(deps, c.var.user.id, id, file), "The image is added.", 201);
  });

  mount(app, removeImageRoute, async (c) => {
    const index = c.req.param("index");
    if (!/^\d{1,3}$/.test(index)) throw notFound("No such image");
    return ok(
      c,
      await removeProductImage(deps, c.var.user.id, c.req.param("id"), Number(index)),
      "The image is removed.",
    );
  });

  mount(app, merchantsRoute, async (c) => ok(c, await listMerchants(db)));

  mount(app, optionsRoute, async (c) => ok(c, await catalogueOptions(db)));

  mount(app, exportRoute, (c) => {
    const pieces = exportCatalogueCsv(db);
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await pieces.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      },
      async cancel() {
        await pieces.return(undefined);
      },
    });
    const day = deps.now().toISOString().slice(0, 10);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="catalogue-${day}.csv"`);
    return c.body(stream);
  });

  mount(app, importRoute, async (c) => {
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    let file: Uint8Array | null = null;
    if (isMultipart(c)) file = await formFile(c, "file");
    else if (/^(text\/csv|application\/csv|text\/plain)\b/.test(type)) file = new Uint8Array(await c.req.arrayBuffer());
    if (!file) {
      throw fieldErrorsResponse([
        { path: "file", message: "Send the CSV as the body (text/csv), or as multipart/form-data in the field file" },
      ]);
    }
    let result;
    try {
      result = await importCatalogueCsv(deps, c.var.user.id, file);
    } catch (error) {
      if (!(error instanceof ImportRefused)) throw error;
      // The API's 422 envelope, with the count of all the errors beside the first ones.
      const { status, message, data, errorCount, code } = error;
      return c.json({ status, message, data, errorCount, code }, 422);
    }
    return ok(
      c,
      result,
      `Imported: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged.`,
    );
  });

  mount(app, lowStockRoute, async (c) => {
    const query = validate(lowStockQuerySchema, c.req.query());
    return ok(c, await lowStock(db, query));
  });

  mount(app, auditRoute, async (c) => {
    const query = validate(auditQuerySchema, c.req.query());
    const { data, itemCount } = await listAuditEntries(db, query);
    return ok(c, { data, paginator: paginator(itemCount, query.page, query.limit) });
  });

  return app;
}
