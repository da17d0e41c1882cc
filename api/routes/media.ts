import { Hono } from "hono";

// TODO: serve the generated product artwork (stub until the seed's artwork exists).
export function mediaRoutes() {
  return new Hono();
}
