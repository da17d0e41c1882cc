import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, expect, it } from "vitest";
import { compress } from "../../server/compress";

// server/compress.ts behind @hono/node-server's listener, as the shop serves (server/main.ts): the
// listener puts its own Request and Response in the global scope, so this file is its own process
// (tests/unit/compress.test.ts runs the middleware on the standard ones). A compressed page must
// still say it varies with Accept-Encoding, or a shared cache could hand gzip to a client without it.

const page = `<!DOCTYPE html><html><body>${"<p>₹1,299 for a kurta</p>".repeat(200)}</body></html>`;
const site = new Hono();
site.use(compress());
site.get("/page", (c) => c.html(page, 200, { Vary: "Cookie", "Cache-Control": "public, max-age=5" }));
site.get("/csv", () => new Response("a,b\n".repeat(500), { headers: { "Content-Type": "text/csv; charset=utf-8" } }));
const server = http.createServer(getRequestListener(site.fetch));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise((resolve) => server.close(resolve)));

it.each([
  ["/page", "gzip", "Cookie, Accept-Encoding"],
  ["/page", "br", "Cookie, Accept-Encoding"],
  ["/page", "identity", "Cookie, Accept-Encoding"],
  ["/csv", "gzip", "Accept-Encoding"],
])("%s asked with Accept-Encoding %s varies with it", async (path, acceptEncoding, vary) => {
  const response = await fetch(origin + path, { headers: { "accept-encoding": acceptEncoding } });
  expect(response.status).toBe(200);
  expect(response.headers.get("vary")).toBe(vary);
  expect(response.headers.get("content-encoding")).toBe(acceptEncoding === "identity" ? null : acceptEncoding);
  const text = await response.text();
  expect(text.length).toBeGreaterThan(1000);
});
