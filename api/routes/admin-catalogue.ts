import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { auditLog, users } from "../db/schema";
import {
  catalogueOptions,
  createProduct,
  listAdminProducts,
  listMerchants,
  loadAdminProduct,
  lowStock,
  MAX_QUANTITY,
  productInputSchema,
  replaceProduct,
  setHidden,
  VISIBILITIES,
} from "../lib/admin-catalogue";
import { requireUser } from "../lib/auth";
import { exportCatalogueCsv, importCatalogueCsv } from "../lib/catalogue-csv";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { fieldErrorsResponse, idPattern, notFound, ok, readBody, validate } from "../lib/http";
import { paginator } from "../lib/paging";
import { addProductImage, MAX_IMAGE_BYTES, removeProductImage } from "../lib/product-images";
import { requireAdmin } from "./admin-orders";
import { pageQuerySchema } from "./orders";

/**
 * The uploads (a product photo, a CSV import) take bodies up to 5 MB, over the API's
 * API_BODY_LIMIT_BYTES: api/app.ts gives these paths this limit instead, the file's 5 MB and room
 * for the multipart form around it. The handlers then refuse a file over 5 MB itself (413).
 */
export const UPLOAD_PATHS = /^\/userapp\/admin\/(products\/[^/]+\/images|catalogue\/import)\/?$/;
export const UPLOAD_BODY_LIMIT_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

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

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The file of a multipart form's `field`, or null when it has none. */
async function formFile(c: Context<ApiEnv>, field: string): Promise<Uint8Array | null> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw fieldErrorsResponse([{ path: field, message: "The form could not be read" }]);
  }
  const value = form[field];
  const file = Array.isArray(value) ? value.find((item) => item instanceof File) : value;
  return file instanceof File ? new Uint8Array(await file.arrayBuffer()) : null;
}

const isMultipart = (c: Context) =>
  (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** The back office's catalogue calls, mounted at /userapp/admin; every one is for admins only. */
export function adminCatalogueRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = new Hono<ApiEnv>();
  app.use("*", requireUser(deps), requireAdmin(deps));

  app.get("/products", async (c) => {
    const query = validate(listQuerySchema, c.req.query());
    return ok(c, await listAdminProducts(db, query));
  });

  app.get("/products/:id", async (c) => {
    const product = await loadAdminProduct(db, c.req.param("id"));
    if (!product) throw notFound("Product not found");
    return ok(c, product);
  });

  app.post("/products", async (c) => {
    const input = await readBody(c, productInputSchema);
    return ok(c, await createProduct(deps, c.var.user.id, input), "The product is created.", 201);
  });

  app.put("/products/:id", async (c) => {
    const id = c.req.param("id");
    // An unknown product is 404 before its body is judged.
    if (!(await loadAdminProduct(db, id))) throw notFound("Product not found");
    const input = await readBody(c, productInputSchema);
    return ok(c, await replaceProduct(deps, c.var.user.id, id, input), "The product is saved.");
  });

  app.put("/products/:id/hide", async (c) => {
    return ok(c, await setHidden(deps, c.var.user.id, c.req.param("id"), true), "The product is hidden from the shop.");
  });

  app.put("/products/:id/unhide", async (c) => {
    return ok(c, await setHidden(deps, c.var.user.id, c.req.param("id"), false), "The product is back in the shop.");
  });

  app.post("/products/:id/images", async (c) => {
    const id = c.req.param("id");
    if (!(await loadAdminProduct(db, id))) throw notFound("Product not found");
    const file = isMultipart(c) ? await formFile(c, "image") : null;
    if (!file)
      throw fieldErrorsResponse([
        { path: "image", message: "Send the image as multipart/form-data, in the field image" },
      ]);
    return ok(c, await addProductImage(deps, c.var.user.id, id, file), "The image is added.", 201);
  });

  app.delete("/products/:id/images/:index", async (c) => {
    const index = c.req.param("index");
    if (!/^\d{1,3}$/.test(index)) throw notFound("No such image");
    return ok(
      c,
      await removeProductImage(deps, c.var.user.id, c.req.param("id"), Number(index)),
      "The image is removed.",
    );
  });

  app.get("/merchants", async (c) => ok(c, await listMerchants(db)));

  app.get("/catalogue/options", async (c) => ok(c, await catalogueOptions(db)));

  app.get("/catalogue/export", (c) => {
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

  app.post("/catalogue/import", async (c) => {
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    let file: Uint8Array | null = null;
    if (isMultipart(c)) file = await formFile(c, "file");
    else if (/^(text\/csv|application\/csv|text\/plain)\b/.test(type)) file = new Uint8Array(await c.req.arrayBuffer());
    if (!file) {
      throw fieldErrorsResponse([
        { path: "file", message: "Send the CSV as the body (text/csv), or as multipart/form-data in the field file" },
      ]);
    }
    const result = await importCatalogueCsv(deps, c.var.user.id, file);
    return ok(
      c,
      result,
      `Imported: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged.`,
    );
  });

  app.get("/stock/low", async (c) => {
    const query = validate(lowStockQuerySchema, c.req.query());
    return ok(c, await lowStock(db, query));
  });

  app.get("/audit", async (c) => {
    const query = validate(auditQuerySchema, c.req.query());
    const conditions: (SQL | undefined)[] = [
      query.entity ? eq(auditLog.entity, query.entity) : undefined,
      query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
      query.action ? eq(auditLog.action, query.action) : undefined,
    ];
    if (query.actor) {
      const actor = query.actor.toLowerCase();
      conditions.push(
        idPattern.test(actor)
          ? or(eq(auditLog.actorId, actor), ilike(users.email, `%${actor}%`))
          : ilike(users.email, `%${likeEscaped(actor)}%`),
      );
    }
    const where = and(...conditions);
    const [{ itemCount }] = await db
      .select({ itemCount: sql<number>`count(*)::int` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where);
    const rows = await db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorEmail: users.email,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        at: auditLog.at,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const data = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
    return ok(c, { data, paginator: paginator(itemCount, query.page, query.limit) });
  });

  return app;
}
