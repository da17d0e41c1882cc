import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Database } from "./db/client";
import { type ApiDeps, type ApiEnv, defaultDeps } from "./lib/context";
import { requestIdOf } from "./lib/request-log";
import { ApiError, type Envelope, fieldErrorsResponse, urlControlCharacterErrors } from "./lib/http";
import { adminCatalogueRoutes, UPLOAD_BODY_LIMIT_BYTES, UPLOAD_PATHS } from "./routes/admin-catalogue";
import { adminOrderRoutes } from "./routes/admin-orders";
import { authRoutes } from "./routes/auth";
import { cartRoutes } from "./routes/cart";
import { compareRoutes } from "./routes/compare";
import { mediaRoutes } from "./routes/media";
import { orderRoutes } from "./routes/orders";
import { productRoutes } from "./routes/products";
import { userRoutes } from "./routes/user";
import { wishlistRoutes } from "./routes/wishlist";

export type UserappOptions = Partial<Omit<ApiDeps, "db">> & { db: Database };

/**
 * The /userapp REST API (README, "The /userapp API") and the generated product artwork under /media.
 * `fetch` takes a standard Request, so the storefront can call it in-process without a socket.
 */
export function createUserapp(options: UserappOptions) {
  const deps: ApiDeps = { ...defaultDeps(options.db), ...options };
  const api = new Hono<ApiEnv>();
  api.route("/auth", authRoutes(deps));
  api.route("/user", userRoutes(deps));
  api.route("/product", productRoutes(deps));
  api.route("/cart", cartRoutes(deps));
  api.route("/wishlist", wishlistRoutes(deps));
  api.route("/compare", compareRoutes(deps));
  api.route("/", orderRoutes(deps));
  api.route("/admin", adminOrderRoutes(deps));
  api.route("/admin", adminCatalogueRoutes(deps));

  const app = new Hono<ApiEnv>();
  // Registered before the routes so that every answer passes through them, errors and 404s too.
  app.use("*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    // An answer to a request with a token is that user's own: no shared cache may keep it, and
    // the browser need not either (README, "The /userapp API").
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
          } satisfies Envelope,
          413,
        ),
    });
  const apiBodyLimit = limitTo(deps.bodyLimitBytes);
  // The back office's uploads (a photo, a CSV) have their own limit (api/routes/admin-catalogue.ts).
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

  app.notFound((c) =>
    c.json({ status: "RECORD_NOT_FOUND", message: "No such API route", data: null } satisfies Envelope, 404),
  );
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json({ status: error.status, message: error.message, data: error.data } satisfies Envelope, error.httpStatus);
    }
    // The error's type, code and message only (describeError): never the body, a query's parameters or a row.
    deps.logger.error(
      { err: error, requestId: requestIdOf(c), method: c.req.method, path: new URL(c.req.url).pathname },
      "userapp request failed",
    );
    return c.json({ status: "SERVER_ERROR", message: "Internal server error", data: null } satisfies Envelope, 500);
  });
  return app;
}

export type Userapp = ReturnType<typeof createUserapp>;
