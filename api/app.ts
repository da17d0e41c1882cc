import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { Database } from "./db/client";
import { type ApiDeps, type ApiEnv, defaultDeps } from "./lib/context";
import { requestIdOf } from "./platform/request-log";
import { ApiError, type Envelope, fieldErrorsResponse, urlControlCharacterErrors } from "./lib/http/http";
import { addSharedFailures, BEARER_SCHEME, routeGroup } from "./lib/http/openapi";
import { adminCatalogueRoutes } from "./routes/admin-catalogue";
import { adminCourierRoutes } from "./routes/admin-couriers";
import { UPLOAD_BODY_LIMIT_BYTES, UPLOAD_PATHS } from "./lib/http/uploads";
import { adminMerchantRoutes } from "./routes/admin-merchants";
import { adminDashboardRoutes } from "./routes/admin-dashboard";
import { adminMessageRoutes } from "./routes/admin-messages";
import { adminOrderRoutes } from "./routes/admin-orders";
import { adminPromotionRoutes } from "./routes/admin-promotions";
import { adminWebhookRoutes } from "./routes/admin-webhooks";
import { authRoutes } from "./routes/auth";
import { cartRoutes } from "./routes/cart";
import { compareRoutes } from "./routes/compare";
import { docsRoutes } from "./routes/docs";
import { mediaRoutes } from "./routes/media";
import { invoiceRoutes } from "./routes/invoices";
import { orderRoutes } from "./routes/orders";
import { codLinkRoutes } from "./routes/cod-confirmation";
import { pincodeRoutes } from "./routes/pincode";
import { productRoutes } from "./routes/products";
import { adminReviewRoutes, reviewRoutes } from "./routes/reviews";
import { suggestRoutes } from "./routes/suggest";
import { summaryRoutes } from "./routes/summary";
import { userRoutes } from "./routes/user";
import { wishlistRoutes } from "./routes/wishlist";

export type UserappOptions = Partial<Omit<ApiDeps, "db">> & { db: Database };

/** The document's header (served at /userapp/openapi.json). */
export const OPENAPI_INFO = {
  openapi: "3.1.0",
  info: {
    title: "The /userapp API",
    version: "1.0.0",
    description:
      "The shop's REST API. Every JSON answer is an envelope `{status, message, data}`: `status` is SUCCESS, or the failure's name (VALIDATION_ERROR with field errors in `data`, UNAUTHORIZED, RECORD_NOT_FOUND…). Money is whole rupees. Calls marked with the bearer scheme need `Authorization: Bearer <token>` from `POST /userapp/auth/login`; /userapp/admin/* needs an admin's token.",
  },
};

/**
 * The /userapp REST API (docs/api.md) and the generated product artwork under /media.
 * `fetch` takes a standard Request, so the storefront can call it in-process without a socket.
 */
export function createUserapp(options: UserappOptions) {
  const deps: ApiDeps = { ...defaultDeps(options.db), ...options };
  // Every route group is an OpenAPIHono whose routes are createRoute configs: mounting one here
  // adds its routes to the document (docs/api.md; docs/architecture.md).
  const api = routeGroup();
  api.route("/auth", authRoutes(deps));
  api.route("/user", summaryRoutes(deps)); // first: it answers /user/summary before userRoutes' token check
  api.route("/user", userRoutes(deps));
  api.route("/product", productRoutes(deps));
  api.route("/product", suggestRoutes(deps));
  api.route("/cart", cartRoutes(deps));
  api.route("/wishlist", wishlistRoutes(deps));
  api.route("/compare", compareRoutes(deps));
  api.route("/pincode", pincodeRoutes(deps));
  api.route("/", orderRoutes(deps));
  api.route("/cod", codLinkRoutes(deps)); // public: the emailed link's token is the proof
  api.route("/", invoiceRoutes(deps)); // /orders/{id}/invoices and /admin/orders/{id}/invoices
  api.route("/", reviewRoutes(deps)); // /product/{id}/reviews and /reviews/{id}
  api.route("/admin", adminOrderRoutes(deps));
  api.route("/admin", adminCourierRoutes(deps));
  api.route("/admin", adminCatalogueRoutes(deps));
  api.route("/admin", adminMessageRoutes(deps));
  api.route("/admin", adminMerchantRoutes(deps));
  api.route("/admin", adminWebhookRoutes(deps));
  api.route("/admin", adminReviewRoutes(deps));
  api.route("/admin", adminPromotionRoutes(deps));
  api.route("/admin", adminDashboardRoutes(deps));

  const app = new OpenAPIHono<ApiEnv>();
  // Registered before the routes so that every answer passes through them, errors and 404s too.
  app.use("*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    // An answer to a request with a token is that user's own: no shared cache may keep it, and
    // the browser need not either (docs/api.md).
    if (c.req.header("authorization") !== undefined && c.req.path.startsWith("/userapp")) {
      c.header("Cache-Control", "private, no-store");
    }
  });
  // Refused before it is read whole: a declared Content-Length over the limit at once, a chunked
  // body as soon as the bytes read cross it (hono/body-limit stops reading there).
  const limitTo = (limit: number) =>
    bodyLimit({
      maxSize: limit,
      onError: (c) =>
        c.json(
          {
            status: "PAYLOAD_TOO_LARGE",
            message: `The request body is larger than ${limit} bytes.`,
            data: { limit },
            code: "TOO_LARGE",
          } satisfies Envelope,
          413,
        ),
    });
  const apiBodyLimit = limitTo(deps.bodyLimitBytes);
  // The uploads (a product or review photo, a CSV) have their own limit (api/lib/http/uploads.ts).
  const uploadBodyLimit = limitTo(UPLOAD_BODY_LIMIT_BYTES);
  app.use("/userapp/*", (c, next) => (UPLOAD_PATHS.test(c.req.path) ? uploadBodyLimit : apiBodyLimit)(c, next));
  // Path parameters and query strings are read without a body schema: refused here when they
  // hold control characters, as `validate` refuses them in bodies.
  app.use("/userapp/*", async (c, next) => {
    const errors = urlControlCharacterErrors(new URL(c.req.url));
    if (errors.length > 0) throw fieldErrorsResponse(errors);
    await next();
  });
  app.route("/userapp", api);
  app.route("/media", mediaRoutes(deps));

  // The document, built once on first request from every route mounted above.
  app.openAPIRegistry.registerComponent("securitySchemes", BEARER_SCHEME, {
    type: "http",
    scheme: "bearer",
    description: "The token that `POST /userapp/auth/login` answers, as `Authorization: Bearer <token>`.",
  });
  let document: ReturnType<typeof app.getOpenAPI31Document> | null = null;
  app.route(
    "/userapp",
    docsRoutes(() => (document ??= app.getOpenAPI31Document(OPENAPI_INFO))),
  );
  addSharedFailures(app);

  app.notFound((c) =>
    c.json(
      { status: "RECORD_NOT_FOUND", message: "No such API route", data: null, code: "NOT_FOUND" } satisfies Envelope,
      404,
    ),
  );
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(
        {
          status: error.status,
          message: error.message,
          data: error.data,
          code: error.code,
        } satisfies Envelope,
        error.httpStatus,
      );
    }
    // The error's type, code and message only (describeError): never the body, a query's parameters or a row.
    deps.logger.error(
      { err: error, requestId: requestIdOf(c), method: c.req.method, path: new URL(c.req.url).pathname },
      "userapp request failed",
    );
    return c.json(
      { status: "SERVER_ERROR", message: "Internal server error", data: null, code: "SERVER_ERROR" } satisfies Envelope,
      500,
    );
  });
  return app;
}

export type Userapp = ReturnType<typeof createUserapp>;
