import { Hono } from "hono";
import type { Database } from "./db/client";
import { type ApiDeps, type ApiEnv, defaultDeps } from "./lib/context";
import { ApiError, type Envelope } from "./lib/http";
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
 * The /userapp REST API (paths of spec section 7) and the generated product artwork under /media.
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

  const app = new Hono<ApiEnv>();
  app.route("/userapp", api);
  app.route("/media", mediaRoutes());

  app.notFound((c) =>
    c.json({ status: "RECORD_NOT_FOUND", message: "No such API route", data: null } satisfies Envelope, 404),
  );
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json({ status: error.status, message: error.message, data: error.data } satisfies Envelope, error.httpStatus);
    }
    // The error's type, code and message only (describeError): never the body, a query's parameters or a row.
    deps.logger.error({ err: error, method: c.req.method, path: new URL(c.req.url).pathname }, "userapp request failed");
    return c.json({ status: "SERVER_ERROR", message: "Internal server error", data: null } satisfies Envelope, 500);
  });
  return app;
}

export type Userapp = ReturnType<typeof createUserapp>;
