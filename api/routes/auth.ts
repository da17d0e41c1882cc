import { Hono } from "hono";
import type { ApiDeps, ApiEnv } from "../lib/context";

// TODO: the auth calls of spec section 7 (stub until implemented).
export function authRoutes(_deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  return app;
}
